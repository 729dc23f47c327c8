// The reader's side of reading-history.ts: notes which block is at the top of the view as the
// reader scrolls (looked up at most once a frame, saved at most once a second and when they leave
// the page), and on opening a page
// without a place in its address offers the block where they stopped last time.
import { useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { useLocation } from 'react-router'
import { placeOf, rememberPlace } from './reading-history.ts'

const SAVE_EVERY_MS = 1000

/** The id of the page block a third of the way down the view, or null near the page's start. */
function blockAtTop(root: HTMLElement, article: HTMLElement | null): string | null {
  if (root.scrollTop < root.clientHeight / 2) return null
  const box = root.getBoundingClientRect()
  const probe = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(200, box.height / 3))
  const block = probe && article?.contains(probe) ? probe.closest('.reader-chunk > [id]') : null
  return block?.id || null
}

export function useReadingPlace({
  contentId,
  title,
  scrollRoot,
  article,
}: {
  contentId: number
  title: string | undefined
  scrollRoot: RefObject<HTMLElement | null>
  article: RefObject<HTMLElement | null>
}) {
  const location = useLocation()
  // Offered once, when the page opens without a place of its own in the address.
  const [offer, setOffer] = useState<string | null>(() =>
    location.hash ? null : (placeOf(contentId)?.blockId ?? null),
  )
  const lastBlock = useRef<string | null>(null)

  useEffect(() => {
    const root = scrollRoot.current
    if (!root || !title) return
    // The visit counts at once (recently read), keeping the place noted before until they scroll.
    lastBlock.current = placeOf(contentId)?.blockId ?? null
    const save = () => rememberPlace({ contentId, title, blockId: lastBlock.current, at: Date.now() })
    save()
    let timer: ReturnType<typeof setTimeout> | undefined
    const flush = () => {
      if (timer === undefined) return
      clearTimeout(timer)
      timer = undefined
      save()
    }
    // The block is looked up once a frame, not on every scroll event (elementFromPoint forces a
    // layout); it is noted at once, while the page's DOM is still there to ask.
    let frame: number | undefined
    const sample = () => {
      frame = undefined
      // Read past a screen: the offer has nothing more to say.
      if (root.scrollTop > root.clientHeight) setOffer(null)
      const block = blockAtTop(root, article.current)
      if (block === null || block === lastBlock.current) return
      lastBlock.current = block
      timer ??= setTimeout(flush, SAVE_EVERY_MS)
    }
    const onScroll = () => {
      frame ??= requestAnimationFrame(sample)
    }
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    root.addEventListener('scroll', onScroll, { passive: true })
    document.addEventListener('visibilitychange', onHide)
    window.addEventListener('pagehide', flush)
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame)
      flush()
      root.removeEventListener('scroll', onScroll)
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', flush)
    }
  }, [article, contentId, scrollRoot, title])

  return { offer, dismiss: () => setOffer(null) }
}
