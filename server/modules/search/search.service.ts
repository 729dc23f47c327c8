// Search over pages and the lexicon, ranked: the place a canonical reference names ('SN 55.37'),
// a term the query spells, then page titles and headings, then text by relevance; every match
// counted, one page of them sent. Each page result carries the anchor of the passage that matched.
// The typed text is read once (search-query.ts); the kinds' order and the page are search-results.ts.
import type { SearchResult } from '#shared/api/search.ts'
import { SEARCH_PAGE_SIZE } from '#shared/limits.ts'
import { DEFAULT_READER, type ReferenceReader } from '#shared/text/references.ts'
import { findMatches, foldForSearch, type SearchQuery } from '#shared/text/search-text.ts'
import type { Db } from '../../db/client.ts'
import type { TextCache } from '../../lib/text-cache.ts'
import { htmlToText, shortText } from '../../lib/html-text.ts'
import { sentDescription } from '../terms/terms.service.ts'
import { referencePlaces } from './references.ts'
import { formsPerWord, formWords, parseQuery, tsQueriesWithForms } from './search-query.ts'
import { orderFirstHits, resultPage } from './search-results.ts'
import {
  openingTexts,
  otherFormsOf,
  searchPassages,
  searchTerms,
  searchTitles,
  termDescriptions,
  type PassageHit,
  type TermHit,
} from './search.repo.ts'

const SNIPPET_CHARS = 220

export interface SearchOptions {
  bookIds?: number[] | undefined
  includeLexicon: boolean
  publishedOnly: boolean
  /** The app's cache of sanitised term descriptions (see sentDescription); without one, no cache. */
  termDescriptions?: TextCache | undefined
  /** Reads references with the collections table (collections.service.ts); without one, the abbreviations alone. */
  references?: ReferenceReader | undefined
  /** From 1; default 1. */
  page?: number | undefined
  /** Results per page; default SEARCH_PAGE_SIZE. */
  limit?: number | undefined
}

export interface SearchPage {
  results: SearchResult[]
  /** Every result the query has, on all pages. */
  total: number
}

export async function search(db: Db, input: string, options: SearchOptions): Promise<SearchPage> {
  const query = parseQuery(input, options.references)
  if (!query) return { results: [], total: 0 }
  const filter = { publishedOnly: options.publishedOnly, bookIds: options.bookIds }
  const limit = options.limit ?? SEARCH_PAGE_SIZE
  const offset = ((options.page ?? 1) - 1) * limit
  const widened = formWords(query)
  const [places, titles, terms, otherForms] = await Promise.all([
    referencePlaces(db, options.references ?? DEFAULT_READER, query.reference, filter),
    searchTitles(db, query.tsQuery, filter),
    options.includeLexicon
      ? searchTerms(db, query.termText, query.tsQuery, { publishedOnly: options.publishedOnly })
      : Promise.resolve([]),
    // A word that is a form of a term finds the term's other forms too (taṇhā finds taṇhāya), the
    // typed forms first; the forms of all the words together are bounded.
    otherFormsOf(db, widened, { publishedOnly: options.publishedOnly, perWord: formsPerWord(widened) }),
  ])
  const order = orderFirstHits({ places, titles, terms }, query.spelling, { offset, limit })
  const passageQueries = tsQueriesWithForms(query, otherForms)
  const passages = await searchPassages(db, passageQueries.found, filter, order.window, passageQueries.typed)
  const { hits, total } = resultPage(order, passages)

  // Only the page's terms and titles read their text.
  const pageTerms = hits.flatMap((entry) => (entry.kind === 'term' ? [entry.hit.id] : []))
  const pageTitles = hits.flatMap((entry) => (entry.kind === 'title' ? [entry.hit.id] : []))
  const [descriptions, openings] = await Promise.all([termDescriptions(db, pageTerms), openingTexts(db, pageTitles)])
  // Snippets mark the other forms found as well.
  const shown: SearchQuery = { ...query, words: [...query.words, ...[...otherForms.values()].flat()] }
  const results = hits.map((entry) =>
    entry.kind === 'term'
      ? termResult(entry.hit, sentDescription(options.termDescriptions, descriptions.get(entry.hit.id) ?? ''), query)
      : entry.kind === 'title'
        ? passageResult(
            sentPassage({ ...entry.hit, anchor: null, heading: '', text: openings.get(entry.hit.id) ?? '' }),
            query,
          )
        : passageResult(sentPassage(entry.hit), shown),
  )
  return { results, total }
}

