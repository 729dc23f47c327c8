// Canonical sutta references ('SN 55.37', 'Snp 4.6', 'Dhp 1–20'): the collections the pipeline knows,
// a reference typed into the search in any spelling ('sn55.37'), and the reference a heading or a
// page title begins with, so the search can offer the place a reference names.

/** The collections, in their canonical spelling; longer names first so 'Snp' is not read as 'SN'. */
export const COLLECTIONS = ['Thag', 'Thig', 'Dhp', 'Snp', 'Iti', 'MN', 'SN', 'DN', 'AN', 'Ud', 'Kp', 'Vv', 'Pv', 'Ja']

const CANONICAL = new Map(COLLECTIONS.map((name) => [name.toLowerCase(), name]))

export interface Reference {
  collection: string
  /** '55.37' → [55, 37] */
  numbers: number[]
}

export const formatReference = ({ collection, numbers }: Reference) => `${collection} ${numbers.join('.')}`

// A whole query that is a reference: the collection in any case, an optional space or dot, one to
// three numbers.
const TYPED = /^\s*([a-z]{2,4})[\s.]*([0-9]{1,4}(?:\.[0-9]{1,4}){0,2})\s*$/i

/** The reference a search query spells, or null when the query is anything else. */
export function parseReference(query: string): Reference | null {
  const match = TYPED.exec(query)
  const collection = match && CANONICAL.get(match[1]!.toLowerCase())
  if (!match || !collection) return null
  return { collection, numbers: match[2]!.split('.').map(Number) }
}

// A heading or title that begins with a reference in canonical spelling, possibly a range of the
// last number ('Dhp 1–20 Yamakavagga', 'Thag 1.1–10'), followed by anything but more of a number.
const LEADING = new RegExp(
  `^\\s*(${COLLECTIONS.join('|')})[ \\u00a0]?([0-9]{1,4}(?:\\.[0-9]{1,4}){0,2})(?:\\s?[–—-]\\s?([0-9]{1,4}))?(?![0-9A-Za-z]|\\.[0-9])`,
)

/** Whether a heading or title begins with the reference (or with a range that holds it). */
export function namesReference(text: string, reference: Reference): boolean {
  const match = LEADING.exec(text)
  if (!match || match[1] !== reference.collection) return false
  const numbers = match[2]!.split('.').map(Number)
  if (numbers.length !== reference.numbers.length) return false
  const last = numbers.length - 1
  if (numbers.slice(0, last).some((value, index) => value !== reference.numbers[index])) return false
  const wanted = reference.numbers[last]!
  const end = match[3] === undefined ? numbers[last]! : Number(match[3])
  return wanted >= numbers[last]! && wanted <= end
}
