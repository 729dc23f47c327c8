// Find in page: the bar the title bar's find button opens (TitleBar.tsx), in its own chunk. The server
// lists every occurrence in the whole page (GET /api/content/{id}/find), loaded here or not; the bar
// shows "3 / 17", highlights the occurrences in the loaded blocks (find-in-page.ts) and goes to each
// with Enter / Shift+Enter, F3 / Shift+F3 or its buttons, loading the chunk of one not loaded yet as
// a footnote jump does. Esc closes it; focus goes back to the button. The browser's Ctrl+F stays
// the browser's.
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent, RefObject } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FIND_QUERY_MAX_CHARS, SEARCH_DEBOUNCE_MS } from '#shared/limits.ts'
import { foldQuery } from '#shared/text/find-in-page.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { locateAnchor, readerQueries } from '#client/api/reader.ts'
import { useDebouncedValue } from '#client/features/search/use-debounced-value.ts'
import {
  HIGHLIGHT_ALL,
  HIGHLIGHT_CURRENT,
  type Occurrence,
  blockPosition,
  canHighlight,
  chunkOf,
  findStatus,
  firstFrom,
  occurrenceRanges,
} from './find-in-page.ts'
import type { ChunkLoader } from './use-chunk-loader.ts'

/** What the bar needs of the reader it finds in. */
export interface FindTarget {
  contentId: number
  loader: ChunkLoader
  article: RefObject<HTMLElement | null>
  scrollRoot: RefObject<HTMLElement | null>
}

export interface FindBarProps extends FindTarget {
  id: string
  onClose: () => void
}

/** The class the reader's jumps mark their target with: the current block, where highlights are not drawn. */
const BLOCK_HIGHLIGHT_CLASS = 'reader-highlight'
/** Frames a chunk that has just arrived may take to be drawn. */
const DRAW_FRAMES = 20

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))

function blockElement(article: HTMLElement | null, id: string): HTMLElement | null {
  if (!article || id === '') return null
  const found = article.querySelector<HTMLElement>(`#${CSS.escape(id)}`)
  return found?.closest('.reader-chunk') ? found : null
}

/** The element an occurrence is in: its block, or its note in the links section (shown with the last chunk). */
function occurrenceElement(article: HTMLElement | null, occurrence: Occurrence): HTMLElement | null {
  if (occurrence.note === undefined) return blockElement(article, occurrence.block)
  const note = article?.querySelector('.reader-links .reader-prose')?.children[occurrence.note]
  return note instanceof HTMLElement ? note : null
}

/** One key per element occurrences are in. */
const occurrenceKey = (occurrence: Occurrence) =>
  occurrence.note === undefined ? `block:${occurrence.block}` : `note:${occurrence.note}`

/** The block the reader sees first below the title bar (its position), or null. */
function readerPlace(article: HTMLElement | null, root: HTMLElement | null): number | null {
  if (!article || !root) return null
  const area = root.getBoundingClientRect()
  const bar = article.querySelector('.reader-title-bar')?.getBoundingClientRect()
  const y = Math.max(area.top, bar?.bottom ?? area.top) + 8
  for (const x of [area.left + area.width / 2, area.left + 48]) {
    const inText = document.elementsFromPoint(x, y).find((element) => element.closest('.reader-chunk'))
    if (inText) return blockPosition(inText)
  }
  return null
}

/** Brings a range into the middle of the reading area unless it is already well inside it. */
function centre(range: Range | HTMLElement, root: HTMLElement, article: HTMLElement | null) {
  const box = range.getBoundingClientRect()
  const area = root.getBoundingClientRect()
  const top = Math.max(area.top, article?.querySelector('.reader-title-bar')?.getBoundingClientRect().bottom ?? 0)
  if (box.top >= top + 16 && box.bottom <= area.bottom - 16) return
  root.scrollTop += box.top - (area.top + area.height / 2)
}

