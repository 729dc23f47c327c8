import { describe, expect, it } from 'vitest'
import { orderFirstHits, resultPage, termSpelling, type FirstHits, type Hit } from './search-results.ts'
import type { PassageHit, PassagePage, PassageWindow, TermHit, TitleHit } from './search.repo.ts'

const pageHit = (id: number, anchor: string | null): PassageHit => ({
  id,
  title: `Page ${id}`,
  chapterTitle: 'Chapter',
  bookTitle: 'Book',
  anchor,
  heading: '',
  text: '',
})
const place = (id: number, anchor: string | null = null) => pageHit(id, anchor)
const title = (id: number): TitleHit => ({ id, title: `Page ${id}`, chapterTitle: 'Chapter', bookTitle: 'Book' })
const term = (id: number, name: string, match: 'exact' | 'prefix' | 'other' = 'other'): TermHit => ({
  id,
  term: name,
  exact: match === 'exact',
  prefix: match !== 'other',
  similarity: 0,
})
interface Passage {
  id: number
  anchor: string
  inHeading: boolean
}
const passage = (id: number, anchor: string, inHeading = false): Passage => ({ id, anchor, inHeading })

/**
 * What searchPassages answers for a window: the passages in its order (those under a heading that
 * holds the query first, then by rank, here the order given), counted, and the window's rows.
 */
function passagesIn(all: Passage[], window: PassageWindow): PassagePage {
  const ranked = [...all.filter((p) => p.inHeading), ...all.filter((p) => !p.inHeading)]
  const hits = ranked
    .map((p, position) => ({ ...pageHit(p.id, p.anchor), position, inHeading: p.inHeading }))
    .filter((hit) => {
      const at = window.before + hit.position + (hit.inHeading ? 0 : window.between)
      return at >= window.offset && at < window.offset + window.limit
    })
  return { total: ranked.length, inHeadings: ranked.filter((p) => p.inHeading).length, hits }
}

const key = (entry: Hit) =>
  entry.kind === 'term'
    ? `term ${entry.hit.term}`
    : `${entry.kind} ${entry.hit.id}${entry.kind === 'title' || entry.hit.anchor === null ? '' : `#${entry.hit.anchor}`}`

interface Case {
  first: Partial<FirstHits>
  passages?: Passage[]
  spelling?: string
}

/** Both steps, as the service runs them around the passage query. */
function search({ first, passages = [], spelling = 'zzz' }: Case, page: number, limit: number) {
  const hits = { places: [], titles: [], terms: [], ...first }
  const order = orderFirstHits(hits, spelling, { offset: (page - 1) * limit, limit })
  const answer = resultPage(order, passagesIn(passages, order.window))
  return { keys: answer.hits.map(key), total: answer.total, window: order.window }
}

const tenTitles = Array.from({ length: 10 }, (_, i) => title(i + 1))
const tenPrefixTerms = Array.from({ length: 10 }, (_, i) => term(i + 1, `kusala${i + 1}`, 'prefix'))

const cases: Array<[string, Case, string[]]> = [
  ['nothing found', { first: {} }, []],
  [
    'every kind in its group, each group in the database order',
    {
      first: {
        places: [place(1, 'sec')],
        titles: [title(3), title(2)],
        terms: [term(10, 'kusalamūla', 'prefix'), term(11, 'kusala', 'exact'), term(12, 'alobha')],
      },
      passages: [passage(4, 'h', true), passage(5, 't'), passage(6, 'u', true)],
      spelling: 'kusala',
    },
    [
      'place 1#sec',
      'term kusala',
      'title 3',
      'title 2',
      'passage 4#h',
      'passage 6#u',
      'term kusalamūla',
      'passage 5#t',
      'term alobha',
    ],
  ],
  [
    'a term the query spells before those the database put first',
    {
      first: { terms: [term(21, 'dukkhasacca', 'prefix'), term(22, 'Dukkha (kannatus)'), term(23, 'duḥkha')] },
      passages: [passage(5, 't')],
      spelling: 'dukkha',
    },
    ['term Dukkha (kannatus)', 'term dukkhasacca', 'passage 5#t', 'term duḥkha'],
  ],
  [
    'a term the query is the stem of, after the one it spells and before titles',
    {
      first: {
        titles: [title(40)],
        terms: [term(31, 'nibbānasukha', 'prefix'), term(32, 'nibbānaṃ', 'prefix'), term(33, 'Nibbāna', 'exact')],
      },
      passages: [passage(41, 't')],
      spelling: 'nibbana',
    },
    ['term Nibbāna', 'term nibbānaṃ', 'title 40', 'term nibbānasukha', 'passage 41#t'],
  ],
  [
    'titles past the tenth after every passage and the other terms',
    { first: { titles: [...tenTitles, title(11)], terms: [term(60, 'other')] }, passages: [passage(50, 'x')] },
    [...tenTitles.map((t) => `title ${t.id}`), 'passage 50#x', 'term other', 'title 11'],
  ],
  [
    'terms past the tenth last of all, after the remaining titles',
    { first: { titles: [...tenTitles, title(11)], terms: [...tenPrefixTerms, term(11, 'kusala11', 'prefix')] } },
    [
      ...tenTitles.map((t) => `title ${t.id}`),
      ...tenPrefixTerms.map((t) => `term ${t.term}`),
      'title 11',
      'term kusala11',
    ],
  ],
  [
    'the tenth term counted after the spelled ones went first',
    { first: { terms: [...tenPrefixTerms, term(99, 'Kusala')] }, spelling: 'kusala' },
    ['term Kusala', ...tenPrefixTerms.slice(0, 9).map((t) => `term ${t.term}`), 'term kusala10'],
  ],
  [
    'a page a reference names by its title, not also as a title',
    { first: { places: [place(7)], titles: [title(7), title(8)] }, passages: [passage(7, 'a')] },
    ['place 7', 'title 8', 'passage 7#a'],
  ],
  [
    'a section a reference names, once, though also a matching passage',
    { first: { places: [place(7, 'sec')] }, passages: [passage(7, 'sec', true), passage(8, 'b')] },
    ['place 7#sec', 'passage 8#b'],
  ],
]

