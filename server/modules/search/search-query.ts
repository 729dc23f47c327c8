// What a reader typed, read once per request: a canonical reference ('sn55.37') or words and
// "quoted phrases", folded as search folds (shared/text/search-text.ts), with everything the later
// steps ask of it made here. No later step looks at the typed text again.
import { formatReference, parseReference, type Reference } from '#shared/text/references.ts'
import {
  isEmptyQuery,
  parseSearchQuery,
  searchSpelling,
  toTsQuery,
  type SearchQuery,
} from '#shared/text/search-text.ts'

export interface ParsedQuery extends SearchQuery {
  /** The canonical reference the whole query is, or null (then words and phrases are what was typed). */
  reference: Reference | null
  /** For to_tsquery('simple', …): only letters, digits and a reference's dots, so never malformed. */
  tsQuery: string
  /** The words and the phrases' words, space-separated: what lexicon term names are matched against. */
  termText: string
  /** The letters and digits typed, folded, with nothing between them: what spells a term's name. */
  spelling: string
}

/** The query a search runs, or null when nothing searchable is left (no letters or digits). */
export function parseQuery(raw: string): ParsedQuery | null {
  const reference = parseReference(raw)
  const query = reference ? referenceQuery(reference) : parseSearchQuery(raw)
  if (isEmptyQuery(query)) return null
  return {
    ...query,
    reference,
    tsQuery: toTsQuery(query),
    termText: [...query.words, ...query.phrases.flat()].join(' '),
    spelling: searchSpelling(raw),
  }
}

/**
 * The text search for a reference: its two parts in sequence, the number whole with its dots
 * ('sn <-> 55.37'), as PostgreSQL's parser keeps '55.37' one token where a query of words would
 * look for 55 and 37.
 */
function referenceQuery(reference: Reference): SearchQuery {
  const [collection, number] = formatReference(reference).toLowerCase().split(' ')
  return { words: [], phrases: [[collection!, number!]] }
}
