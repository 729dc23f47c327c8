// A query that is a canonical reference ('SN 55.37', 'sn55.37', 'Dhp 5') finds the place that names
// it: the page whose title begins with it (opened at its top), or the section whose heading begins
// with it or with a range that holds it ('Dhp 1–20'). These come before every other result. Its text
// search is the reference as a phrase (search-query.ts).
import { namesReference, type Reference } from '#shared/text/references.ts'
import type { DbOrTx } from '../../db/client.ts'
import { findNamedPlaces, type PassageHit } from './search.repo.ts'

/** The most places one reference offers (a reference normally names one). */
const MAX_PLACES = 5

export async function referencePlaces(
  db: DbOrTx,
  reference: Reference | null,
  filter: { publishedOnly: boolean; bookIds: number[] | undefined },
): Promise<PassageHit[]> {
  if (!reference) return []
  const candidates = await findNamedPlaces(db, reference.collection, filter)
  const places = candidates.filter((hit) => namesReference(hit.anchor === null ? hit.title : hit.heading, reference))
  // A page named by its title is the place; its own headings repeating the reference are not.
  const titled = new Set(places.filter((hit) => hit.anchor === null).map((hit) => hit.id))
  return places.filter((hit) => hit.anchor === null || !titled.has(hit.id)).slice(0, MAX_PLACES)
}
