// The reader's sticky title bar: where the page sits, the previous and next page, its title, the
// table of contents and the PDF export. It slides away while the reader scrolls down and returns
// when they scroll up.
import { Suspense, useEffect, useRef, useState } from 'react'
import { clsx } from 'clsx'
import { Link } from 'react-router'
import type { ContentSummary, PageLink } from '#shared/api/content.ts'
import { siteTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { lazyPart } from '#client/components/lazy-part.ts'
import { titleBarClasses } from './layout-classes.ts'
import { pagerLinkLabel } from './PageEndNav.tsx'
import { useScrollRoot } from './scroll-root.ts'
import { titleBarVisible } from './title-bar.ts'

/** The table of contents' popover (Radix Popover, Floating UI) loads when it is first wanted. */
const tocPopover = lazyPart(() => import('./TocPopover.tsx'), 'TocPopover')

export function TitleBar({ summary, onJump }: { summary: ContentSummary | undefined; onJump: (id: string) => void }) {
  const visible = useTitleBarVisibility()
  return (
    <div
      role="group"
      aria-label={readerTexts.titleBarLabel}
      data-visible={visible}
      className={clsx(titleBarClasses.bar, titleBarClasses.motion, !visible && '-translate-y-full')}
    >
      {summary ? (
        <div className={titleBarClasses.crumbRow}>
          <p className={titleBarClasses.crumb}>{`${summary.chapter.bookTitle} › ${summary.chapter.title}`}</p>
          {summary.previous || summary.next ? (
            <nav aria-label={readerTexts.pagerLabel} className={titleBarClasses.pager}>
              {summary.previous ? <PagerLink rel="prev" page={summary.previous} /> : null}
              {summary.next ? <PagerLink rel="next" page={summary.next} /> : null}
            </nav>
          ) : null}
        </div>
      ) : null}
      <div className={titleBarClasses.row}>
        <div className={titleBarClasses.start}>
          <PageHeading title={summary?.title ?? readerTexts.contentHeading}>
            {summary?.title ?? <span className="text-stone-400">{siteTexts.loading}</span>}
          </PageHeading>
        </div>
        <div className={titleBarClasses.tools}>
          <TocButton contentId={summary?.id ?? null} onJump={onJump} />
          {summary ? (
            <Button asChild variant="secondary">
              <a
                href={`/content/${summary.id}?print=1`}
                target="_blank"
                rel="noopener"
                aria-label={readerTexts.pdfLabel}
              >
                {readerTexts.pdf}
              </a>
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** A link to the previous or next page; the server draws the same (client/features/first-view/frame.ts). */
function PagerLink({ rel, page }: { rel: 'prev' | 'next'; page: PageLink }) {
  return (
    <Link
      to={`/content/${page.id}`}
      rel={rel}
      aria-label={pagerLinkLabel(rel, page)}
      className={titleBarClasses.pagerLink}
    >
      {rel === 'prev' ? readerTexts.previous : readerTexts.next}
    </Link>
  )
}

function useTitleBarVisibility() {
  const scrollRoot = useScrollRoot()
  const [visible, setVisible] = useState(true)
  const lastTop = useRef(0)
  useEffect(() => {
    const root = scrollRoot.current
    if (!root) return
    const onScroll = () => {
      const top = root.scrollTop
      const previous = lastTop.current
      lastTop.current = top
      setVisible((wasVisible) => titleBarVisible(wasVisible, previous, top))
    }
    root.addEventListener('scroll', onScroll, { passive: true })
    return () => root.removeEventListener('scroll', onScroll)
  }, [scrollRoot])
  return visible
}

/**
 * The table of contents' button. Its popover (TocPopover.tsx) is loaded when the pointer or focus
 * reaches the button, and opens when its code is there if it was asked for before.
 */
function TocButton({ contentId, onJump }: { contentId: number | null; onJump: (id: string) => void }) {
  const [open, setOpen] = useState(false)
  /** Mounted from its first opening on, so it closes as a Radix popover does. */
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={tocPopover.preload}
        onPointerDown={tocPopover.preload}
        onFocus={tocPopover.preload}
        onClick={() => {
          setWanted(true)
          setOpen((wasOpen) => !wasOpen)
        }}
      >
        {readerTexts.toc}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <tocPopover.Component
            contentId={contentId}
            open={open}
            onOpenChange={setOpen}
            anchor={button}
            onJump={onJump}
          />
        </Suspense>
      ) : null}
    </>
  )
}
