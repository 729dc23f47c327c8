import { describe, expect, it } from 'vitest'
import { HISTORY_PAGES, placeOf, readHistory, rememberPlace } from './reading-history.ts'

function memoryStore(initial: string | null = null) {
  let value = initial
  return {
    getItem: () => value,
    setItem: (_key: string, next: string) => {
      value = next
    },
  }
}

describe('reading history', () => {
  it('keeps one place per page, most recent first, and forgets the oldest beyond the limit', () => {
    const store = memoryStore()
    rememberPlace({ contentId: 1, title: 'Üks', blockId: 'p-1', at: 1 }, store)
    rememberPlace({ contentId: 2, title: 'Kaks', blockId: null, at: 2 }, store)
    rememberPlace({ contentId: 1, title: 'Üks', blockId: 'p-9', at: 3 }, store)
    expect(readHistory(store).map((place) => [place.contentId, place.blockId])).toEqual([
      [1, 'p-9'],
      [2, null],
    ])
    expect(placeOf(2, store)?.title).toBe('Kaks')
    expect(placeOf(3, store)).toBeNull()
    for (let id = 10; id < 10 + HISTORY_PAGES + 5; id++)
      rememberPlace({ contentId: id, title: 't', blockId: null, at: id }, store)
    expect(readHistory(store)).toHaveLength(HISTORY_PAGES)
    expect(placeOf(1, store)).toBeNull()
  })

  it('reads nothing from a broken, foreign or missing store, and survives a full one', () => {
    expect(readHistory(memoryStore('{not json'))).toEqual([])
    expect(readHistory(memoryStore('{"a":1}'))).toEqual([])
    const mixed = JSON.stringify([{ contentId: 'x' }, { contentId: 4, title: 'Neli', blockId: 'p', at: 5 }, null])
    expect(readHistory(memoryStore(mixed)).map((place) => place.contentId)).toEqual([4])
    expect(readHistory(null)).toEqual([])
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(() => rememberPlace({ contentId: 1, title: 'x', blockId: null, at: 1 }, full)).not.toThrow()
  })
})
