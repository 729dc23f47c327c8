import { describe, expect, it } from 'vitest'
import type { SearchResult } from '#shared/api/search.ts'
import { searchPath } from '#client/api/search.ts'
import {
  activeIndexOf,
  chosenBookIds,
  isNavigationKey,
  nextActiveIndex,
  resultHref,
  resultKeys,
} from './search-navigation.ts'

function result(partial: Partial<SearchResult> & Pick<SearchResult, 'type' | 'id'>): SearchResult {
  return {
    bookTitle: null,
    chapterTitle: null,
    preview: '',
    snippet: [],
    anchor: null,
    heading: null,
    ...partial,
  }
}

describe('nextActiveIndex', () => {
  it.each([
    // current, count, key, next
    [-1, 3, 'ArrowDown', 0], // nothing active yet: down starts at the top
    [0, 3, 'ArrowDown', 1],
    [2, 3, 'ArrowDown', 0], // wraps from the last to the first
    [-1, 3, 'ArrowUp', 2], // nothing active: up starts at the bottom
    [1, 3, 'ArrowUp', 0],
    [0, 3, 'ArrowUp', 2], // wraps from the first to the last
    [0, 1, 'ArrowDown', 0], // one result stays active
    [0, 1, 'ArrowUp', 0],
    [5, 3, 'ArrowDown', 0], // an index left over from a longer list
    [5, 3, 'ArrowUp', 2],
    [0, 0, 'ArrowDown', -1], // no results: nothing to activate
    [-1, 0, 'ArrowUp', -1],
  ] as const)('from %i of %i, %s → %i', (current, count, key, next) => {
    expect(nextActiveIndex(current, count, key)).toBe(next)
  })
})

describe('isNavigationKey', () => {
  it.each([
    ['ArrowDown', true],
    ['ArrowUp', true],
    ['Home', false], // moves the caret in the text box
    ['End', false],
    ['Enter', false],
    ['a', false],
  ])('%s → %s', (key, expected) => {
    expect(isNavigationKey(key)).toBe(expected)
  })
})

describe('resultKeys and activeIndexOf', () => {
  const results = [
    result({ type: 'term', id: 4 }),
    result({ type: 'content', id: 4, anchor: 'satipatthana' }),
    result({ type: 'content', id: 4, anchor: 'satipatthana' }),
    result({ type: 'content', id: 9 }),
  ]
  const keys = resultKeys(results)

  it('names every result differently, even a repeated one', () => {
    expect(new Set(keys).size).toBe(results.length)
    expect(keys[0]).not.toBe(keys[1]) // a term and a page with the same id
  })

  it('keeps the chosen result active when a new answer still holds it', () => {
    const fresher = resultKeys([results[3]!, results[0]!, results[1]!])
    expect(activeIndexOf(fresher, keys[1]!)).toBe(2)
  })

  it.each([
    ['nothing chosen yet', null, 0],
    ['a result no longer in the answer', 'content:77:', 0],
  ])('falls back to the first result for %s', (_case, activeKey, expected) => {
    expect(activeIndexOf(keys, activeKey)).toBe(expected)
  })

  it('has no active result in an empty answer', () => {
    expect(activeIndexOf([], 'term:4:')).toBe(-1)
  })
})

describe('resultHref', () => {
  it.each([
    [{ type: 'content', id: 12, anchor: 'the-four-foundations' }, '/content/12#the-four-foundations'],
    [{ type: 'content', id: 12, anchor: null }, '/content/12'],
    [{ type: 'content', id: 12, anchor: 'p 3' }, '/content/12#p%203'],
    [{ type: 'term', id: 7, anchor: null }, '/term/7'],
  ] as const)('%o → %s', (target, href) => {
    expect(resultHref(target)).toBe(href)
  })
})

describe('chosenBookIds', () => {
  it.each([
    ['the book list is not known yet', undefined, [], null],
    ['every book is ticked', [1, 2, 3], [], null],
    ['some are unticked', [1, 2, 3], [2], [1, 3]],
    ['all are unticked', [1, 2], [1, 2], []],
    ['an unticked book has since gone', [1, 3], [2], null],
  ] as const)('%s', (_case, all, unticked, expected) => {
    expect(chosenBookIds(all, new Set(unticked))).toEqual(expected)
  })
})

describe('searchPath', () => {
  it.each([
    [{ q: 'mettā', bookIds: null, includeLexicon: true }, '/api/search?q=mett%C4%81&includeLexicon=true'],
    [{ q: 'MN 10', bookIds: [3, 1], includeLexicon: false }, '/api/search?q=MN+10&books=1%2C3&includeLexicon=false'],
  ] as const)('%o → %s', (request, path) => {
    expect(searchPath(request)).toBe(path)
  })
})
