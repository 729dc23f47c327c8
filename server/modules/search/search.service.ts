// Search over pages and the lexicon, ranked: an exact term first, then page titles and headings,
// then text by relevance. Each page result carries the anchor of the passage that matched.
import type { SearchResult } from '#shared/api/search.ts'
import {
  findMatches,
  foldForSearch,
  isEmptyQuery,
  parseSearchQuery,
  toTsQuery,
  type SearchQuery,
} from '#shared/text/search-text.ts'
import type { Db } from '../../db/client.ts'
import type { TextCache } from '../../lib/text-cache.ts'
import { htmlToText, shortText } from '../../lib/html-text.ts'
import { sentDescription } from '../terms/terms.service.ts'
import { searchPassages, searchTerms, searchTitles, type PassageHit, type TermHit } from './search.repo.ts'

const MAX_RESULTS = 30
const MAX_PASSAGES_PER_PAGE = 3
const TERM_LIMIT = 10
const SNIPPET_CHARS = 220

export interface SearchOptions {
  bookIds?: number[] | undefined
  includeLexicon: boolean
  publishedOnly: boolean
  /** The app's cache of sanitised term descriptions (see sentDescription); without one, no cache. */
  termDescriptions?: TextCache | undefined
}

export async function search(db: Db, input: string, options: SearchOptions): Promise<SearchResult[]> {
  const query = parseSearchQuery(input)
  if (isEmptyQuery(query)) return []
  const tsQuery = toTsQuery(query)
  const filter = { publishedOnly: options.publishedOnly, bookIds: options.bookIds }
  const [titles, passages, terms] = await Promise.all([
    searchTitles(db, tsQuery, filter),
    searchPassages(db, tsQuery, filter),
    options.includeLexicon
      ? searchTerms(db, [...query.words, ...query.phrases.flat()].join(' '), tsQuery, {
          publishedOnly: options.publishedOnly,
          limit: TERM_LIMIT,
        })
      : Promise.resolve([]),
  ])
  const ranked = [
    ...terms.map((hit) => ({
      tier: hit.exact ? 0 : hit.prefix ? 3 : 5,
      result: termResult(hit, sentDescription(options.termDescriptions, hit.description), query),
    })),
    ...titles.map(sentPassage).map((hit) => ({ tier: 1, result: passageResult(hit, query) })),
    ...fewPerPage(passages)
      .map(sentPassage)
      .map((hit) => ({
        tier: headingMatches(hit.heading, query) ? 2 : 4,
        result: passageResult(hit, query),
      })),
  ]
  // A stable sort keeps each group's own order (relevance from the database) within its tier.
  return ranked
    .sort((a, b) => a.tier - b.tier)
    .slice(0, MAX_RESULTS)
    .map((entry) => entry.result)
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

/** Every word of the query (as a word prefix) occurs in the heading. */
function headingMatches(heading: string, query: SearchQuery) {
  if (!heading) return false
  const found = new Set(findMatches(heading, query).map((m) => foldForSearch(heading.slice(m.start, m.end))))
  return [...query.words, ...query.phrases.flat()].every((word) => [...found].some((f) => f.startsWith(word)))
}

function fewPerPage(passages: PassageHit[]) {
  const perPage = new Map<number, number>()
  return passages.filter((hit) => {
    const seen = perPage.get(hit.id) ?? 0
    perPage.set(hit.id, seen + 1)
    return seen < MAX_PASSAGES_PER_PAGE
  })
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
