// Search over pages and the lexicon, ranked: the place a canonical reference names ('SN 55.37'),
// a term the query spells, then page titles and headings, then text by relevance; every match
// counted, one page of them sent. Each page result carries the anchor of the passage that matched.
import type { SearchResult } from '#shared/api/search.ts'
import { SEARCH_PAGE_SIZE } from '#shared/limits.ts'
import {
  findMatches,
  foldForSearch,
  isEmptyQuery,
  parseSearchQuery,
  spellsTermName,
  toTsQuery,
  type SearchQuery,
} from '#shared/text/search-text.ts'
import type { Db } from '../../db/client.ts'
import type { TextCache } from '../../lib/text-cache.ts'
import { htmlToText, shortText } from '../../lib/html-text.ts'
import { sentDescription } from '../terms/terms.service.ts'
import { parseReference } from '#shared/text/references.ts'
import { referencePlaces, referenceQuery } from './references.ts'
import {
  openingTexts,
  searchPassages,
  searchTerms,
  searchTitles,
  termDescriptions,
  type PassageHit,
  type TermHit,
  type TitleHit,
} from './search.repo.ts'

/** Terms and titles beyond these many stand after every passage (the dialog's first page as before paging). */
const TERM_LIMIT = 10
const TITLE_LIMIT = 10
const SNIPPET_CHARS = 220

export interface SearchOptions {
  bookIds?: number[] | undefined
  includeLexicon: boolean
  publishedOnly: boolean
  /** The app's cache of sanitised term descriptions (see sentDescription); without one, no cache. */
  termDescriptions?: TextCache | undefined
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

/**
 * The order of the results, group by group: the places a canonical reference names, terms the query
 * spells (or names exactly), the best page titles, passages under a heading that holds the query, terms whose name starts with it, the other
 * passages, other terms, then the remaining titles and terms. Within a group, relevance.
 */
type Group = 'places' | 'spelledTerms' | 'titles' | 'prefixTerms' | 'otherTerms' | 'moreTitles' | 'moreTerms'

type Entry = { kind: 'place'; hit: PassageHit } | { kind: 'term'; hit: TermHit } | { kind: 'title'; hit: TitleHit }

function termGroup(hit: TermHit & { spelled: boolean }, index: number): Group {
  if (index >= TERM_LIMIT) return 'moreTerms'
  return hit.spelled || hit.exact ? 'spelledTerms' : hit.prefix ? 'prefixTerms' : 'otherTerms'
}

export async function search(db: Db, input: string, options: SearchOptions): Promise<SearchPage> {
  const reference = parseReference(input)
  const query = reference ? referenceQuery(reference) : parseSearchQuery(input)
  if (isEmptyQuery(query)) return { results: [], total: 0 }
  const tsQuery = toTsQuery(query)
  const filter = { publishedOnly: options.publishedOnly, bookIds: options.bookIds }
  const limit = options.limit ?? SEARCH_PAGE_SIZE
  const offset = ((options.page ?? 1) - 1) * limit
  const [places, titleHits, termHits] = await Promise.all([
    referencePlaces(db, reference, filter),
    searchTitles(db, tsQuery, filter),
    options.includeLexicon
      ? searchTerms(db, [...query.words, ...query.phrases.flat()].join(' '), tsQuery, {
          publishedOnly: options.publishedOnly,
        })
      : Promise.resolve([]),
  ])
  // A page a reference names by its title is the first result, not also a title match further on.
  const named = new Set(places.filter((hit) => hit.anchor === null).map((hit) => hit.id))
  const titles = titleHits.filter((hit) => !named.has(hit.id))
  // A stable sort: the database's order (exact, prefix, similarity) stays within each kind.
  const terms = termHits
    .map((hit) => ({ ...hit, spelled: spellsTermName(input, hit.term) }))
    .sort((a, b) => Number(b.spelled) - Number(a.spelled))
  const groups = new Map<Group, Entry[]>()
  const add = (group: Group, entry: Entry) => groups.set(group, [...(groups.get(group) ?? []), entry])
  places.forEach((hit) => add('places', { kind: 'place', hit }))
  terms.forEach((hit, index) => add(termGroup(hit, index), { kind: 'term', hit }))
  titles.forEach((hit, index) => add(index < TITLE_LIMIT ? 'titles' : 'moreTitles', { kind: 'title', hit }))
  const count = (group: Group) => groups.get(group)?.length ?? 0

  const passages = await searchPassages(db, tsQuery, filter, {
    before: count('places') + count('spelledTerms') + count('titles'),
    between: count('prefixTerms'),
    offset,
    limit,
  })
  // Every result's place in the whole order; those of the asked page are kept.
  const order: Array<Group | 'headingPassages' | 'textPassages'> = [
    'places',
    'spelledTerms',
    'titles',
    'headingPassages',
    'prefixTerms',
    'textPassages',
    'otherTerms',
    'moreTitles',
    'moreTerms',
  ]
  const page: Array<Entry & { at: number }> = []
  let at = 0
  for (const group of order) {
    if (group === 'headingPassages') at += passages.inHeadings
    else if (group === 'textPassages') at += passages.total - passages.inHeadings
    else {
      for (const entry of groups.get(group) ?? []) {
        if (at >= offset && at < offset + limit) page.push({ at, ...entry })
        at++
      }
    }
  }

  const pageTerms = page.flatMap((entry) => (entry.kind === 'term' ? [entry.hit.id] : []))
  const pageTitles = page.flatMap((entry) => (entry.kind === 'title' ? [entry.hit.id] : []))
  const [descriptions, openings] = await Promise.all([termDescriptions(db, pageTerms), openingTexts(db, pageTitles)])
  const before = count('places') + count('spelledTerms') + count('titles')
  const placed = [
    ...page.map((entry) => ({
      at: entry.at,
      result:
        entry.kind === 'place'
          ? passageResult(sentPassage(entry.hit), query)
          : entry.kind === 'term'
            ? termResult(
                entry.hit,
                sentDescription(options.termDescriptions, descriptions.get(entry.hit.id) ?? ''),
                query,
              )
            : passageResult(
                sentPassage({ ...entry.hit, anchor: null, heading: '', text: openings.get(entry.hit.id) ?? '' }),
                query,
              ),
    })),
    ...passages.hits.map((hit) => ({
      at: before + hit.position + (hit.inHeading ? 0 : count('prefixTerms')),
      result: passageResult(sentPassage(hit), query),
    })),
  ]
  // A section a reference names is also a passage that matches its text; on the page that holds
  // both it is shown once, as the named place (the total may count it twice).
  const shown = new Set<string>()
  const results = placed
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.result)
    .filter((result) => {
      const key = placeKey(result)
      if (shown.has(key)) return false
      shown.add(key)
      return true
    })
  return { results, total: places.length + titles.length + terms.length + passages.total }
}

/** What makes two results the same place. */
const placeKey = (result: SearchResult) => `${result.type} ${result.id} ${result.anchor ?? ''}`

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
