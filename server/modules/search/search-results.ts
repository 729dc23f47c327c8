// The order of the results and the page of them asked for: the step in TypeScript between the
// queries. search.repo.ts ranks within each kind (and numbers the passages); this places the kinds
// among one another, so it is pure and tested with tables (search-results.test.ts).
import { spellsTermName, termNameSpellings } from '#shared/text/search-text.ts'
import type { PassageHit, PassagePage, PassageWindow, RankedPassage, TermHit, TitleHit } from './search.repo.ts'

/** Terms and titles beyond these many stand after every passage (the dialog's first page as before paging). */
const TERM_LIMIT = 10
const TITLE_LIMIT = 10

/** One result before its text is read: a place a reference names, a term, a page title or a passage. */
export type Hit =
  | { kind: 'place'; hit: PassageHit }
  | { kind: 'term'; hit: TermHit }
  | { kind: 'title'; hit: TitleHit }
  | { kind: 'passage'; hit: RankedPassage }

/**
 * The order of the results, group by group: the places a canonical reference names, terms the query
 * spells (or names exactly), the best page titles, passages under a heading that holds the query,
 * terms whose name starts with it, the other passages, other terms, then the remaining titles and
 * terms. Within a group, the database's order (relevance).
 */
const ORDER = [
  'places',
  'spelledTerms',
  'titles',
  'headingPassages',
  'prefixTerms',
  'textPassages',
  'otherTerms',
  'moreTitles',
  'moreTerms',
] as const
type Group = Exclude<(typeof ORDER)[number], 'headingPassages' | 'textPassages'>

/** What the queries before the passage query found, each kind in the database's order. */
export interface FirstHits {
  places: PassageHit[]
  titles: TitleHit[]
  terms: TermHit[]
}

/** The results other than passages, in their groups, and the passages the asked page needs. */
export interface ResultOrder {
  groups: Record<Group, Hit[]>
  window: PassageWindow
}

/**
 * The nominative endings a citation form adds to its stem, folded (-o; -aṃ/-am; -ā/-a; -i, -ī;
 * -u, -ū): 'nibbana' is the stem of 'nibbānaṃ', 'sankhara' of 'saṅkhāro'.
 */
const NOMINATIVE_ENDINGS = ['o', 'am', 'a', 'i', 'u']
/** The shortest stem read as a term's: shorter ones are the start of too many words. */
const MIN_STEM = 3

/**
 * How closely what was typed (its searchSpelling) spells a term's name: 2 when it spells the name
 * (spellsTermName), 1 when it is the name's stem (or the stem with its vowel) and the name adds a
 * nominative ending, 0 otherwise. A term so spelled is what the reader looks for, before pages that
 * merely hold the word in a longer title.
 */
export function termSpelling(typed: string, name: string): 0 | 1 | 2 {
  if (spellsTermName(typed, name)) return 2
  if (typed.length < MIN_STEM) return 0
  // 'nibbana' is the a-stem: 'nibban' + 'am' as well as 'nibbana' + 'm' would be 'nibbanam'.
  const stems = /[aiu]$/.test(typed) ? [typed, typed.slice(0, -1)] : [typed]
  const isForm = (spelling: string) =>
    stems.some(
      (stem) =>
        stem.length >= MIN_STEM &&
        spelling.startsWith(stem) &&
        NOMINATIVE_ENDINGS.includes(spelling.slice(stem.length)),
    )
  return termNameSpellings(name).some(isForm) ? 1 : 0
}

/**
 * Places the first hits in their groups and tells which passages the asked page (results
 * `offset … offset+limit-1` of the whole order) needs. `spelling` is the query's (search-query.ts).
 */
export function orderFirstHits(
  hits: FirstHits,
  spelling: string,
  page: { offset: number; limit: number },
): ResultOrder {
  const groups: Record<Group, Hit[]> = {
    places: hits.places.map((hit) => ({ kind: 'place', hit })),
    spelledTerms: [],
    titles: [],
    prefixTerms: [],
    otherTerms: [],
    moreTitles: [],
    moreTerms: [],
  }
  // A page a reference names by its title is the first result, not also a title match further on.
  const named = new Set(hits.places.filter((hit) => hit.anchor === null).map((hit) => hit.id))
  hits.titles
    .filter((hit) => !named.has(hit.id))
    .forEach((hit, index) => groups[index < TITLE_LIMIT ? 'titles' : 'moreTitles'].push({ kind: 'title', hit }))
  // A stable sort: the database's order (exact, prefix, similarity) stays within each kind; the
  // names the query spells first, then those it is the stem of.
  hits.terms
    .map((hit) => ({ hit, closeness: termSpelling(spelling, hit.term) }))
    .sort((a, b) => b.closeness - a.closeness)
    .forEach(({ hit, closeness }, index) => {
      const spelled = closeness > 0
      const group =
        index >= TERM_LIMIT
          ? 'moreTerms'
          : spelled || hit.exact
            ? 'spelledTerms'
            : hit.prefix
              ? 'prefixTerms'
              : 'otherTerms'
      groups[group].push({ kind: 'term', hit })
    })
  return {
    groups,
    window: {
      before: groups.places.length + groups.spelledTerms.length + groups.titles.length,
      between: groups.prefixTerms.length,
      offset: page.offset,
      limit: page.limit,
    },
  }
}

/**
 * The asked page's results in order, with the passages the window read placed among them, and
 * how many results there are in all.
 */
export function resultPage({ groups, window }: ResultOrder, passages: PassagePage): { hits: Hit[]; total: number } {
  const end = window.offset + window.limit
  // Every result's place in the whole order; those of the asked page are kept.
  const placed: Array<{ at: number; entry: Hit }> = []
  let at = 0
  for (const group of ORDER) {
    if (group === 'headingPassages') at += passages.inHeadings
    else if (group === 'textPassages') at += passages.total - passages.inHeadings
    else {
      for (const entry of groups[group]) {
        if (at >= window.offset && at < end) placed.push({ at, entry })
        at++
      }
    }
  }
  for (const hit of passages.hits) {
    placed.push({
      at: window.before + hit.position + (hit.inHeading ? 0 : window.between),
      entry: { kind: 'passage', hit },
    })
  }
  // A section a reference names is also a passage that matches its text; on the page that holds
  // both it is shown once, as the named place (the total may count it twice).
  const shown = new Set<string>()
  const hits = placed
    .sort((a, b) => a.at - b.at)
    .map(({ entry }) => entry)
    .filter((entry) => {
      const key = placeKey(entry)
      if (shown.has(key)) return false
      shown.add(key)
      return true
    })
  const total = Object.values(groups).reduce((sum, group) => sum + group.length, 0) + passages.total
  return { hits, total }
}

/** What makes two results the same place: a term, or a page opened at an anchor (or at its top). */
const placeKey = (entry: Hit) =>
  entry.kind === 'term'
    ? `term ${entry.hit.id}`
    : `content ${entry.hit.id} ${entry.kind === 'title' ? '' : (entry.hit.anchor ?? '')}`
