// Reading a lexicon CSV (columns term, description, published, optionally pattern and forms; a
// header row; UTF-8, BOM or not) into rows to import and rows refused, each refusal with the line it
// starts on (header = line 1). `pattern` is a pattern id (shared/pali) or empty for a guess; `forms`
// the term's extra forms, separated by ';' or ','.
import { parse } from 'csv-parse/sync'
import { MAX_EXTRA_FORMS, MAX_FORM_CHARS } from '#shared/api/terms.ts'
import { PATTERN_IDS, type PatternId } from '#shared/pali/index.ts'
import { badRequest } from '../../http/errors.ts'
import { cleanExtraForms } from './term-forms.ts'
import type { TermColumns } from './terms.repo.ts'
import { cleanDescription, DESCRIPTION_REQUIRED } from './terms.service.ts'

export interface CsvTerm extends TermColumns {
  line: number
}
export interface RejectedRow {
  line: number
  error: string
}

const REQUIRED_COLUMNS = ['term', 'description', 'published'] as const
const PUBLISHED_VALUES = new Map([
  ['yes', true],
  ['true', true],
  ['1', true],
  ['no', false],
  ['false', false],
  ['0', false],
])
const MAX_TERM_CHARS = 500
const PATTERNS = new Set<string>(PATTERN_IDS)

export function readTermsCsv(file: Buffer): { terms: CsvTerm[]; rejected: RejectedRow[] } {
  const [header, ...records] = parseRecords(decodeUtf8(file))
  if (!header) throw badRequest('The CSV file is empty')
  const columns = columnIndexes(header.fields)
  const terms: CsvTerm[] = []
  const rejected: RejectedRow[] = []
  const firstLineOf = new Map<string, number>()
  for (const { fields, line } of records) {
    const row = readRow(fields, header.fields.length, columns)
    if (typeof row === 'string') {
      rejected.push({ line, error: row })
      continue
    }
    const earlier = firstLineOf.get(row.term)
    if (earlier !== undefined) {
      rejected.push({ line, error: `The term "${row.term}" already appears on line ${earlier}` })
      continue
    }
    firstLineOf.set(row.term, line)
    terms.push({ ...row, line })
  }
  return { terms, rejected }
}

function decodeUtf8(file: Buffer) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file)
  } catch {
    throw badRequest('The CSV file must be UTF-8 text')
  }
}

/** Every record with the line it starts on; a broken file (say an unclosed quote) is refused whole. */
function parseRecords(text: string) {
  let parsed: { record: string[]; info: { lines: number } }[]
  try {
    // Rows with the wrong number of fields are let through only so they can be reported by line.
    const options = { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }
    parsed = parse(text, options) as unknown as typeof parsed
  } catch (error) {
    throw badRequest(`The CSV file could not be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  // info.lines is the line a record ends on; newlines inside quoted fields tell where it began.
  return parsed.map(({ record, info }) => ({ fields: record, line: info.lines - countNewlines(record) }))
}

function countNewlines(fields: string[]) {
  return fields.reduce((sum, field) => sum + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0)
}

function columnIndexes(header: string[]) {
  const names = header.map((name) => name.trim().toLowerCase())
  const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column))
  if (missing.length > 0)
    throw badRequest(
      `The CSV file is missing the column(s): ${missing.join(', ')} (expected a header row: term,description,published)`,
    )
  return {
    term: names.indexOf('term'),
    description: names.indexOf('description'),
    published: names.indexOf('published'),
    /** -1 when the file has no such column: the terms keep their pattern and extra forms. */
    pattern: names.indexOf('pattern'),
    forms: names.indexOf('forms'),
  }
}

/** The row's values, or why it cannot be imported. */
function readRow(fields: string[], expected: number, columns: ReturnType<typeof columnIndexes>): TermColumns | string {
  if (fields.length !== expected) return `Expected ${expected} fields, found ${fields.length}`
  const term = fields[columns.term]!.trim()
  if (!term) return 'Term is required'
  if (term.length > MAX_TERM_CHARS) return `Term is too long (at most ${MAX_TERM_CHARS} characters)`
  const description = cleanDescription(fields[columns.description]!)
  if (!description) return DESCRIPTION_REQUIRED
  const rawPublished = fields[columns.published]!.trim()
  const published = PUBLISHED_VALUES.get(rawPublished.toLowerCase())
  if (published === undefined) return `published must be yes or no, not "${rawPublished}"`
  const row: TermColumns = { term, description, published }
  if (columns.pattern >= 0) {
    const pattern = fields[columns.pattern]!.trim()
    if (pattern && !PATTERNS.has(pattern))
      return `Unknown pattern "${pattern}" (known patterns: ${PATTERN_IDS.join(', ')}; leave it empty to guess)`
    row.pattern = (pattern || null) as PatternId | null
  }
  if (columns.forms >= 0) {
    const forms = cleanExtraForms(fields[columns.forms]!.split(/[;,]/))
    if (forms.length > MAX_EXTRA_FORMS) return `At most ${MAX_EXTRA_FORMS} forms, found ${forms.length}`
    const long = forms.find((form) => form.length > MAX_FORM_CHARS)
    if (long) return `A form is at most ${MAX_FORM_CHARS} characters: "${long.slice(0, 20)}…"`
    row.extraForms = forms
  }
  return row
}
