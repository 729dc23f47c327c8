// The reader of one page: title bar, the body in chunks, the load status, the links section (with
// the last chunk) and the term popup; it starts from the server's first view when the HTML had one.
// Clicks on links inside the page are routed here: '#…' jumps, '/term/…' popups, other reader
// addresses inside the app (in-app-link.ts). Any other word of the text opens the same popup with
// its lexicon lookup (use-word-lookup.ts, LookupButton.tsx).
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { ComponentType, MouseEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { readerTexts } from '#client/texts/reader.ts'
import { ApiError } from '#client/api/http.ts'
import { readerQueries } from '#client/api/reader.ts'
import { claimFirstView } from '#client/features/first-view/first-view.ts'
import { rememberSelections } from '#client/features/feedback/selected-passage.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { isOfflineMiss } from '#client/features/offline/offline-miss.ts'
import { OfflinePageMissing } from '#client/features/offline/OfflinePageMissing.tsx'
import { anyBookSaved } from '#client/features/offline/saved-books-key.ts'
import { lazyPart } from '#client/components/lazy-part.ts'
import { useScrollRoot } from '#client/layout/scroll-root.ts'
import { ChunkedBody } from './ChunkedBody.tsx'
import { LoadStatus } from './LoadStatus.tsx'
import { LookupButton } from './LookupButton.tsx'
import { PageEndNav } from './PageEndNav.tsx'
import { ResumeOffer } from './ResumeOffer.tsx'
import type { OpenTerm, TermPopupProps } from './TermPopup.tsx'
import { TitleBar } from './TitleBar.tsx'
import { useFollowInApp } from './in-app-link.ts'
import { useChunkLoader } from './use-chunk-loader.ts'
import { useReaderJumps } from './use-reader-jumps.ts'
import { useReadingPlace } from './use-reading-place.ts'
import { useWordLookup } from './use-word-lookup.ts'
import type { WordToLookUp } from './use-word-lookup.ts'
import './reader.css'

const TERM_LINK = /^\/term\/(\d+)\/?$/
/** A title bar from the page's HTML is as fresh as the page; asked again only after this long. */
const SUMMARY_FROM_HTML_FRESH_MS = 60_000
/** The term popup's code comes when a term link is first pointed at, focused or opened. */
const termPopup = lazyPart(() => import('./TermPopup.tsx'), 'TermPopup')

function preloadTermPopup(event: { target: EventTarget }) {
  if (event.target instanceof Element && event.target.closest('a[href^="/term/"]')) termPopup.preload()
}

export function Reader({ contentId }: { contentId: number }) {
  const scrollRoot = useScrollRoot()
  // The server may have sent this page's title bar and first chunk in the HTML: start from them.
  const [firstView] = useState(() => claimFirstView(contentId))
  const loader = useChunkLoader(contentId, scrollRoot, { firstView })
  // The title bar's few hundred bytes; the table of contents and the footnotes come when needed.
  const summary = useQuery({
    ...readerQueries.summary(contentId),
    ...(firstView ? { initialData: firstView.summary, staleTime: SUMMARY_FROM_HTML_FRESH_MS } : {}),
  })
  const article = useRef<HTMLElement>(null)
  const { jumpTo } = useReaderJumps({ contentId, loader, article, scrollRoot })
  const place = useReadingPlace({ contentId, title: summary.data?.title, scrollRoot, article })
  const [openTerm, setOpenTerm] = useState<OpenTerm | null>(null)
  /**
   * The popup's component once its code is there. Rendered directly, not through React.lazy: a lazy
   * part mounted at the first opening is shown no sooner than 300 ms (Suspense), and a page read
   * offline whose copy lacks the code must stay as it is. It stays mounted, so it closes as a Radix
   * dialog does.
   */
  const [Popup, setPopup] = useState<ComponentType<TermPopupProps> | null>(null)
  const loadPopup = useCallback(() => termPopup.ready().then((loaded) => setPopup(() => loaded)), [])
  /** Counts cancellations: a lookup whose code arrives after its cancel (a triple click) stays shut. */
  const lookupsCancelled = useRef(0)
  const openPopup = useCallback(
    (term: OpenTerm) => {
      const cancelledBefore = lookupsCancelled.current
      loadPopup().then(
        () => {
          if (lookupsCancelled.current === cancelledBefore) setOpenTerm(term)
        },
        (failure: unknown) => console.warn('The lexicon popup could not be loaded', failure),
      )
    },
    [loadPopup],
  )
  const followInApp = useFollowInApp()
  // Any word of the text looked up in the lexicon: double-click, long press, the L key or the button.
  const openLookup = useCallback((lookup: WordToLookUp) => openPopup({ lookup }), [openPopup])
  const cancelLookup = useCallback(() => {
    lookupsCancelled.current++
    setOpenTerm(null)
  }, [])
  // The popup's code comes at the first sign of a lookup: a press in the text (a double-click's
  // first click, a long press starting) or the lookup button coming near, so by the double-click it
  // is there and opens at once (within 150 ms on the 9 MB page). Not earlier: a visitor who never
  // looks a word up never loads it.
  const lookupNear = useCallback(() => {
    loadPopup().catch(() => undefined)
  }, [loadPopup])
  useWordLookup(article, openLookup, lookupNear, cancelLookup)

  // The passage a reader selects here goes with their feedback (FeedbackForm.tsx).
  useEffect(() => (article.current ? rememberSelections(contentId, article.current) : undefined), [contentId])

  // Where the reader had scrolled the server's page before the script ran, before the next paint.
  useLayoutEffect(() => {
    const root = scrollRoot.current
    if (firstView && root && firstView.scrollTop > 0) root.scrollTop = firstView.scrollTop
  }, [firstView, scrollRoot])

  // Read online, a page whose saved offline copy is of another build has that copy replaced.
  const readBuild = summary.data?.buildId
  useEffect(() => {
    if (readBuild === undefined || !navigator.onLine || !anyBookSaved()) return
    import('#client/features/offline/offline-books.ts')
      .then(({ refreshSavedPage }) => refreshSavedPage(contentId, readBuild))
      .catch((failure: unknown) => console.warn(`The offline copy of page ${contentId} was not refreshed`, failure))
  }, [contentId, readBuild])

  if (isOfflineMiss(summary.error)) return <OfflinePageMissing />
  if (summary.error instanceof ApiError && summary.error.code === 'not_found') {
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
      openPopup({ termId: Number(term[1]), link })
      return
    }
    followInApp(event)
  }

  return (
    <article
      ref={article}
      onClick={followLink}
      onPointerOver={preloadTermPopup}
      onFocus={preloadTermPopup}
      className="reader relative"
    >
      <TitleBar summary={summary.data} onJump={jumpTo} find={{ contentId, loader, article, scrollRoot }} />
      {summary.isError && !(summary.error instanceof ApiError && summary.error.code === 'not_found') ? (
        <p role="alert" className="mb-4 text-sm text-red-800">
          {readerTexts.fetchContentFailed}
        </p>
      ) : null}
      <ChunkedBody loader={loader} contentId={contentId} firstView={firstView} />
      <LookupButton article={article} onLookup={openLookup} onNear={lookupNear} />
      <LoadStatus loader={loader} />
      {loader.links ? (
        <section aria-label={readerTexts.notes} className="reader-links mt-10 border-t border-stone-300 pt-6">
          {/* sanitised by the server with the page's allowlist */}
          <div className="reader-prose" dangerouslySetInnerHTML={{ __html: loader.links }} />
        </section>
      ) : null}
      {loader.complete && summary.data ? <PageEndNav summary={summary.data} /> : null}
      {place.offer ? (
        <ResumeOffer
          onResume={() => {
            jumpTo(place.offer!)
            place.dismiss()
          }}
          onDismiss={place.dismiss}
        />
      ) : null}
      {Popup ? <Popup open={openTerm} onClose={() => setOpenTerm(null)} /> : null}
    </article>
  )
}
