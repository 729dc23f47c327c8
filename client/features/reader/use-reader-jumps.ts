// Jumps inside a page: an internal link, a footnote, a table-of-contents entry or a
// hash in the address. The server says which chunk holds the target (one request); without an
// answer the fallback search runs (jumpSearchOrder in chunk-plan.ts). The target is scrolled to smoothly after 100 ms and highlighted for
// 2 s; a missing target is only logged. Each jump is a history entry, so Back returns to the place
// the reader jumped from.
import { useCallback, useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import { useLocation, useNavigate, useNavigationType } from 'react-router'
import { locateAnchor } from '#client/api/reader.ts'
import { READER_HIGHLIGHT_MS, READER_SCROLL_DELAY_MS } from '#shared/limits.ts'
import { jumpSearchOrder } from './chunk-plan.ts'
import type { ChunkLoader } from './use-chunk-loader.ts'

const HIGHLIGHT_CLASS = 'reader-highlight'
/**
 * A jump's smooth scroll has ended when the browser says so (scrollend) or when no scroll event has
 * come for SETTLE_QUIET_MS (browsers without scrollend; no scroll at all); SETTLE_MAX_MS at most.
 * A long scroll on a busy machine takes well over a second: a placeholder filled while it runs is
 * not compensated by scroll anchoring (the animation keeps its old target), and the target slides away.
 */
const SETTLE_QUIET_MS = 300
const SETTLE_MAX_MS = 5000
/** How many times a jump goes back to its target after the smooth scroll, if the target moved. */
const LAND_ATTEMPTS = 5
/**
 * After landing, the target is held where it landed while the page around it settles (see holdInPlace):
 * until its size has not changed and no chunk has been fetched for HOLD_QUIET_MS, HOLD_MAX_MS at most.
 */
const HOLD_QUIET_MS = 1000
const HOLD_MAX_MS = 10_000
/** What the reader does to scroll by themselves: the hold lets go at once. */
const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const

/** Resolves after `count` animation frames (layout and scroll anchoring have run). */
function frames(count: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)))
    step(count)
  })
}

interface ReadingPosition {
  element: Element | null
  offset: number
  scrollTop: number
}

function findTarget(article: HTMLElement | null, id: string): HTMLElement | null {
  if (!article || id === '') return null
  return article.querySelector<HTMLElement>(`#${CSS.escape(id)}`)
}

/** Waits a few frames for React to draw a chunk that has just arrived. */
async function waitForTarget(article: RefObject<HTMLElement | null>, id: string, frames = 20) {
  for (let frame = 0; frame < frames; frame++) {
    const found = findTarget(article.current, id)
    if (found) return found
    await new Promise((resolve) => requestAnimationFrame(resolve))
  }
  return findTarget(article.current, id)
}

