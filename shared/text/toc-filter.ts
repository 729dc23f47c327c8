// Which headings the reader's table of contents lists: not those longer than 80 characters, and
// not the structural headings that only name the basket or the collection a page belongs to
// ('I. Vinaya Piṭaka', 'Majjhima Nikāya', 'Suttavibhaṅga').
import { TOC_MAX_HEADING_CHARS } from '../limits.ts'
import { foldDiacritics } from './fold-diacritics.ts'

export interface TocHeading {
  text: string
  level: number
  id: string
}

/** A Roman numeral, a dot, and a basket: 'II. Sutta Piṭaka'. */
const BASKET_HEADING = /^[ivxlcdm]+\.\s+(vinaya|sutta|abhidhamma)\s+pitaka$/
/** A collection: 'Khuddaka Nikāya', or 'Nikāya' alone. */
const NIKAYA_HEADING = /^(\S+\s+)?nikaya$/
/** The collections of the Vinaya basket, named alone. */
const VINAYA_COLLECTIONS = new Set(['suttavibhanga', 'khandhaka', 'parivara'])

function normalise(text: string): string {
  return foldDiacritics(text).replace(/\s+/g, ' ').trim()
}

/** True for the basket and collection headings the table of contents leaves out. */
export function isStructuralHeading(text: string): boolean {
  const folded = normalise(text)
  return BASKET_HEADING.test(folded) || NIKAYA_HEADING.test(folded) || VINAYA_COLLECTIONS.has(folded)
}

/** The headings worth listing, in page order. */
export function tocHeadings<T extends TocHeading>(headings: readonly T[]): T[] {
  return headings.filter(
    (heading) =>
      heading.id !== '' &&
      Array.from(heading.text.trim()).length <= TOC_MAX_HEADING_CHARS &&
      !isStructuralHeading(heading.text),
  )
}
