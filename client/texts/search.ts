// The texts of the header's search dialog and of the search page (/otsing).
// Texts without a mark are the product's exact wording: keep every letter. Texts marked "interim"
// are our own: placeholders for screens later issues fill, or wording the product leaves open.

export const searchTexts = {
  open: 'Otsi', // interim: the header button
  title: 'Otsing', // interim: the dialog's title
  input: 'Otsingusõna', // interim: the search box's label
  placeholder: 'Otsi raamatutest ja leksikonist…', // interim
  shortcut: 'Ctrl+K', // interim: shown beside the header button
  minChars: 'Sisesta vähemalt {min} tähemärki.', // interim
  loading: 'Otsin…', // interim
  failed: 'Otsing ebaõnnestus', // interim
  results: 'Otsingutulemused', // interim: the result list's accessible name
  resultCount: '{count} tulemust', // interim
  includeLexicon: 'Otsi ka leksikonist', // interim
  books: 'Raamatud', // interim: the book filter
  booksChosen: 'Raamatud ({chosen}/{total})', // interim
  noBooks: 'Vali vähemalt üks raamat.', // interim
  booksFailed: 'Raamatute laadimine ebaõnnestus', // interim
  typeTerm: 'Termin', // interim
  typeContent: 'Sisu', // interim
  hint: '↑ ↓ liigu, Enter ava, Esc sulge', // interim
  noResults: 'Tulemusi ei leitud',
  allResults: 'Kõik tulemused ({count}) ›', // interim: the dialog's link to the search page
} as const

export const searchPageTexts = {
  heading: 'Otsing', // interim
  titleWithQuery: 'Otsing: {q}', // interim: the browser tab's name
  submit: 'Otsi', // interim
  empty: 'Sisesta otsingusõna ja vajuta „Otsi“.', // interim
  resultCountOne: '1 tulemus', // interim
  resultCount: '{count} tulemust', // interim
  range: 'Tulemused {from}–{to}, lehekülg {page} / {pages}', // interim
  pastLastPage: 'Sellel leheküljel tulemusi pole.', // interim
  firstPage: 'Esimesele leheküljele', // interim
  pagesLabel: 'Tulemuste leheküljed', // interim: the pager's navigation name
  previous: '‹ Eelmine', // interim
  next: 'Järgmine ›', // interim
  previousPage: 'Eelmine lehekülg', // interim: the pager's link names for screen readers
  nextPage: 'Järgmine lehekülg', // interim
  pageOf: 'Lehekülg {page} / {pages}', // interim
  retry: 'Proovi uuesti', // interim
} as const
