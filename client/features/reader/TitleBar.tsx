// The reader's sticky title bar: where the page sits, the previous and next page, its title, find in
// page, the table of contents, the reading settings and the PDF export. It slides away while the
// reader scrolls down and returns when they scroll up (it stays while the find bar is open).
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { clsx } from 'clsx'
import type { ReactNode, RefObject } from 'react'
import { Link } from 'react-router'
import type { ContentSummary, PageLink } from '#shared/api/content.ts'
import { siteTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { lazyPart } from '#client/components/lazy-part.ts'
import { titleBarClasses } from '#client/layout/layout-classes.ts'
import { useScrollRoot } from '#client/layout/scroll-root.ts'
import type { FindTarget } from './FindBar.tsx'
import { pagerLinkLabel } from './PageEndNav.tsx'
import { titleBarVisible } from './title-bar.ts'

/** The table of contents' popover (Radix Popover, Floating UI) loads when it is first wanted. */
const tocPopover = lazyPart(() => import('./TocPopover.tsx'), 'TocPopover')
/** The find bar loads when its button is first pointed at, focused or pressed. */
const findBar = lazyPart(() => import('./FindBar.tsx'), 'FindBar')
/** The reading settings' popover, likewise. */
const settingsPopover = lazyPart(
  () => import('#client/features/reading-settings/ReadingSettingsPopover.tsx'),
  'ReadingSettingsPopover',
)

export function TitleBar({
  summary,
  onJump,
  find,
}: {
  summary: ContentSummary | undefined
  onJump: (id: string) => void
  /** The reader find in page searches; without it there is no find button. */
  find?: FindTarget
}) {
  const scrolledIntoView = useTitleBarVisibility()
  const [finding, setFinding] = useState(false)
  const findButton = useRef<HTMLButtonElement>(null)
  const findBarId = useId()
  const visible = scrolledIntoView || finding
  const closeFind = () => {
    setFinding(false)
    findButton.current?.focus()
  }
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
          {find ? (
            <FindButton
              ref={findButton}
              open={finding}
              controls={findBarId}
              onClick={() => setFinding((was) => !was)}
            />
          ) : null}
          <TocButton contentId={summary?.id ?? null} onJump={onJump} />
          <SettingsButton />
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
      {find && finding ? (
        <Suspense fallback={null}>
          <findBar.Component id={findBarId} {...find} onClose={closeFind} />
        </Suspense>
      ) : null}
    </div>
  )
}

/** Find in page's button: a magnifier, named for screen readers and voice control; the server draws the same. */
function FindButton({
  ref,
  open,
  controls,
  onClick,
}: {
  ref: RefObject<HTMLButtonElement | null>
  open: boolean
  controls: string
  onClick: () => void
}) {
  return (
    <Button
      ref={ref}
      type="button"
      variant="secondary"
      className={titleBarClasses.findButton}
      aria-label={readerTexts.find}
      title={readerTexts.find}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onPointerEnter={findBar.preload}
      onPointerDown={findBar.preload}
      onFocus={findBar.preload}
      onClick={onClick}
    >
      <FindIcon />
    </Button>
  )
}

function FindIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4.5 4.5" strokeLinecap="round" />
    </svg>
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

/** The table of contents' button and its popover (TocPopover.tsx). */
function TocButton({ contentId, onJump }: { contentId: number | null; onJump: (id: string) => void }) {
  return (
    <PopoverButton
      part={tocPopover}
      popover={(state) => <tocPopover.Component contentId={contentId} onJump={onJump} {...state} />}
    >
      {readerTexts.toc}
    </PopoverButton>
  )
}

/** The reading settings' button ("Aa") and its popover. */
function SettingsButton() {
  return (
    <PopoverButton
      part={settingsPopover}
      label={readerTexts.settingsLabel}
      popover={(state) => <settingsPopover.Component {...state} />}
    >
      {readerTexts.settings}
    </PopoverButton>
  )
}

interface PopoverState {
  open: boolean
  onOpenChange: (open: boolean) => void
  anchor: RefObject<HTMLButtonElement | null>
}

/**
 * A title bar button with a lazy popover: its code is loaded when the pointer or focus reaches the
 * button, and the popover opens when its code is there if it was asked for before; mounted from its
 * first opening on, so it closes as a Radix popover does.
 */
function PopoverButton({
  part,
  label,
  popover,
  children,
}: {
  part: { preload: () => void }
  label?: string
  popover: (state: PopoverState) => ReactNode
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="secondary"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={part.preload}
        onPointerDown={part.preload}
        onFocus={part.preload}
        onClick={() => {
          setWanted(true)
          setOpen((wasOpen) => !wasOpen)
        }}
      >
        {children}
      </Button>
      {wanted ? <Suspense fallback={null}>{popover({ open, onOpenChange: setOpen, anchor: button })}</Suspense> : null}
    </>
  )
}