function hashTarget(hash: string): string {
  const raw = hash.replace(/^#/, '')
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** The block at the top of the reading area and how far it sits from the top, to come back to. */
function capturePosition(root: HTMLElement, article: HTMLElement | null): ReadingPosition {
  const box = root.getBoundingClientRect()
  const probe = document.elementFromPoint(box.left + box.width / 2, box.top + 80)
  const element = probe && article?.contains(probe) ? probe : null
  return {
    element,
    offset: element ? element.getBoundingClientRect().top - box.top : 0,
    scrollTop: root.scrollTop,
  }
}

function restorePosition(root: HTMLElement, position: ReadingPosition) {
  if (position.element?.isConnected) {
    const box = root.getBoundingClientRect()
    root.scrollTop += position.element.getBoundingClientRect().top - box.top - position.offset
  } else {
    root.scrollTop = position.scrollTop
  }
}

export function useReaderJumps({
  contentId,
  loader,
  article,
  scrollRoot,
}: {
  contentId: number
  loader: ChunkLoader
  article: RefObject<HTMLElement | null>
  scrollRoot: RefObject<HTMLElement | null>
}) {
  const location = useLocation()
  const navigationType = useNavigationType()
  const navigate = useNavigate()
  const positions = useRef(new Map<string, ReadingPosition>())
  const jumpSequence = useRef(0)
  const { loadChunk, suspendGaps, current, fetching } = loader

  const land = useCallback(
    async (targetId: string) => {
      const sequence = ++jumpSequence.current
      // The spec's scroll delay counts from the jump, not from the moment its target arrived: a
      // target that had to be loaded is scrolled to as soon as it is drawn, never sooner than that.
      const scrollAt = performance.now() + READER_SCROLL_DELAY_MS
      const release = suspendGaps()
      const stale = () => sequence !== jumpSequence.current
      let landed: HTMLElement | null = null
      try {
        const outside = document.getElementById(targetId)
        if (outside && !article.current?.contains(outside)) {
          // an id of the site's own frame (e.g. '#main'), not of the page: nothing to load
          outside.scrollIntoView({ block: 'start' })
          return
        }
        let target = findTarget(article.current, targetId)
        if (!target) {
          const chunk = await locateAnchor(contentId, targetId)
          if (stale()) return
          if (chunk !== null && (await loadChunk(chunk))) target = await waitForTarget(article, targetId)
        }
        if (!target) {
          // The fallback search: chunk 0 first (it tells how many there are), then the order.
          if (await loadChunk(0)) target = await waitForTarget(article, targetId, 2)
          for (const chunk of target ? [] : jumpSearchOrder(current(), targetId)) {
            if (stale()) return
            if (!(await loadChunk(chunk))) break
            target = await waitForTarget(article, targetId, 2)
            if (target) break
          }
        }
        if (stale()) return
        if (!target) {
          console.warn(`Jump target #${targetId} was not found on this page`)
          return
        }
        const found = target
        const wait = scrollAt - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        if (stale()) return
        found.scrollIntoView({ behavior: 'smooth', block: 'start' })
        found.classList.add(HIGHLIGHT_CLASS)
        setTimeout(() => found.classList.remove(HIGHLIGHT_CLASS), READER_HIGHLIGHT_MS)
        await settle(scrollRoot.current)
        // A chunk that arrived above during the smooth scroll (chunk 0 on a fresh page) is not
        // compensated while the animation runs: if that pushed the target away, go back to it.
        // Landing lays out the blocks near the view (decision 025), which can move the target once
        // more: look again after a few frames until it stays.
        for (let attempt = 0; attempt < LAND_ATTEMPTS; attempt++) {
          const root = scrollRoot.current
          if (stale() || !root || topInView(found, root)) break
          found.scrollIntoView({ block: 'start' })
          await frames(3)
        }
        if (!stale()) landed = found
      } finally {
        release()
      }
      // Released, the placeholders next to the target fill: held in place while they do.
      const root = scrollRoot.current
      if (landed && root && article.current) await holdInPlace(landed, root, article.current, { stale, fetching })
    },
    [article, contentId, current, fetching, loadChunk, scrollRoot, suspendGaps],
  )

  /** A jump the reader asked for: remembered in history so Back returns here. */
  const jumpTo = useCallback(
    (targetId: string) => {
      const root = scrollRoot.current
      if (root) positions.current.set(location.key, capturePosition(root, article.current))
      navigate({ pathname: location.pathname, search: location.search, hash: `#${encodeURIComponent(targetId)}` })
    },
    [article, location.key, location.pathname, location.search, navigate, scrollRoot],
  )

  // Every arrival at an address of this page: Back/Forward to a remembered place, or a jump.
  useEffect(() => {
    const remembered = navigationType === 'POP' ? positions.current.get(location.key) : undefined
    const root = scrollRoot.current
    if (remembered && root) {
      jumpSequence.current++
      restorePosition(root, remembered)
      return
    }
    if (location.hash) void land(hashTarget(location.hash))
    else if (navigationType === 'POP' && root) root.scrollTop = 0
    // land changes identity only with the page; the address is what triggers a jump
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key])

  return { jumpTo }
}

function topInView(element: HTMLElement, root: HTMLElement): boolean {
  const top = element.getBoundingClientRect().top
  const area = root.getBoundingClientRect()
  return top >= area.top - 2 && top < area.bottom
}

/**
 * Keeps a landed target at the same distance from the top of the reading area while the page around it
 * changes size: blocks laid out near the view (decision 025), the placeholder just above it filling once
 * the jump releases the placeholders. The browser's scroll anchoring does not always make up for those:
 * on a slow machine a chunk filled above a footnote left the note 830 px above the view. Each change is
 * corrected before it is painted (a ResizeObserver runs after layout). The hold lets go when the page
 * has been still and no chunk has been fetched for HOLD_QUIET_MS, when the reader scrolls, clicks, touches
 * or presses a key, when another jump or Back takes over, or after HOLD_MAX_MS. A scroll that moves the
 * target while the page keeps its height (a scrollbar dragged where no pointer event tells, a script)
 * is the reader's too; only a ResizeObserver callback puts the target back, never a timer.
 */
function holdInPlace(
  target: HTMLElement,
  root: HTMLElement,
  body: HTMLElement,
  { stale, fetching }: { stale: () => boolean; fetching: () => boolean },
): Promise<void> {
  const offset = target.getBoundingClientRect().top - root.getBoundingClientRect().top
  const drift = () => target.getBoundingClientRect().top - root.getBoundingClientRect().top - offset
  const height = () => body.getBoundingClientRect().height
  const started = performance.now()
  let lastChange = started
  let heldHeight = height()
  return new Promise((resolve) => {
    let ended = false
    const end = () => {
      if (ended) return
      ended = true
      observer.disconnect()
      clearInterval(timer)
      root.removeEventListener('scroll', scrolled)
      for (const type of READER_INPUT) window.removeEventListener(type, end, true)
      resolve()
    }
    const observer = new ResizeObserver(() => {
      lastChange = performance.now()
      heldHeight = height()
      if (stale() || !target.isConnected) return end()
      const moved = drift()
      if (Math.abs(moved) > 1) root.scrollTop += moved
    })
    observer.observe(body)
    // A scroll that moved the target while the page kept its height is the reader's. Scroll anchoring
    // after a layout forced between frames is reported before that frame's ResizeObserver callback:
    // the height has changed then, and the callback puts the target back.
    const scrolled = () => {
      if (!ended && Math.abs(drift()) > 1 && Math.abs(height() - heldHeight) < 1) end()
    }
    root.addEventListener('scroll', scrolled, { passive: true })
    const timer = setInterval(() => {
      const now = performance.now()
      // A chunk that has just arrived is drawn a moment after its request ends: quiet counts from then.
      if (fetching()) lastChange = now
      if (stale() || !target.isConnected) end()
      else if (now - started > HOLD_MAX_MS || now - lastChange > HOLD_QUIET_MS) end()
    }, 100)
    for (const type of READER_INPUT) window.addEventListener(type, end, { capture: true, passive: true })
  })
}

/** Resolves when a smooth scroll has ended (see SETTLE_QUIET_MS). */
function settle(root: HTMLElement | null): Promise<void> {
  return new Promise((resolve) => {
    const cap = setTimeout(done, SETTLE_MAX_MS)
    let quiet = setTimeout(done, SETTLE_QUIET_MS)
    function moved() {
      clearTimeout(quiet)
      quiet = setTimeout(done, SETTLE_QUIET_MS)
    }
    function done() {
      clearTimeout(cap)
      clearTimeout(quiet)
      root?.removeEventListener('scrollend', done)
      root?.removeEventListener('scroll', moved)
      resolve()
    }
    root?.addEventListener('scrollend', done)
    root?.addEventListener('scroll', moved, { passive: true })
  })
}
