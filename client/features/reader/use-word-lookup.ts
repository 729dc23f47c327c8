// Any word of the page's text looked up in the lexicon (the term popup): a double-click (the
// browser's own word selection), a long press on a touch screen (~500 ms without moving more than
// ~10 px; that press alone gets no selection callout), or the L key with a word selected; a triple
// click still selects its paragraph. One delegated listener each on the article (and the document
// for keys and clicks), none per word: the 9 MB page has ~28,000 blocks. The button beside a
// selected word is LookupButton.tsx.
import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'
import { lookupTexts } from '#client/texts/reader.ts'
import { LOOKUP_TEXT_SELECTOR, blockOf, selectedWord, wordAtPoint } from './word-lookup.ts'

/** A word to look up, and where the reader was: focus or the selection goes back there. */
export interface WordToLookUp {
  word: string
  /** The element focus was on when the lookup started (null: none, or the page itself). */
  opener: HTMLElement | null
  /** The word's place in the text, selected again when the popup closes and focus has nowhere to go. */
  range: Range | null
}

export const LONG_PRESS_MS = 500
export const LONG_PRESS_SLOP_PX = 10
/** The contextmenu a long press ends in comes this soon after the lookup opened. */
const CALLOUT_WINDOW_MS = 1_500
/** A third click this soon after the double-click makes it a triple click (the browser's interval is ~500 ms). */
const TRIPLE_CLICK_MS = 700

/** Presses on these are theirs (a link opens, a button acts), not a lookup. */
const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [contenteditable], [role="button"]'

/** Where keys are typing, not reading. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select'))
}

/** The element focus is on, unless that is the page itself. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement
  return active instanceof HTMLElement && active !== document.body ? active : null
}

function inText(target: EventTarget | null, article: HTMLElement): target is Element {
  if (!(target instanceof Element)) return false
  const chunk = target.closest(LOOKUP_TEXT_SELECTOR)
  return !!chunk && article.contains(chunk) && !target.closest(INTERACTIVE)
}

/** True for the lookup key, pressed alone. */
export function isLookupKey(event: KeyboardEvent): boolean {
  return (
    !event.ctrlKey && !event.metaKey && !event.altKey && event.key.toLowerCase() === lookupTexts.lookUpKey.toLowerCase()
  )
}

export function useWordLookup(
  article: RefObject<HTMLElement | null>,
  onLookup: (word: WordToLookUp) => void,
  /** Called as soon as a lookup may be near (a press in the text): the popup's code can start loading. */
  onNear: () => void,
  /** The double-click was a triple click's start: the popup goes, the paragraph is selected. */
  onCancel: () => void,
) {
  const latest = useRef({ onLookup, onNear, onCancel })
  latest.current = { onLookup, onNear, onCancel }

  useEffect(() => {
    const root = article.current
    if (!root) return
    let press: { id: number; x: number; y: number; timer: number } | null = null
    let pressedAt = -Infinity
    /** The last double-click's lookup: a third click soon after selects its paragraph instead. */
    let doubled: { at: number; lookup: WordToLookUp } | null = null

    const endPress = () => {
      if (press) window.clearTimeout(press.timer)
      press = null
    }

    const onPointerDown = (event: PointerEvent) => {
      if (!inText(event.target, root)) return
      // A press on a link is a click to follow it, not the start of a lookup.
      if (!(event.target instanceof Element && event.target.closest('a'))) latest.current.onNear()
      if (event.pointerType !== 'touch' || !event.isPrimary) return
      endPress()
      const { clientX: x, clientY: y, pointerId: id } = event
      const timer = window.setTimeout(() => {
        press = null
        const found = wordAtPoint(x, y, root)
        if (!found) return
        pressedAt = performance.now()
        latest.current.onLookup({ word: found.word, opener: focusedElement(), range: found.range })
      }, LONG_PRESS_MS)
      press = { id, x, y, timer }
    }
    const onPointerMove = (event: PointerEvent) => {
      if (!press || event.pointerId !== press.id) return
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) > LONG_PRESS_SLOP_PX) endPress()
    }
    const onPointerEnd = (event: PointerEvent) => {
      if (press && event.pointerId === press.id) endPress()
    }
    // The long press that looked a word up gets no callout (its contextmenu); any other keeps it.
    const onContextMenu = (event: Event) => {
      if (performance.now() - pressedAt > CALLOUT_WINDOW_MS) return
      pressedAt = -Infinity
      event.preventDefault()
    }
    const onDoubleClick = (event: MouseEvent) => {
      if (!inText(event.target, root)) return
      const found = selectedWord(document.getSelection(), root) ?? wordAtPoint(event.clientX, event.clientY, root)
      if (!found) return
      const lookup = { word: found.word, opener: focusedElement(), range: found.range }
      doubled = { at: performance.now(), lookup }
      latest.current.onLookup(lookup)
    }
    // A triple click selects a paragraph (the feedback form takes it along): its second click has
    // opened the popup already, over the text, so its third is made what the reader meant.
    const onMouseDown = (event: MouseEvent) => {
      const last = doubled
      // a first click starts a new sequence: the double-click before it is done with
      if (event.detail <= 1) doubled = null
      if (event.detail < 3 || !last || performance.now() - last.at > TRIPLE_CLICK_MS) return
      doubled = null
      const start = last.lookup.range?.startContainer
      const block = start ? blockOf(start.parentElement, root) : null
      if (!block) return
      event.preventDefault()
      const paragraph = document.createRange()
      paragraph.selectNodeContents(block)
      // the popup gives the selection back as it closes: this one
      last.lookup.range = paragraph
      last.lookup.opener = null
      const selection = document.getSelection()
      selection?.removeAllRanges()
      selection?.addRange(paragraph)
      latest.current.onCancel()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !isLookupKey(event) || isTyping(event.target)) return
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return
      const found = selectedWord(document.getSelection(), root)
      if (!found) return
      event.preventDefault()
      latest.current.onLookup({ word: found.word, opener: focusedElement(), range: found.range })
    }

    root.addEventListener('pointerdown', onPointerDown)
    root.addEventListener('pointermove', onPointerMove, { passive: true })
    root.addEventListener('pointerup', onPointerEnd)
    root.addEventListener('pointercancel', onPointerEnd)
    root.addEventListener('contextmenu', onContextMenu)
    root.addEventListener('dblclick', onDoubleClick)
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('mousedown', onMouseDown, true)
    return () => {
      endPress()
      root.removeEventListener('pointerdown', onPointerDown)
      root.removeEventListener('pointermove', onPointerMove)
      root.removeEventListener('pointerup', onPointerEnd)
      root.removeEventListener('pointercancel', onPointerEnd)
      root.removeEventListener('contextmenu', onContextMenu)
      root.removeEventListener('dblclick', onDoubleClick)
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('mousedown', onMouseDown, true)
    }
  }, [article])
}