// The start of a tag (`<` then a letter, `/`, `!` or `?`): markup where plain text belongs.
const MARKUP = /<[a-zA-Z/!?]/

/**
 * Passage text and headings are stored as plain text and previews are sent as text. A stored row
 * that holds markup anyway (written around the app) is reduced to its readable text: scripts,
 * styles and forms go with their content, tags and attributes go.
 */
function sentPlainText(text: string): string {
  return MARKUP.test(text) ? htmlToText(text) : text
}

function sentPassage(hit: PassageHit): PassageHit {
  return { ...hit, text: sentPlainText(hit.text), heading: sentPlainText(hit.heading) }
}

function termResult(hit: TermHit, description: string, query: SearchQuery): SearchResult {
  const text = shortText(description, 10_000)
  return {
    type: 'term',
    id: hit.id,
    term: hit.term,
    bookTitle: null,
    chapterTitle: null,
    ...snippet(text, query),
    anchor: null,
    heading: null,
  }
}

function passageResult(hit: PassageHit, query: SearchQuery): SearchResult {
  return {
    type: 'content',
    id: hit.id,
    title: hit.title,
    bookTitle: hit.bookTitle,
    chapterTitle: hit.chapterTitle,
    ...snippet(hit.text, query),
    anchor: hit.anchor,
    heading: hit.heading || null,
  }
}

/**
 * The match a snippet starts near: the first of those after which the window holds the most
 * different words of the query, so a passage that names the words apart and then together shows
 * them together.
 */
function bestMatch(text: string, matches: { start: number; end: number }[]) {
  const reach = (SNIPPET_CHARS * 2) / 3
  const words = matches.map((m) => foldForSearch(text.slice(m.start, m.end)))
  let best = matches[0]
  let bestCount = 0
  for (let i = 0; i < matches.length; i++) {
    const seen = new Set<string>()
    for (let k = i; k < matches.length && matches[k]!.end <= matches[i]!.start + reach; k++) seen.add(words[k]!)
    if (seen.size > bestCount) {
      best = matches[i]
      bestCount = seen.size
    }
  }
  return best
}

/** A window of the text around the matches, where most of the query's words stand together, marked. */
export function snippet(text: string, query: SearchQuery) {
  const matches = findMatches(text, query)
  const first = bestMatch(text, matches)
  let start = first ? Math.max(0, first.start - SNIPPET_CHARS / 3) : 0
  if (start > 0) {
    const space = text.indexOf(' ', start)
    if (space !== -1 && space < (first?.start ?? start)) start = space + 1
  }
  let end = Math.min(text.length, start + SNIPPET_CHARS)
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end)
    if (space > start + SNIPPET_CHARS / 2) end = space
  }
  const parts: { text: string; match: boolean }[] = []
  let at = start
  for (const match of matches) {
    if (match.start < at || match.start >= end) continue
    if (match.start > at) parts.push({ text: text.slice(at, match.start), match: false })
    const stop = Math.min(match.end, end)
    parts.push({ text: text.slice(match.start, stop), match: true })
    at = stop
  }
  if (at < end) parts.push({ text: text.slice(at, end), match: false })
  if (start > 0) parts.unshift({ text: '…', match: false })
  if (end < text.length) parts.push({ text: '…', match: false })
  return { preview: parts.map((p) => p.text).join(''), snippet: parts }
}
