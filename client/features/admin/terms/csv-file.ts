// Which chosen files count as CSV (the product accepts only text/csv). Browsers on some systems report
// a .csv file as application/vnd.ms-excel, text/plain or nothing at all, so the name decides then.
const CSV_BY_NAME_TYPES = new Set(['', 'application/vnd.ms-excel', 'text/plain'])

export function isCsvFile(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase()
  return type === 'text/csv' || (CSV_BY_NAME_TYPES.has(type) && file.name.toLowerCase().endsWith('.csv'))
}

/** The file as text/csv, whatever type the browser guessed, so the server sees what it is. */
export function asCsvUpload(file: File): File {
  return file.type === 'text/csv' ? file : new File([file], file.name, { type: 'text/csv' })
}