export function FindBar({ id, contentId, loader, article, scrollRoot, onClose }: FindBarProps) {
  const [input, setInput] = useState('')
  const query = useDebouncedValue(input.trim().slice(0, FIND_QUERY_MAX_CHARS), SEARCH_DEBOUNCE_MS)
  const wanted = foldQuery(query) !== ''
  const find = useQuery({ ...readerQueries.find(contentId, query), enabled: wanted, staleTime: 60_000 })
  const answer = wanted ? find.data : undefined
  const [current, setCurrent] = useState<number | null>(null)
  const sequence = useRef(0)
  const { loadChunk, suspendGaps, items } = loader
  const inputId = useId()
  const keysId = useId()

  /** Each block's (or note's) ranges for this answer, made once per element. */
  const ranges = useRef(new Map<string, { element: Element; ranges: Map<number, Range> }>())
  const rangesOf = useCallback(
    (occurrence: Occurrence, indexes: number[]) => {
      const element = occurrenceElement(article.current, occurrence)
      if (!element) return undefined
      const key = occurrenceKey(occurrence)
      const kept = ranges.current.get(key)
      if (kept?.element === element) return kept.ranges
      const made = occurrenceRanges(element, query, indexes)
      ranges.current.set(key, { element, ranges: made })
      return made
    },
    [article, query],
  )

  /** Goes to an occurrence: loads its chunk when it is not on the page yet, then brings it into view. */
  const reveal = useCallback(
    async (occurrence: Occurrence) => {
      const mine = ++sequence.current
      const stale = () => mine !== sequence.current
      const waitForBlock = async () => {
        for (let frame = 0; frame < DRAW_FRAMES && !stale(); frame++) {
          const found = occurrenceElement(article.current, occurrence)
          if (found) return found
          await nextFrame()
        }
        return occurrenceElement(article.current, occurrence)
      }
      let element = occurrenceElement(article.current, occurrence)
      // Placeholders wait while the chunk comes, so nothing moves under the reader (as jumps do).
      const release = element ? undefined : suspendGaps()
      try {
        if (!element && (await loadChunk(chunkOf(occurrence)))) element = await waitForBlock()
        if (!element && !stale() && occurrence.note === undefined) {
          // The page changed since it was searched: ask where the block is now.
          const chunk = await locateAnchor(contentId, occurrence.block)
          if (chunk !== null && !stale() && (await loadChunk(chunk))) element = await waitForBlock()
        }
        const root = scrollRoot.current
        if (!element || !root || stale()) return
        element.scrollIntoView({ block: 'center' })
        // Blocks far down are laid out only once in view (content-visibility): then centre the text.
        await nextFrame()
        if (stale()) return
        const range = ranges.current.get(occurrenceKey(occurrence))?.ranges.get(occurrence.index)
        centre(range ?? element, root, article.current)
        await nextFrame()
      } finally {
        release?.()
      }
    },
    [article, contentId, loadChunk, scrollRoot, suspendGaps],
  )

  // A new answer: start from the reader's place, and go there.
  useEffect(() => {
    ranges.current.clear()
    if (!answer || answer.occurrences.length === 0) {
      setCurrent(null)
      return
    }
    const first = firstFrom(answer.occurrences, readerPlace(article.current, scrollRoot.current))
    setCurrent(first)
    void reveal(answer.occurrences[first]!)
    // only a new answer starts over; reveal and the refs are stable for it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer])

  // Every occurrence in the blocks on the page, and the current one, drawn as highlights; where the
  // browser cannot draw them, the current occurrence's block is marked as a jump's target is.
  useEffect(() => {
    if (!answer) return
    const byElement = new Map<string, { first: Occurrence; indexes: number[] }>()
    for (const occurrence of answer.occurrences) {
      const kept = byElement.get(occurrenceKey(occurrence))
      if (kept) kept.indexes.push(occurrence.index)
      else byElement.set(occurrenceKey(occurrence), { first: occurrence, indexes: [occurrence.index] })
    }
    const currentOccurrence = current === null ? undefined : answer.occurrences[current]
    if (!canHighlight()) {
      const element = currentOccurrence && occurrenceElement(article.current, currentOccurrence)
      element?.classList.add(BLOCK_HIGHLIGHT_CLASS)
      return () => element?.classList.remove(BLOCK_HIGHLIGHT_CLASS)
    }
    const all: Range[] = []
    for (const { first, indexes } of byElement.values()) {
      const found = rangesOf(first, indexes)
      if (found) all.push(...found.values())
    }
    const currentRange =
      currentOccurrence && rangesOf(currentOccurrence, byElement.get(occurrenceKey(currentOccurrence))!.indexes)
    const range = currentOccurrence && currentRange?.get(currentOccurrence.index)
    CSS.highlights.set(HIGHLIGHT_ALL, new Highlight(...all))
    CSS.highlights.set(HIGHLIGHT_CURRENT, range ? new Highlight(range) : new Highlight())
    return () => {
      CSS.highlights.delete(HIGHLIGHT_ALL)
      CSS.highlights.delete(HIGHLIGHT_CURRENT)
    }
    // `items` changes when a chunk arrives: its blocks get their highlights
  }, [answer, current, items, rangesOf, article])

  const go = useCallback(
    (step: 1 | -1) => {
      const list = answer?.occurrences ?? []
      if (list.length === 0) return
      const next = current === null ? (step > 0 ? 0 : list.length - 1) : (current + step + list.length) % list.length
      setCurrent(next)
      void reveal(list[next]!)
    },
    [answer, current, reveal],
  )

  // F3 / Shift+F3 while the bar is open, wherever focus is (Ctrl+F stays the browser's).
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'F3' || event.ctrlKey || event.metaKey || event.altKey) return
      event.preventDefault()
      go(event.shiftKey ? -1 : 1)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [go])

  // Closing stops a jump on its way.
  useEffect(
    () => () => {
      sequence.current++
    },
    [],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onClose()
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault()
      go(event.shiftKey ? -1 : 1)
    }
  }

  const typing = input.trim() !== query && input.trim() !== ''
  const status = !wanted
    ? ''
    : find.isError
      ? readerTexts.findFailed
      : typing || find.isPending
        ? readerTexts.findSearching
        : answer && answer.total === 0
          ? readerTexts.findNone
          : answer
            ? findStatus(current, answer)
            : ''
  const counted = answer !== undefined && answer.total > 0 && !typing && !find.isError
  const none = !answer || answer.total === 0

  return (
    <div
      id={id}
      role="search"
      aria-label={readerTexts.find}
      onKeyDown={onKeyDown}
      className="print-hidden absolute left-4 right-4 top-full z-30 mt-1 flex items-center gap-1 rounded-md border border-stone-300 bg-white p-1.5 shadow-lg sm:left-auto sm:w-[26rem]"
    >
      <label htmlFor={inputId} className="sr-only">
        {readerTexts.find}
      </label>
      <input
        id={inputId}
        type="search"
        autoFocus
        value={input}
        maxLength={FIND_QUERY_MAX_CHARS}
        onChange={(event) => setInput(event.target.value)}
        placeholder={readerTexts.findPlaceholder}
        aria-describedby={keysId}
        enterKeyHint="next"
        autoComplete="off"
        spellCheck={false}
        className="min-h-9 min-w-0 flex-1 rounded border border-stone-300 px-2 py-1 text-base text-stone-900 placeholder:text-stone-500 sm:text-sm"
      />
      <span id={keysId} className="sr-only">
        {readerTexts.findKeys}
      </span>
      <p role="status" className="min-w-[4.5rem] shrink-0 px-1 text-center text-sm tabular-nums text-stone-700">
        {counted ? <span className="sr-only">{`${readerTexts.findCount} `}</span> : null}
        {status}
      </p>
      <BarButton label={readerTexts.findPrevious} disabled={none} onClick={() => go(-1)} keys="Shift+Enter">
        ↑
      </BarButton>
      <BarButton label={readerTexts.findNext} disabled={none} onClick={() => go(1)} keys="Enter">
        ↓
      </BarButton>
      <BarButton label={readerTexts.findClose} onClick={onClose} keys="Escape">
        ×
      </BarButton>
    </div>
  )
}

function BarButton({
  label,
  keys,
  disabled = false,
  onClick,
  children,
}: {
  label: string
  keys: string
  disabled?: boolean
  onClick: () => void
  children: string
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-keyshortcuts={keys}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded text-lg leading-none text-stone-700 hover:bg-stone-100 hover:text-stone-950 disabled:opacity-40"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  )
}