describe('the order of search results', () => {
  it.each(cases)('%s', (_, input, expected) => {
    expect(search(input, 1, 100).keys).toEqual(expected)
  })

  it.each([
    ['nothing found', 0],
    ['every kind in its group, each group in the database order', 9],
    ['a page a reference names by its title, not also as a title', 3],
    // The named section and the passage that is the same place both count.
    ['a section a reference names, once, though also a matching passage', 3],
  ])('counts every result: %s', (name, total) => {
    const input = cases.find(([caseName]) => caseName === name)![1]
    expect(search(input, 1, 100).total).toBe(total)
    expect(search(input, 9999, 20)).toMatchObject({ keys: [], total })
  })

  it.each(cases.filter(([name]) => !name.includes('once')))(
    'walks the same order page by page: %s',
    (_, input, expected) => {
      for (const limit of [1, 2, 3, 7, 30]) {
        const walked: string[] = []
        for (let page = 1; (page - 1) * limit < expected.length; page++) {
          const { keys } = search(input, page, limit)
          expect(keys.length).toBe(Math.min(limit, expected.length - (page - 1) * limit))
          walked.push(...keys)
        }
        expect(walked).toEqual(expected)
      }
    },
  )

  it('shows a named section and its passage on each page when they fall on two', () => {
    const input = cases.find(([name]) => name.includes('once'))![1]
    expect([1, 2, 3].map((page) => search(input, page, 1).keys)).toEqual([
      ['place 7#sec'],
      ['passage 7#sec'],
      ['passage 8#b'],
    ])
  })

  it.each([
    // The results before the passages, and the prefix terms between the two kinds of passage.
    ['every kind in its group, each group in the database order', 2, 3, { before: 4, between: 1, offset: 3, limit: 3 }],
    [
      'titles past the tenth after every passage and the other terms',
      1,
      30,
      { before: 10, between: 0, offset: 0, limit: 30 },
    ],
    [
      'a page a reference names by its title, not also as a title',
      1,
      5,
      { before: 2, between: 0, offset: 0, limit: 5 },
    ],
  ])('asks the passage query for the window of the page: %s, page %i of %i', (name, page, limit, window) => {
    const input = cases.find(([caseName]) => caseName === name)![1]
    expect(search(input, page, limit).window).toEqual(window)
  })
})

describe('termSpelling', () => {
  it.each([
    ['nibbana', 'nibbānaṃ', 1],
    ['nibbana', 'nibbāna', 2],
    ['nibbanam', 'nibbānaṃ', 2],
    ['satipatthana', 'satipaṭṭhāna', 2],
    ['sankhara', 'saṅkhāro', 1],
    ['dhamma', 'dhammo', 1],
    ['bhikkh', 'bhikkhu', 1],
    ['metta', 'mettā', 2],
    ['nibbana', 'nibbānasukha', 0],
    ['nibbana', 'Nibbānasutta', 0],
    ['sa', 'sati', 0],
    ['kusala', 'kusala10', 0],
  ])('%s spells %s: %i', (typed, name, closeness) => {
    expect(termSpelling(typed, name)).toBe(closeness)
  })
})
