import { describe, expect, it } from 'vitest'
import {
  chunkReducer,
  initialChunkState,
  isComplete,
  jumpSearchOrder,
  loadedCount,
  missingChunks,
  nextChunk,
  nextTrailingChunk,
  renderItems,
} from './chunk-plan.ts'
import type { ChunkAction, ChunkLoaderState } from './chunk-plan.ts'

function run(...actions: ChunkAction[]): ChunkLoaderState {
  return actions.reduce(chunkReducer, initialChunkState)
}

const loaded = (chunk: number, total = 10): ChunkAction => ({
  type: 'loaded',
  chunk,
  total,
  html: `<p id="b${chunk}">${chunk}</p>`,
})

describe('progressive reading', () => {
  it('starts with chunk 0 and then reads on in order', () => {
    expect(nextChunk(initialChunkState)).toBe(0)
    expect(nextChunk(run({ type: 'requested', chunk: 0 }))).toBeNull()
    expect(nextChunk(run(loaded(0)))).toBe(1)
    expect(nextChunk(run(loaded(0), { type: 'requested', chunk: 1 }))).toBe(2)
  })

  it('reads on after the furthest chunk when a jump loaded one far ahead, then fills the gaps', () => {
    const afterJump = run(loaded(0), loaded(1), loaded(7))
    expect(nextChunk(afterJump)).toBe(8)
    expect(nextChunk(run(loaded(0), loaded(8), loaded(9)))).toBe(1)
  })

  it('reads on by scrolling only after the furthest chunk, never into the gaps', () => {
    expect(nextTrailingChunk(run(loaded(0), loaded(1), loaded(7)))).toBe(8)
    expect(nextTrailingChunk(run(loaded(0), loaded(8), loaded(9)))).toBeNull()
  })

  it('draws placeholders for the gaps and nothing after the furthest loaded chunk', () => {
    const state = run(loaded(0), loaded(3), { type: 'requested', chunk: 5 })
    expect(renderItems(state).map((item) => `${item.kind}${item.index}`)).toEqual(['chunk0', 'gap1', 'gap2', 'chunk3'])
  })

  it('counts parts and knows when the whole page is there', () => {
    let state = run(loaded(0, 3), loaded(1, 3))
    expect(loadedCount(state)).toBe(2)
    expect(isComplete(state)).toBe(false)
    state = chunkReducer(state, loaded(2, 3))
    expect(isComplete(state)).toBe(true)
    expect(nextChunk(state)).toBeNull()
    expect(missingChunks(state)).toEqual([])
  })

  it('stops at a failed chunk until the reader retries it', () => {
    const failed = run(loaded(0, 4), { type: 'requested', chunk: 1 }, { type: 'failed', chunk: 1 })
    expect(failed.failedChunk).toBe(1)
    expect(missingChunks(failed)).toEqual([1, 2, 3])
    const retried = chunkReducer(failed, { type: 'retried' })
    expect(retried.failedChunk).toBeNull()
    expect(nextChunk(retried)).toBe(1)
  })

  it('keeps a loaded chunk when it is requested again', () => {
    const state = run(loaded(0))
    expect(chunkReducer(state, { type: 'requested', chunk: 0 })).toBe(state)
  })
})

describe('searching for a jump target without the server’s answer', () => {
  it('looks for footnotes in the last 10 chunks first, then from the start', () => {
    const state = run(loaded(0, 40), loaded(1, 40))
    const order = jumpSearchOrder(state, '_ftn12')
    expect(order.slice(0, 10)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39])
    expect(order.slice(10, 13)).toEqual([2, 3, 4])
    expect(order).toHaveLength(30)
  })

  it('reads on from the furthest chunk for other targets, at most 30 chunks', () => {
    const state = run(loaded(0, 100), loaded(1, 100))
    const order = jumpSearchOrder(state, 'translation')
    expect(order[0]).toBe(2)
    expect(order).toHaveLength(30)
    expect(order.at(-1)).toBe(31)
  })

  it('skips chunks already on the page', () => {
    const state = run(loaded(0, 12), loaded(11, 12), loaded(5, 12))
    expect(jumpSearchOrder(state, '_ftnref3')).toEqual([2, 3, 4, 6, 7, 8, 9, 10, 1])
  })
})
