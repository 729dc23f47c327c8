// The pure state of progressive reading: which chunks of a page are loaded,
// loading or failed, what to fetch next, where the gaps are, and in what order a jump without the
// server's answer searches. use-chunk-loader.ts does the fetching and timing around it.
import { READER_FOOTNOTE_TAIL_CHUNKS, READER_JUMP_MAX_ATTEMPTS } from '#shared/limits.ts'

export type ChunkEntry = { status: 'loading' } | { status: 'loaded'; html: string } | { status: 'failed' }

export interface ChunkLoaderState {
  /** totalChunks from the server; null until the first chunk answers. */
  total: number | null
  chunks: Readonly<Record<number, ChunkEntry>>
  /** The chunk whose load failed: loading stops until the reader retries. */
  failedChunk: number | null
  /** The links section (footnotes), which comes with the last chunk; null until then or when there is none. */
  links: string | null
}

export type ChunkAction =
  | { type: 'requested'; chunk: number }
  | { type: 'loaded'; chunk: number; html: string; total: number; links?: string | null | undefined }
  | { type: 'failed'; chunk: number }
  | { type: 'retried' }

export const initialChunkState: ChunkLoaderState = { total: null, chunks: {}, failedChunk: null, links: null }

export function chunkReducer(state: ChunkLoaderState, action: ChunkAction): ChunkLoaderState {
  switch (action.type) {
    case 'requested':
      if (state.chunks[action.chunk]?.status === 'loaded') return state
      return { ...state, chunks: { ...state.chunks, [action.chunk]: { status: 'loading' } } }
    case 'loaded':
      return {
        ...state,
        total: action.total,
        chunks: { ...state.chunks, [action.chunk]: { status: 'loaded', html: action.html } },
        links: action.links ?? state.links,
      }
    case 'failed':
      return {
        ...state,
        failedChunk: state.failedChunk ?? action.chunk,
        chunks: { ...state.chunks, [action.chunk]: { status: 'failed' } },
      }
    case 'retried': {
      const chunks: Record<number, ChunkEntry> = {}
      for (const [index, entry] of Object.entries(state.chunks)) {
        if (entry.status !== 'failed') chunks[Number(index)] = entry
      }
      return { ...state, chunks, failedChunk: null }
    }
  }
}

export function isLoaded(state: ChunkLoaderState, chunk: number): boolean {
  return state.chunks[chunk]?.status === 'loaded'
}

/** Requested or loaded: nothing more to do for it. */
function isTaken(state: ChunkLoaderState, chunk: number): boolean {
  const status = state.chunks[chunk]?.status
  return status === 'loaded' || status === 'loading'
}

export function loadedCount(state: ChunkLoaderState): number {
  return Object.values(state.chunks).filter((entry) => entry.status === 'loaded').length
}

export function isComplete(state: ChunkLoaderState): boolean {
  return state.total !== null && loadedCount(state) >= state.total
}

/** The highest chunk requested or loaded, -1 when none. */
function highestTaken(state: ChunkLoaderState): number {
  let highest = -1
  for (const [index, entry] of Object.entries(state.chunks)) {
    if (entry.status !== 'failed') highest = Math.max(highest, Number(index))
  }
  return highest
}

/**
 * The chunk to read next: the one after the furthest chunk on the page (a jump may have loaded
 * one far ahead), or, once the end is on the page, the first gap. Null when nothing is left.
 */
export function nextChunk(state: ChunkLoaderState): number | null {
  if (state.total === null) return isTaken(state, 0) ? null : 0
  const after = highestTaken(state) + 1
  if (after < state.total) return after
  return missingChunks(state)[0] ?? null
}

/** The chunk after the furthest one on the page: what scrolling reads on to (gaps fill themselves). */
export function nextTrailingChunk(state: ChunkLoaderState): number | null {
  if (state.total === null) return isTaken(state, 0) ? null : 0
  const after = highestTaken(state) + 1
  return after < state.total ? after : null
}

/** Every chunk neither loaded nor loading, in page order. */
export function missingChunks(state: ChunkLoaderState): number[] {
  if (state.total === null) return isTaken(state, 0) ? [] : [0]
  const missing: number[] = []
  for (let index = 0; index < state.total; index++) if (!isTaken(state, index)) missing.push(index)
  return missing
}

export type RenderItem = { kind: 'chunk'; index: number; html: string } | { kind: 'gap'; index: number }

/**
 * What the page shows: loaded chunks in order and a placeholder for each chunk missing between
 * them (filled as the reader scrolls near it). Nothing is drawn after the furthest loaded chunk.
 */
export function renderItems(state: ChunkLoaderState): RenderItem[] {
  let last = -1
  for (const [index, entry] of Object.entries(state.chunks)) {
    if (entry.status === 'loaded') last = Math.max(last, Number(index))
  }
  const items: RenderItem[] = []
  for (let index = 0; index <= last; index++) {
    const entry = state.chunks[index]
    items.push(entry?.status === 'loaded' ? { kind: 'chunk', index, html: entry.html } : { kind: 'gap', index })
  }
  return items
}

/**
 * The search for a jump target when the server cannot say where it is: chunks not yet on
 * the page, at most 30; footnotes (`_ftn…`) from near the end, the last 10 chunks first.
 */
export function jumpSearchOrder(state: ChunkLoaderState, targetId: string): number[] {
  const missing = missingChunks(state)
  let order = missing
  if (targetId.startsWith('_ftn') && state.total !== null) {
    const tailStart = Math.max(0, state.total - READER_FOOTNOTE_TAIL_CHUNKS)
    const tail = missing.filter((index) => index >= tailStart)
    order = [...tail, ...missing.filter((index) => index < tailStart)]
  } else {
    const after = highestTaken(state)
    order = [...missing.filter((index) => index > after), ...missing.filter((index) => index < after)]
  }
  return order.slice(0, READER_JUMP_MAX_ATTEMPTS)
}
