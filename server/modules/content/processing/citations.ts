// Canonical sutta references found in a page's text ('MN 10', 'SN 56.11', 'Dhp 183'), so a reader
// can search for a reference. Segment and range parts are left off: 'AN 4.10:1.2' → 'AN 4.10',
// 'Dhp 1–20' → 'Dhp 1'. Only the canonical spelling of a collection counts ('an 8' is English).

import { COLLECTIONS } from '#shared/text/references.ts'

// Not inside a word before or after; one to three numbers (10, 56.11, 1.2.3) after an optional space.
const CITATION = new RegExp(
  `(?<![A-Za-z0-9])(${COLLECTIONS.join('|')})[ \\u00a0]?([0-9]{1,4}(?:\\.[0-9]{1,4}){0,2})(?![0-9A-Za-z]|\\.[0-9])`,
  'g',
)

/** The distinct references in order of first appearance, one per line. */
export function findCitations(texts: Iterable<string>): string {
  const citations = new Set<string>()
  for (const text of texts) {
    for (const match of text.matchAll(CITATION)) citations.add(`${match[1]} ${match[2]}`)
  }
  return [...citations].join('\n')
}
