// The page body as it arrives: one container per loaded chunk, a placeholder per missing chunk
// between them (loaded when the reader scrolls near it), and the paragraph link, first in the body.
import { memo, useEffect, useRef } from 'react'
import { readerTexts } from '#client/texts/reader.ts'
import { adoptChunk } from '#client/features/first-view/first-view.ts'
import type { FirstView } from '#client/features/first-view/first-view.ts'
import { useScrollRoot } from '#client/layout/scroll-root.ts'
import { BlockLink } from './BlockLink.tsx'
import { SectionEditLink } from './SectionEditLink.tsx'
import type { ChunkLoader } from './use-chunk-loader.ts'

/** Placeholders start loading this far before they scroll into view. */
const GAP_ROOT_MARGIN = '800px 0px'

export function ChunkedBody({
  loader,
  contentId,
  firstView,
}: {
  loader: ChunkLoader
  contentId: number
  /** The server's first chunk, already on the page: its nodes move into chunk 0's element. */
  firstView: FirstView | null
}) {
  const bodyRef = useRef<HTMLDivElement>(null)
  return (
    <div ref={bodyRef} className="reader-body">
      <BlockLink
        body={bodyRef}
        contentId={contentId}
        items={loader.items}
        onGap={loader.fillGap}
        onEnd={loader.loadMore}
      />
      <SectionEditLink body={bodyRef} contentId={contentId} />
      {loader.items.map((item) =>
        item.kind === 'chunk' && item.index === 0 && firstView ? (
          <AdoptedChunk key="chunk-0" firstView={firstView} />
        ) : item.kind === 'chunk' ? (
          <ChunkHtml key={`chunk-${item.index}`} index={item.index} html={item.html} />
        ) : (
          <ChunkGap key={`gap-${item.index}`} index={item.index} loader={loader} />
        ),
      )}
    </div>
  )
}

const ChunkHtml = memo(function ChunkHtml({ index, html }: { index: number; html: string }) {
  // The server sanitised this HTML with its allowlist before storing it.
  return <div className="reader-chunk reader-prose" data-chunk={index} dangerouslySetInnerHTML={{ __html: html }} />
})

/** Chunk 0 as the server sent it in the HTML: the same nodes, moved, not drawn again. */
const AdoptedChunk = memo(function AdoptedChunk({ firstView }: { firstView: FirstView }) {
  return <div className="reader-chunk reader-prose" data-chunk={0} ref={(element) => adoptChunk(element, firstView)} />
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
      <span className="sr-only">{readerTexts.loadingPart}</span>
    </div>
  )
}
