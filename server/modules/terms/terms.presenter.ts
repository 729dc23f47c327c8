// Terms as the API answers them: every term leaves with its description sanitised again
// (sentDescription: a row written around the app must not reach a reader unclean) and its dates as
// ISO strings.
import type { TextCache } from '../../lib/text-cache.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import { sentDescription } from './terms.service.ts'

/** `descriptions`: the app's cache of sanitised descriptions, so a repeat is a lookup. */
export function toTerm<T extends { description: string }>(descriptions: TextCache, term: T) {
  return withIsoDates({ ...term, description: sentDescription(descriptions, term.description) })
}
