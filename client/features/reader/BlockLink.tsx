// The paragraph link (issue #5): one '¶' button for the whole body, beside the block the reader
// points at, focuses, or reads (the one at the top of the reading area). It is the body's only own
// tab stop, first in it; on it the arrow keys move it from block to block, Home and End to the
// first and last block, and Enter copies the address. See docs/decisions/008-paragraph-links-keyboard.md.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent, RefObject } from 'react'
import { toastTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { toast } from '#client/components/ui/use-toast.ts'
import { useScrollRoot } from '#client/layout/scroll-root.ts'
import { blockAddress, blockInView, blockOf, blockPreview, firstBlock, lastBlock, step } from './block-link.ts'
import type { Step } from './block-link.ts'

interface BlockLinkProps {
  body: RefObject<HTMLElement | null>
  contentId: number
  /** Changes whenever chunks arrive, so a link without a block finds one. */
  items: unknown
  /** The arrow keys reached a chunk that is not on the page yet. */
  onGap: (chunk: number) => void
  /** The arrow keys reached the last block on the page. */
  onEnd: () => void
}

/** A keyboard user is on the link: only their keys move it (a click focuses it too, but not so). */
function keyboardHolds(link: HTMLElement | null): boolean {
  return !!link?.matches(':focus-visible')
}

export function BlockLink({ body, contentId, items, onGap, onEnd }: BlockLinkProps) {
  const [block, setBlock] = useState<HTMLElement | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const button = useRef<HTMLButtonElement>(null)
  const pointer = useRef<{ x: number; y: number } | null>(null)
  const scrollRoot = useScrollRoot()
  const hintId = useId()
  const previewId = useId()

  const readingBlock = useCallback((): HTMLElement | null => {
    const element = body.current
    const root = scrollRoot.current
    if (!element) return null
    if (!root) return firstBlock(element)
    const area = root.getBoundingClientRect()
    // below the sticky title bar, even while it is hidden: Tab shows it on the way to the link
    const titleBar = root.querySelector<HTMLElement>('.reader-title-bar')
    return blockInView(element, area.top + (titleBar?.offsetHeight ?? 0), area.bottom)
  }, [body, scrollRoot])

  /** After a scroll or a load: the block under the resting pointer, else the one being read. */
  const followReading = useCallback(() => {
    const element = body.current
    if (!element) return
    const focused = document.activeElement
    const focusInside = focused instanceof Element && element.contains(focused)
    if (focusInside && (focused !== button.current || keyboardHolds(button.current))) return
    let next: HTMLElement | null = null
    if (pointer.current) {
      const under = document.elementFromPoint(pointer.current.x, pointer.current.y)
      if (under === button.current) return
      next = blockOf(under, element)
    }
    next ??= readingBlock()
    if (next) setBlock(next)
  }, [body, readingBlock])

  // Pointer and focus inside the body.
  useEffect(() => {
    const element = body.current
    if (!element) return
    const onPointer = (event: MouseEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY }
      if (keyboardHolds(button.current)) return
      const hovered = blockOf(event.target, element)
      if (hovered) setBlock(hovered)
    }
    const onLeave = () => {
      pointer.current = null
    }
    const onFocus = (event: FocusEvent) => {
      const focusedBlock = blockOf(event.target, element)
      if (focusedBlock) setBlock(focusedBlock)
    }
    element.addEventListener('mouseover', onPointer)
    element.addEventListener('mousemove', onPointer, { passive: true })
    element.addEventListener('mouseleave', onLeave)
    element.addEventListener('focusin', onFocus)
    return () => {
      element.removeEventListener('mouseover', onPointer)
      element.removeEventListener('mousemove', onPointer)
      element.removeEventListener('mouseleave', onLeave)
      element.removeEventListener('focusin', onFocus)
    }
  }, [body])

  // Scrolling moves the link along with the reading, so Tab never lands far from the text in view.
  useEffect(() => {
    const root = scrollRoot.current
    if (!root) return
    let frame = 0
    const onScroll = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        followReading()
      })
    }
    root.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      root.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [followReading, scrollRoot])

  // A new chunk: a link without a block (the first chunk, or one that left the page) finds one.
  useEffect(() => {
    if (!block?.isConnected) {
      const next = readingBlock()
      if (next !== block) setBlock(next)
    }
  }, [block, items, readingBlock])

  // Beside its block; again whenever the body's height changes (chunks, images, a narrower window).
  // Placed by the observer only, whose first call comes right after the browser's own layout of the
  // frame, before it paints: measuring here would lay the page out once more inside React's commit
  // (the app's first commit, or a chunk's arrival), a long task on a phone (decision 050).
  useLayoutEffect(() => {
    const element = body.current
    const link = button.current
    if (!element || !link || !block?.isConnected) return
    const place = () => {
      link.style.top = `${block.getBoundingClientRect().top - element.getBoundingClientRect().top}px`
    }
    const observer = new ResizeObserver(place)
    observer.observe(element)
    return () => observer.disconnect()
  }, [block, body])

  const preview = useMemo(() => (block ? blockPreview(block) : ''), [block])

  if (!block) return null

  const move = (next: Step | HTMLElement | null) => {
    if (!next) return
    if (next instanceof HTMLElement || 'block' in next) {
      const target = next instanceof HTMLElement ? next : next.block
      setBlock(target)
      target.scrollIntoView({ block: 'nearest' })
      setAnnouncement(blockPreview(target))
    } else if ('gap' in next) {
      onGap(next.gap)
      setAnnouncement(readerTexts.loadingPart)
    } else {
      onEnd()
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const element = body.current
    if (!element) return
    const moves: Record<string, () => Step | HTMLElement | null> = {
      ArrowDown: () => step(block, 1),
      ArrowUp: () => step(block, -1),
      Home: () => firstBlock(element),
      End: () => lastBlock(element),
    }
    const target = moves[event.key]
    if (!target) return
    event.preventDefault()
    move(target())
  }

  const copy = async () => {
    const address = blockAddress(window.location.origin, contentId, block.id)
    try {
      await navigator.clipboard.writeText(address)
      toast({ title: readerTexts.linkCopied, description: address })
    } catch (failure) {
      console.error('Copying the paragraph link failed', failure)
      toast({ variant: 'destructive', title: toastTexts.error, description: readerTexts.copyFailed })
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className="block-link"
        aria-label={readerTexts.copyLink}
        aria-describedby={`${previewId} ${hintId}`}
        aria-keyshortcuts="ArrowUp ArrowDown Home End"
        title={readerTexts.copyLink}
        onClick={copy}
        onKeyDown={onKeyDown}
      >
        <span aria-hidden="true">¶</span>
      </button>
      <span id={previewId} hidden>
        {preview}
      </span>
      <span id={hintId} hidden>
        {readerTexts.copyLinkKeys}
      </span>
      <span role="status" className="block-link-status sr-only">
        {announcement}
      </span>
    </>
  )
}
