// Progressive reading of one page: chunk 0 first, chunk 1 after 200 ms, then the
// next chunk whenever the reader has scrolled past 70% of the main area (at most one automatic
// load every 200 ms), 'Lae rohkem', 'Lae kogu sisu', gaps filled on demand, and a stop with a retry
// when a chunk fails. The decisions are pure (chunk-plan.ts); this hook fetches and times them.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { ApiError } from '#client/api/http.ts'
import { fetchReaderChunk } from '#client/api/reader.ts'
import type { FirstView } from '#client/features/first-view/first-view.ts'
import { READER_AUTOLOAD_DELAY_MS, READER_AUTOLOAD_SCROLL_RATIO } from '#shared/limits.ts'
import {
  chunkReducer,
  initialChunkState,
  isComplete,
  isLoaded,
  loadedCount,
  missingChunks,
  nextChunk,
  nextTrailingChunk,
  renderItems,
} from './chunk-plan.ts'
import type { ChunkAction, ChunkLoaderState, RenderItem } from './chunk-plan.ts'

/** How many chunks 'Lae kogu sisu' fetches at once. */
const LOAD_ALL_PARALLEL = 4

export interface ChunkLoader {
  state: ChunkLoaderState
  items: RenderItem[]
  loaded: number
  total: number | null
  complete: boolean
  loadingAll: boolean
  /** True while a jump is landing: placeholders wait so nothing moves during the scroll. */
  gapsSuspended: boolean
  /** Loads one chunk (once); true when it is on the page. */
  loadChunk: (chunk: number) => Promise<boolean>
  /** A placeholder came near the viewport. */
  fillGap: (chunk: number) => void
  loadMore: () => void
  loadAll: () => Promise<void>
  retry: () => void
  /** Holds placeholders back; the returned function releases them. */
  suspendGaps: () => () => void
  /** The current state, for async code that outlives a render. */
  current: () => ChunkLoaderState
  /** True while any chunk is being fetched. */
  fetching: () => boolean
  /** The links section (footnotes), from the last chunk; null until it arrived or when there is none. */
  links: string | null
}

interface Options {
  /** The print view loads everything itself and needs no timers or scroll watching. */
  autoLoad?: boolean
  /** The page's first chunk as the server sent it in the HTML: the reader starts from it. */
  firstView?: FirstView | null
}

/** A reader that starts from the server's first view has chunk 0 (its nodes are adopted, not its text). */
function startingState(firstView: FirstView | null | undefined): ChunkLoaderState {
  if (!firstView) return initialChunkState
  return {
    ...initialChunkState,
    total: firstView.chunk.totalChunks,
    chunks: { 0: { status: 'loaded', html: '' } },
    links: firstView.chunk.linksContent ?? null,
  }
}

/**
 * A chunk of the build the reader has, or — when the page was saved since (409) — of the new build,
 * which the reader goes on with (as it did before builds were named: a save shows from the next chunk).
 */
async function fetchChunk(contentId: number, chunk: number, buildRef: { current: number | null }) {
  const build = buildRef.current
  let answer
  try {
    answer = await fetchReaderChunk(contentId, chunk, build)
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.code === 'page_changed' && build !== null)) throw failure
    answer = await fetchReaderChunk(contentId, chunk)
  }
  if (answer.buildId !== null) buildRef.current = answer.buildId
  return answer
}

