import { describe, expect, it } from 'vitest'
import { readSearchPageState, searchPageHref } from './search-page-url.ts'

describe('readSearchPageState', () => {
  it.each([
    ['', { q: '', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=+mett%C4%81+', { q: 'mettā', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&books=3,1&lexicon=false&page=4', { q: 'a', bookIds: [3, 1], includeLexicon: false, page: 4 }],
    ['q=a&books=', { q: 'a', bookIds: [], includeLexicon: true, page: 1 }], // none chosen
    ['q=a&books=2,2', { q: 'a', bookIds: [2], includeLexicon: true, page: 1 }],
    // Malformed parts count as not given.
    ['q=a&books=1,abc', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&books=0', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&books=99999999999', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&page=0', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&page=-2', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&page=1.5', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&page=10001', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&page=x', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
    ['q=a&lexicon=no', { q: 'a', bookIds: null, includeLexicon: true, page: 1 }],
  ])('%s', (query, state) => {
    expect(readSearchPageState(new URLSearchParams(query))).toEqual(state)
  })

  it('cuts a query longer than the server takes', () => {
    expect(readSearchPageState(new URLSearchParams({ q: 'a'.repeat(600) })).q).toHaveLength(500)
  })
})

describe('searchPageHref', () => {
  it.each([
    [{ q: 'mettā' }, '/otsing?q=mett%C4%81'],
    [
      { q: 'MN 10', bookIds: [3, 1], includeLexicon: false, page: 2 },
      '/otsing?q=MN+10&books=1%2C3&lexicon=false&page=2',
    ],
    [{ q: 'a', bookIds: [], includeLexicon: true, page: 1 }, '/otsing?q=a&books='],
    [{ q: 'a&b=c#d' }, '/otsing?q=a%26b%3Dc%23d'],
  ])('%o → %s', (state, href) => {
    expect(searchPageHref(state)).toBe(href)
  })

  it('reads back what it wrote', () => {
    const state = { q: 'paṭicca "samuppāda"', bookIds: [1, 5], includeLexicon: false, page: 3 }
    expect(readSearchPageState(new URL(searchPageHref(state), 'http://x').searchParams)).toEqual(state)
  })
})
