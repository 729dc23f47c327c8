// A query that is a canonical reference in any spelling of its collection ('SN 55.37', 'sn55.37',
// 'Linked Discourses 55.37') finds the place that names it: the page whose title begins with a name
// of the collection and the number (opened at its top), or the section whose heading does, also as a
// range that holds it ('AN 1.41–50'), or whose heading is the number alone on a page whose title
// names the collection ('55.37 …' in 'Saṁyutta Nikāya: …'). These come before every other result.
// Candidates are read by an indexed prefix; which of them name the reference is decided here
// (ReferenceReader.isPlace). Its text search is search-query.ts's.
import type { Reference, ReferenceReader } from '#shared/text/references.ts'
import type { DbOrTx } from '../../db/client.ts'
import { findNamedPlaces, type PassageHit } from './search.repo.ts'

/** The most places one reference offers (a reference normally names one). */
const MAX_PLACES = 5

export async function referencePlaces(
  db: DbOrTx,
  references: ReferenceReader,
  reference: Reference | null,
  filter: { publishedOnly: boolean; bookIds: number[] | undefined },
): Promise<PassageHit[]> {
  if (!reference) return []
  // The names up to their first mark other than a letter or space ('monks’ rules…' → 'monks'): the
  // database folds punctuation its own way; a wider prefix only adds candidates isPlace then drops.
  const names = [
    ...new Set(
      references
        .namesOf(reference.collection)
        .map((name) => /^[\p{L}\p{N} ]*/u.exec(name)![0])
        .filter((prefix) => prefix.length > 0),
    ),
  ]
  // A heading of the number alone starts with its leading numbers ('55.' for 55.37, '28' for 28).
  const numberPrefix =
    reference.numbers.length > 1 ? `${reference.numbers.slice(0, -1).join('.')}.` : String(reference.numbers[0])
  const candidates = await findNamedPlaces(db, { names, numberPrefix }, filter)
  const places = candidates.filter((hit) =>
    references.isPlace({ title: hit.title, heading: hit.anchor === null ? null : hit.heading }, reference),
  )
  // A page named by its title is the place; its own headings repeating the reference are not.
  const titled = new Set(places.filter((hit) => hit.anchor === null).map((hit) => hit.id))
  return places.filter((hit) => hit.anchor === null || !titled.has(hit.id)).slice(0, MAX_PLACES)
}