export function useChunkLoader(
  contentId: number,
  scrollRoot: RefObject<HTMLElement | null>,
  { autoLoad = true, firstView = null }: Options = {},
): ChunkLoader {
  const [state, setState] = useState(() => startingState(firstView))
  const stateRef = useRef(state)
  const inflight = useRef(new Map<number, Promise<boolean>>())
  const [loadingAll, setLoadingAll] = useState(false)
  const [suspensions, setSuspensions] = useState(0)
  const suspendedRef = useRef(0)
  /** Set once chunk 1 has been asked for: from then on scrolling drives loading. */
  const scrollLoadingRef = useRef(false)
  const lastAutoLoadRef = useRef(0)
  const autoTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  /** The page's build, from the first chunk that arrived: later chunks are asked for by it. */
  const buildRef = useRef<number | null>(firstView?.chunk.buildId ?? null)

  const dispatch = useCallback((action: ChunkAction) => {
    stateRef.current = chunkReducer(stateRef.current, action)
    setState(stateRef.current)
  }, [])

  const loadChunk = useCallback(
    (chunk: number): Promise<boolean> => {
      const current = stateRef.current
      if (isLoaded(current, chunk)) return Promise.resolve(true)
      if (current.total !== null && (chunk < 0 || chunk >= current.total)) return Promise.resolve(false)
      const running = inflight.current.get(chunk)
      if (running) return running
      dispatch({ type: 'requested', chunk })
      const request = fetchChunk(contentId, chunk, buildRef)
        .then(
          (answer) => {
            dispatch({
              type: 'loaded',
              chunk,
              html: answer.chunk,
              total: answer.totalChunks,
              links: answer.linksContent,
            })
            return true
          },
          (failure: unknown) => {
            console.error(`Failed to load part ${chunk + 1} of content ${contentId}`, failure)
            dispatch({ type: 'failed', chunk })
            return false
          },
        )
        .finally(() => inflight.current.delete(chunk))
      inflight.current.set(chunk, request)
      return request
    },
    [contentId, dispatch],
  )

  /**
   * The scroll rule: past 70% of the main area (or nothing left to scroll), read on after the
   * furthest chunk. Gaps a jump left are filled only when the reader scrolls near them.
   */
  const checkAutoLoad = useCallback(() => {
    if (!autoLoad || !scrollLoadingRef.current || suspendedRef.current > 0) return
    const current = stateRef.current
    if (current.failedChunk !== null || isComplete(current)) return
    if ([...inflight.current.keys()].length > 0) return
    const root = scrollRoot.current
    if (!root) return
    const scrollable = root.scrollHeight - root.clientHeight
    const ratio = scrollable <= 0 ? 1 : (root.scrollTop + root.clientHeight) / root.scrollHeight
    if (ratio < READER_AUTOLOAD_SCROLL_RATIO) return
    const wait = lastAutoLoadRef.current + READER_AUTOLOAD_DELAY_MS - Date.now()
    if (wait > 0) {
      clearTimeout(autoTimerRef.current)
      autoTimerRef.current = setTimeout(checkAutoLoad, wait)
      return
    }
    const next = nextTrailingChunk(current)
    if (next === null) return
    lastAutoLoadRef.current = Date.now()
    void loadChunk(next)
  }, [autoLoad, loadChunk, scrollRoot])

  // Chunk 0 at once, chunk 1 200 ms after it arrives (later if a jump is landing), then scrolling.
  useEffect(() => {
    if (!autoLoad) return
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const startSecond = () => {
      if (cancelled) return
      if (suspendedRef.current > 0) {
        timer = setTimeout(startSecond, READER_AUTOLOAD_DELAY_MS)
        return
      }
      lastAutoLoadRef.current = Date.now()
      void loadChunk(1).finally(() => {
        scrollLoadingRef.current = true
        if (!cancelled) checkAutoLoad()
      })
    }
    void loadChunk(0).then((ok) => {
      if (cancelled || !ok) return
      if ((stateRef.current.total ?? 0) <= 1) return
      timer = setTimeout(startSecond, READER_AUTOLOAD_DELAY_MS)
    })
    return () => {
      cancelled = true
      clearTimeout(timer)
      clearTimeout(autoTimerRef.current)
    }
  }, [autoLoad, loadChunk, checkAutoLoad])

  useEffect(() => {
    const root = scrollRoot.current
    if (!autoLoad || !root) return
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        checkAutoLoad()
      })
    }
    root.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      root.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [autoLoad, checkAutoLoad, scrollRoot])

  // A page shorter than the screen counts as scrolled to the end: check again after each load.
  useEffect(() => {
    checkAutoLoad()
  }, [state, suspensions, checkAutoLoad])

  const fillGap = useCallback(
    (chunk: number) => {
      if (suspendedRef.current > 0 || stateRef.current.failedChunk !== null) return
      void loadChunk(chunk)
    },
    [loadChunk],
  )

  const loadMore = useCallback(() => {
    const next = nextChunk(stateRef.current)
    if (next !== null) void loadChunk(next)
  }, [loadChunk])

  const loadAll = useCallback(async () => {
    setLoadingAll(true)
    try {
      for (;;) {
        if (stateRef.current.failedChunk !== null) return
        const missing = missingChunks(stateRef.current)
        if (missing.length === 0) {
          const running = [...inflight.current.values()]
          if (running.length === 0) return
          if ((await Promise.all(running)).includes(false)) return
          continue
        }
        const results = await Promise.all(missing.slice(0, LOAD_ALL_PARALLEL).map(loadChunk))
        if (results.includes(false)) return
      }
    } finally {
      setLoadingAll(false)
    }
  }, [loadChunk])

  const retry = useCallback(() => {
    const failed = stateRef.current.failedChunk
    dispatch({ type: 'retried' })
    if (failed !== null) void loadChunk(failed)
  }, [dispatch, loadChunk])

  const suspendGaps = useCallback(() => {
    suspendedRef.current += 1
    setSuspensions(suspendedRef.current)
    let released = false
    return () => {
      if (released) return
      released = true
      suspendedRef.current -= 1
      setSuspensions(suspendedRef.current)
    }
  }, [])

  const current = useCallback(() => stateRef.current, [])
  const fetching = useCallback(() => inflight.current.size > 0, [])
  const items = useMemo(() => renderItems(state), [state])

  return {
    state,
    items,
    loaded: loadedCount(state),
    total: state.total,
    complete: isComplete(state),
    loadingAll,
    gapsSuspended: suspensions > 0,
    loadChunk,
    fillGap,
    loadMore,
    loadAll,
    retry,
    suspendGaps,
    current,
    fetching,
    links: state.links,
  }
}
