// Canonical sutta references ('SN 55.37', 'Snp 4.6', 'Dhp 1–20'): a reference typed into the search in
// any spelling of its collection ('sn55.37', 'Linked Discourses 55.37', 'Saṃyutta Nikāya 55.37'), and
// the reference a heading or a page title begins with, so the search can offer the place a reference
// names. The collections and their names come from the `collections` table (decision 056); a reader
// is made from them once per change (ReferenceReader). Names are compared folded as search folds
// (lowercase, without diacritics: ṁ and ṃ are one), so every spelling is one.
import { foldForSearch } from './search-text.ts'

/** The collections the content pipeline knows by abbreviation (citations), canonical spelling, longer first. */
export const COLLECTIONS = ['Thag', 'Thig', 'Dhp', 'Snp', 'Iti', 'MN', 'SN', 'DN', 'AN', 'Ud', 'Kp', 'Vv', 'Pv', 'Ja']

/** One collection as reference reading needs it: its abbreviation (the canonical name) and its other names. */
export interface CollectionNames {
  abbreviation: string
  /** Full names and aliases in any language ('Saṁyutta Nikāya', 'Linked Discourses', …). */
  names: string[]
}

export interface Reference {
  /** The collection's abbreviation ('SN'). */
  collection: string
  /** '55.37' → [55, 37] */
  numbers: number[]
}

export const formatReference = ({ collection, numbers }: Reference) => `${collection} ${numbers.join('.')}`

/** A name or text folded for comparing: as search folds, with every run of white space one space. */
export const foldName = (text: string) => foldForSearch(text).replace(/\s+/g, ' ').trim()

// A whole query that is a reference: a name (letters, spaces, hyphens, apostrophes), an optional space
// or dot, one to three numbers.
const TYPED = /^(\p{L}[\p{L}\p{M} '’-]*?)[\s.]*([0-9]{1,4}(?:\.[0-9]{1,4}){0,2})$/u

// The number a text begins with (after the collection's name), possibly a range of the last number
// ('1–20', '1.41–50', '1.41–1.50'), followed by anything but more of a number or a word.
const NUMBER =
  /^[ .]?([0-9]{1,4}(?:\.[0-9]{1,4}){0,2})(?: ?[–—-] ?((?:[0-9]{1,4}\.){0,2}[0-9]{1,4}))?(?![0-9\p{L}]|\.[0-9])/u

// After a collection's name in a title that names the whole collection: no number ('Saṁyutta Nikāya: …').
const NO_NUMBER = /^(?![ .]?[0-9])(?!\p{L})/u

/** Reads references with one set of collections; made once per change of the set. */
export class ReferenceReader {
  /** Folded name → abbreviation. */
  private readonly byName = new Map<string, string>()
  /** Abbreviation → its folded names, longest first. */
  private readonly namesByAbbreviation = new Map<string, string[]>()

  constructor(collections: readonly CollectionNames[]) {
    for (const { abbreviation, names } of collections) {
      const folded = [...new Set([abbreviation, ...names].map(foldName).filter((name) => name.length > 0))]
      folded.sort((a, b) => b.length - a.length)
      this.namesByAbbreviation.set(abbreviation, folded)
      // The first collection to claim a name keeps it.
      for (const name of folded) if (!this.byName.has(name)) this.byName.set(name, abbreviation)
    }
  }

  /** The reference a search query spells, or null when the query is anything else. */
  parse(query: string): Reference | null {
    const match = TYPED.exec(foldName(query))
    if (!match) return null
    const collection = this.byName.get(match[1]!.replace(/[\s-]+$/, '').trim())
    if (!collection) return null
    return { collection, numbers: match[2]!.split('.').map(Number) }
  }

  /** Every name of a collection, folded, longest first (empty for an unknown one). */
  namesOf(abbreviation: string): string[] {
    return this.namesByAbbreviation.get(abbreviation) ?? []
  }

  /** Whether a heading or title begins with a name of the reference's collection and its number (or a range holding it). */
  namesReference(text: string, reference: Reference): boolean {
    const folded = foldName(text)
    return this.namesOf(reference.collection).some(
      (name) => folded.startsWith(name) && numberHolds(folded.slice(name.length), reference),
    )
  }

  /** Whether a page title names the whole collection: a name of it not followed by a number ('Saṁyutta Nikāya: …'). */
  titleNamesCollection(title: string, abbreviation: string): boolean {
    const folded = foldName(title)
    return this.namesOf(abbreviation).some(
      (name) => folded.startsWith(name) && NO_NUMBER.test(folded.slice(name.length)),
    )
  }

  /**
   * Whether a heading or title is a place of the reference: it names the collection and the number,
   * or, on a page whose title names the whole collection, the heading begins with the number alone
   * ('55.37 Mahānāmasutta' inside 'Saṁyutta Nikāya: …').
   */
  isPlace(place: { title: string; heading: string | null }, reference: Reference): boolean {
    if (place.heading === null) return this.namesReference(place.title, reference)
    if (this.namesReference(place.heading, reference)) return true
    return (
      this.titleNamesCollection(place.title, reference.collection) &&
      numberHolds(foldName(place.heading), reference, { nameBefore: false })
    )
  }
}

/** Whether `rest` begins with the reference's number or a range of its last number that holds it. */
function numberHolds(rest: string, reference: Reference, { nameBefore = true } = {}): boolean {
  // Right after a name, the number must not continue a word ('Snp' is not 'SN' + 'p').
  if (!nameBefore && /^[ .]/.test(rest)) return false
  const match = NUMBER.exec(rest)
  if (!match) return false
  const numbers = match[1]!.split('.').map(Number)
  if (numbers.length !== reference.numbers.length) return false
  const last = numbers.length - 1
  if (numbers.slice(0, last).some((value, index) => value !== reference.numbers[index])) return false
  const wanted = reference.numbers[last]!
  let end = numbers[last]!
  if (match[2] !== undefined) {
    const upper = match[2].split('.').map(Number)
    // '1.41–1.50': the end's leading numbers repeat the start's.
    const lead = upper.slice(0, -1)
    if (lead.some((value, index) => value !== numbers[last - lead.length + index])) return false
    end = upper[upper.length - 1]!
  }
  return wanted >= numbers[last]! && wanted <= end
}

/** Today's collections by abbreviation alone: what reading falls back to before the table is read. */
export const DEFAULT_READER = new ReferenceReader(COLLECTIONS.map((abbreviation) => ({ abbreviation, names: [] })))

/** The reference a search query spells (with the given reader, by default the abbreviations alone). */
export const parseReference = (query: string, reader: ReferenceReader = DEFAULT_READER) => reader.parse(query)

/** Whether a heading or title begins with the reference (or with a range that holds it). */
export const namesReference = (text: string, reference: Reference, reader: ReferenceReader = DEFAULT_READER) =>
  reader.namesReference(text, reference)
