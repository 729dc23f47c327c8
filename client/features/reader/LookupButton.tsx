// The small "Otsi leksikonist" button beside a word selected in the page's text, for readers who
// select with the keyboard or a mouse and do not double-click. Tab from the text reaches it first,
// Escape hides it (until the selection changes), L does the same without it (use-word-lookup.ts).
// Placed in the article (position: relative), so it scrolls with the word.
import { useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { lookupTexts } from '#client/texts/reader.ts'
import { isTyping } from './use-word-lookup.ts'
import type { WordToLookUp } from './use-word-lookup.ts'
import { selectedWord } from './word-lookup.ts'

interface Offer {
  word: string
  range: Range
  top: number
  left: number
}

export function LookupButton({
  article,
  onLookup,
  onNear,
}: {
  article: RefObject<HTMLElement | null>
  onLookup: (word: WordToLookUp) => void
  /** Called when a word is selected: the popup's code can start loading. */
  onNear: () => void
}) {
  const [offer, setOffer] = useState<Offer | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const shown = useRef<Offer | null>(null)
  shown.current = offer
  const near = useRef(onNear)
  near.current = onNear

  // The selection, read once a frame while it changes (a drag fires selectionchange at every move).
  useEffect(() => {
    let frame = 0
    /** The selection Escape dismissed: no button for it until it changes. */
    let dismissed: Range | null = null
    const read = () => {
      frame = 0
      const root = article.current
      const found = root ? selectedWord(document.getSelection(), root) : null
      if (!found || !root || (dismissed && sameRange(dismissed, found.range))) {
        setOffer((old) => (old === null ? old : null))
        return
      }
      dismissed = null
      near.current()
      const box = found.range.getBoundingClientRect()
      const area = root.getBoundingClientRect()
      setOffer((old) =>
        old && old.word === found.word && sameRange(old.range, found.range)
          ? old
          : { word: found.word, range: found.range, top: box.bottom - area.top + 4, left: box.left - area.left },
      )
    }
    const onSelectionChange = () => {
      frame ||= requestAnimationFrame(read)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const current = shown.current
      if (!current || event.defaultPrevented) return
      if (event.key === 'Escape') {
        if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return
        dismissed = current.range
        const wasOnButton = document.activeElement === button.current
        setOffer(null)
        // focus would fall to the page's top: keep the reader at the word
        if (wasOnButton) {
          const selection = document.getSelection()
          selection?.removeAllRanges()
          selection?.addRange(current.range)
        }
        return
      }
      // Tab from the text (not from a link or button of it) goes to the button first.
      if (event.key === 'Tab' && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey) {
        const active = document.activeElement
        const fromText = !active || active === document.body || active === article.current
        if (fromText && !isTyping(event.target) && button.current) {
          event.preventDefault()
          button.current.focus()
        }
      }
    }
    document.addEventListener('selectionchange', onSelectionChange)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      if (frame) cancelAnimationFrame(frame)
      document.removeEventListener('selectionchange', onSelectionChange)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [article])

  if (!offer) return null
  return (
    <button
      ref={button}
      type="button"
      className="reader-lookup-button"
      // the word it offers: the selection is read a frame after it changes (tests wait for this)
      data-word={offer.word}
      style={{ top: offer.top, left: offer.left }}
      title={lookupTexts.lookUpHint}
      aria-keyshortcuts={lookupTexts.lookUpKey}
      // a press keeps the selection (the word) where it is
      onPointerDown={(event) => event.preventDefault()}
      onClick={() => onLookup({ word: offer.word, opener: button.current, range: offer.range })}
    >
      {lookupTexts.lookUp}{' '}
      <kbd aria-hidden="true" className="reader-lookup-key">
        {lookupTexts.lookUpKey}
      </kbd>
    </button>
  )
}

function sameRange(a: Range, b: Range): boolean {
  return (
    a.startContainer === b.startContainer &&
    a.startOffset === b.startOffset &&
    a.endContainer === b.endContainer &&
    a.endOffset === b.endOffset
  )
}
