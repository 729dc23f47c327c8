// What a reader typed, read once per request: a canonical reference ('sn55.37', 'Linked Discourses
// 55.37', read with the collections table: ReferenceReader) or words and "quoted phrases", folded as
// search folds (shared/text/search-text.ts), with everything the later steps ask of it made here. No
// later step looks at the typed text again.
import { DEFAULT_READER, formatReference, type Reference, type ReferenceReader } from '#shared/text/references.ts'
import {
  foldForSearch,
  isEmptyQuery,
  parseSearchQuery,
  searchSpelling,
  toTsQuery,
  type SearchQuery,
} from '#shared/text/search-text.ts'

export interface ParsedQuery extends SearchQuery {
  /** The canonical reference the whole query is, or null (then words and phrases are what was typed). */
  reference: Reference | null
  /**
   * For to_tsquery('simple', …): only letters, digits, a reference's dots and the operators put
   * between them here (a reference's alternatives, search-query.ts), so never malformed.
   */
  tsQuery: string
  /** The words and the phrases' words, space-separated: what lexicon term names are matched against. */
  termText: string
  /** The letters and digits typed, folded, with nothing between them: what spells a term's name. */
  spelling: string
}

/** The query a search runs, or null when nothing searchable is left (no letters or digits). */
export function parseQuery(raw: string, references: ReferenceReader = DEFAULT_READER): ParsedQuery | null {
  const reference = references.parse(raw)
  const query = reference ? referenceQuery(reference) : parseSearchQuery(raw)
  if (isEmptyQuery(query)) return null
  return {
    ...query,
    reference,
    tsQuery: reference ? referenceTsQuery(raw, reference, references.namesOf(reference.collection)) : toTsQuery(query),
    termText: [...query.words, ...query.phrases.flat()].join(' '),
    spelling: searchSpelling(raw),
  }
}

const WORDS = /[\p{L}\p{N}]+/gu

/**
 * The text search of a reference: the place may not be named in a heading the site knows, but the
 * text may still hold it, so any of these finds a passage (never zero results when the words or
 * numbers occur): any name of the collection followed by the number ('sn <-> 55.37', 'linked <->
 * discourses <-> 55.37'); the name as typed with the number whole
 * ('linked:* & discourses:* & 55.37'); the typed words as any query reads them.
 */
function referenceTsQuery(raw: string, reference: Reference, names: string[]): string {
  const number = reference.numbers.join('.')
  const folded = foldForSearch(raw.slice(0, 500))
  const at = folded.lastIndexOf(number)
  // As prefixes, but never one letter ('a:*' reads every word's postings; see parseSearchQuery).
  const nameWords = (at < 0 ? [] : (folded.slice(0, at).match(WORDS) ?? [])).filter((word) => [...word].length > 1)
  // The names include the abbreviation: the canonical reference is one of them.
  const alternatives = [
    ...names.map((name) => [...(name.match(WORDS) ?? []), number].join(' <-> ')),
    [...nameWords.map((word) => `${word}:*`), number].join(' & '),
    toTsQuery(parseSearchQuery(raw)),
  ]
  return [...new Set(alternatives.filter((part) => part.length > 0))].map((part) => `(${part})`).join(' | ')
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

/** Words shorter than this are not looked up as forms of a term (short Pāli forms are English words too). */
const FORM_WORD_MIN_CHARS = 4

/**
 * The typed words worth looking up as forms of a lexicon term: every word outside quotes (a phrase
 * is searched as typed) that is long enough and not a number; none for a reference. How many other
 * forms they bring in all is bounded by the query (formsPerWord), not by its number of words.
 */
export function formWords(query: ParsedQuery): string[] {
  if (query.reference) return []
  return query.words.filter((word) => [...word].length >= FORM_WORD_MIN_CHARS && /\p{L}/u.test(word))
}

/** Other forms a whole query brings in at most: each form is one more posting list to read. */
export const FORMS_PER_QUERY = 60

/**
 * The other forms each of `words` brings in at most (the lightest first): a one-word query its term's
 * 60, a query of four such words 15 each. A query of several words reads as many passages again as
 * a word more, and a save's new passages, until the search index merges them (decision 057), are
 * read one by one against every form asked for: the budget keeps that read as long as a one-word
 * query's (decision 055).
 */
export function formsPerWord(words: readonly string[]): number {
  return words.length === 0 ? 0 : Math.floor(FORMS_PER_QUERY / words.length)
}

/**
 * The passages' tsqueries when words have other forms: `found`, each such word or any of its forms
 * (the word still a prefix); `typed`, each such word whole as typed, which puts the passages holding
 * the typed form first. Without other forms both are the query's own.
 */
export function tsQueriesWithForms(
  query: ParsedQuery,
  otherForms: ReadonlyMap<string, readonly string[]>,
): { found: string; typed: string } {
  if (otherForms.size === 0 || query.reference) return { found: query.tsQuery, typed: query.tsQuery }
  return { found: toTsQuery(query, otherForms), typed: toTsQuery(query, otherForms, { whole: true }) }
}
