// The reader's sticky title bar: where the page sits, its title, the table of contents and the
// PDF export. It slides away while the reader scrolls down and returns when they scroll up.
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { clsx } from 'clsx'
import { useQuery } from '@tanstack/react-query'
import type { ContentSummary } from '#shared/api/content.ts'
import { tocHeadings } from '#shared/text/toc-filter.ts'
import { siteTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { titleBarClasses } from './layout-classes.ts'
import { useScrollRoot } from './scroll-root.ts'
import { titleBarVisible } from './title-bar.ts'
import { Popover, PopoverContent, PopoverTrigger } from './ui/Popover.tsx'

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
        <p className={titleBarClasses.crumb}>{`${summary.chapter.bookTitle} › ${summary.chapter.title}`}</p>
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

/** The table of contents: the page's headings are asked for when it is first opened. */
function TocButton({ contentId, onJump }: { contentId: number | null; onJump: (id: string) => void }) {
  const [open, setOpen] = useState(false)
  const toc = useQuery({ ...readerQueries.toc(contentId ?? 0), enabled: open && contentId !== null })
  const headings = useMemo(() => tocHeadings(toc.data ?? []), [toc.data])
  const titleId = useId()
  return (
    <Popover open={open} onOpenChange={setOpen} modal>
      <PopoverTrigger asChild>
        <Button variant="secondary">{readerTexts.toc}</Button>
      </PopoverTrigger>
      <PopoverContent aria-labelledby={titleId}>
        <h2 id={titleId} className="mb-2 pr-8 font-serif text-lg font-semibold">
          {readerTexts.toc}
        </h2>
        {toc.isPending ? (
          <p role="status" className="text-sm text-stone-600">
            {siteTexts.loading}
          </p>
        ) : toc.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {readerTexts.tocFailed}
          </p>
        ) : headings.length === 0 ? (
          <p className="text-sm text-stone-600">{readerTexts.tocEmpty}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {headings.map((heading) => (
              <li key={heading.id} style={{ paddingLeft: `${Math.max(0, heading.level - 1) * 0.75}rem` }}>
                <a
                  href={`#${heading.id}`}
                  className="block rounded px-1 py-0.5 text-stone-800 hover:bg-stone-100 hover:underline"
                  onClick={(event) => {
                    event.preventDefault()
                    setOpen(false)
                    onJump(heading.id)
                  }}
                >
                  {heading.text}
                </a>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  )
}
