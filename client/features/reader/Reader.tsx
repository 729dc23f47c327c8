// The reader of one page: title bar, the body in chunks, the load status, the links section and
// the term popup. Clicks on links inside the page are routed here: '#…' jumps, '/term/…' popups.
import { useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { readerTexts } from '#client/texts/reader.ts'
import { ApiError } from '#client/api/http.ts'
import { readerQueries } from '#client/api/reader.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { ChunkedBody } from './ChunkedBody.tsx'
import { LoadStatus } from './LoadStatus.tsx'
import { TermPopup } from './TermPopup.tsx'
import type { OpenTerm } from './TermPopup.tsx'
import { TitleBar } from './TitleBar.tsx'
import { useScrollRoot } from './scroll-root.ts'
import { useChunkLoader } from './use-chunk-loader.ts'
import { useReaderJumps } from './use-reader-jumps.ts'
import './reader.css'

const TERM_LINK = /^\/term\/(\d+)\/?$/

export function Reader({ contentId }: { contentId: number }) {
  const scrollRoot = useScrollRoot()
  const loader = useChunkLoader(contentId, scrollRoot)
  // The page's metadata answer carries its whole HTML too (megabytes on big pages): ask for it
  // only once the first chunk is on screen, so the first words never wait behind it.
  const content = useQuery({
    ...readerQueries.content(contentId),
    enabled: loader.total !== null || loader.state.failedChunk !== null,
  })
  const article = useRef<HTMLElement>(null)
  const { jumpTo } = useReaderJumps({ contentId, loader, article, scrollRoot })
  const [openTerm, setOpenTerm] = useState<OpenTerm | null>(null)

  if (content.error instanceof ApiError && content.error.status === 404) {
    return <PageHeading title={readerTexts.contentNotFound}>{readerTexts.contentNotFound}</PageHeading>
  }

  const followLink = (event: MouseEvent<HTMLElement>) => {
    if (!(event.target instanceof Element)) return
    const link = event.target.closest('a')
    // links in portals (the table of contents) handle themselves
    if (!link || !article.current?.contains(link)) return
    const href = link.getAttribute('href') ?? ''
    if (href.startsWith('#') && href.length > 1) {
      event.preventDefault()
      let target = href.slice(1)
      try {
        target = decodeURIComponent(target)
      } catch {
        // keep the raw id
      }
      jumpTo(target)
      return
    }
    const term = TERM_LINK.exec(href)
    const plainClick = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
    if (term && plainClick) {
      event.preventDefault()
      setOpenTerm({ termId: Number(term[1]), link })
    }
  }

  return (
    <article ref={article} onClick={followLink} className="reader">
      <TitleBar content={content.data} onJump={jumpTo} />
      {content.isError && !(content.error instanceof ApiError && content.error.status === 404) ? (
        <p role="alert" className="mb-4 text-sm text-red-800">
          {readerTexts.fetchContentFailed}
        </p>
      ) : null}
      <ChunkedBody loader={loader} contentId={contentId} />
      <LoadStatus loader={loader} />
      {content.data?.linksContent ? (
        <section aria-label={readerTexts.notes} className="reader-links mt-10 border-t border-stone-300 pt-6">
          <div className="reader-prose" dangerouslySetInnerHTML={{ __html: content.data.linksContent }} />
        </section>
      ) : null}
      <TermPopup open={openTerm} onClose={() => setOpenTerm(null)} />
    </article>
  )
}
