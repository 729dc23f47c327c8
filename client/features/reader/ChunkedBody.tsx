// The page body as it arrives: one container per loaded chunk, a placeholder per missing chunk
// between them (loaded when the reader scrolls near it), and a 'copy link' button on the block the
// reader points at or focuses.
import { memo, useEffect, useRef, useState } from 'react'
import type { FocusEvent, MouseEvent } from 'react'
import { createPortal } from 'react-dom'
import { texts } from '#shared/texts.ts'
import { toast } from '#client/components/ui/use-toast.ts'
import { useScrollRoot } from './scroll-root.ts'
import type { ChunkLoader } from './use-chunk-loader.ts'

/** A top-level block of a chunk: what a paragraph link points at. */
const BLOCK_SELECTOR = '.reader-chunk > [id]'
/** Placeholders start loading this far before they scroll into view. */
const GAP_ROOT_MARGIN = '800px 0px'

export function ChunkedBody({ loader, contentId }: { loader: ChunkLoader; contentId: number }) {
  const [activeBlock, setActiveBlock] = useState<HTMLElement | null>(null)
  const bodyRef = useRef<HTMLDivElement>(null)

  const follow = (event: MouseEvent | FocusEvent) => {
    const target = event.target
    if (!(target instanceof Element)) return
    const block = target.closest<HTMLElement>(BLOCK_SELECTOR)
    if (block && bodyRef.current?.contains(block) && block !== activeBlock) setActiveBlock(block)
  }

  return (
    <div ref={bodyRef} className="reader-body" onMouseOver={follow} onFocus={follow}>
      {loader.items.map((item) =>
        item.kind === 'chunk' ? (
          <ChunkHtml key={`chunk-${item.index}`} index={item.index} html={item.html} />
        ) : (
          <ChunkGap key={`gap-${item.index}`} index={item.index} loader={loader} />
        ),
      )}
      {activeBlock?.isConnected
        ? createPortal(<CopyLinkButton block={activeBlock} contentId={contentId} />, activeBlock)
        : null}
    </div>
  )
}

const ChunkHtml = memo(function ChunkHtml({ index, html }: { index: number; html: string }) {
  // The server sanitised this HTML with its allowlist before storing it.
  return <div className="reader-chunk reader-prose" data-chunk={index} dangerouslySetInnerHTML={{ __html: html }} />
})

function ChunkGap({ index, loader }: { index: number; loader: ChunkLoader }) {
  const ref = useRef<HTMLDivElement>(null)
  const scrollRoot = useScrollRoot()
  const { fillGap, gapsSuspended } = loader
  useEffect(() => {
    const element = ref.current
    if (!element || gapsSuspended) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fillGap(index)
      },
      { root: scrollRoot.current, rootMargin: GAP_ROOT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [fillGap, gapsSuspended, index, scrollRoot])
  return (
    <div ref={ref} className="reader-gap" data-gap={index}>
      <span className="sr-only">{texts.reader.loadingPart}</span>
    </div>
  )
}

function CopyLinkButton({ block, contentId }: { block: HTMLElement; contentId: number }) {
  const copy = async () => {
    const address = `${window.location.origin}/content/${contentId}#${encodeURIComponent(block.id)}`
    try {
      await navigator.clipboard.writeText(address)
      toast({ title: texts.reader.linkCopied, description: address })
    } catch (failure) {
      console.error('Copying the paragraph link failed', failure)
      toast({ variant: 'destructive', title: texts.toast.error, description: texts.reader.copyFailed })
    }
  }
  return (
    <button
      type="button"
      className="block-link"
      aria-label={texts.reader.copyLink}
      title={texts.reader.copyLink}
      onClick={copy}
    >
      <span aria-hidden="true">¶</span>
    </button>
  )
}
