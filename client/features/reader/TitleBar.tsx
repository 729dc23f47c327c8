// The reader's sticky title bar: where the page sits, its title, the table of contents and the
// PDF export. It slides away while the reader scrolls down and returns when they scroll up.
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { clsx } from 'clsx'
import type { Content } from '#shared/api/content.ts'
import { tocHeadings } from '#shared/text/toc-filter.ts'
import { siteTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { useScrollRoot } from './scroll-root.ts'
import { titleBarVisible } from './title-bar.ts'
import { Popover, PopoverContent, PopoverTrigger } from './ui/Popover.tsx'

export function TitleBar({ content, onJump }: { content: Content | undefined; onJump: (id: string) => void }) {
  const visible = useTitleBarVisibility()
  return (
    <div
      role="group"
      aria-label={readerTexts.titleBarLabel}
      data-visible={visible}
      className={clsx(
        'reader-title-bar sticky top-0 z-20 -mx-4 mb-4 border-b border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur',
        // Tab into a hidden bar shows it at once: during a slide in, the browser would scroll the page to reach it
        'transition-transform duration-200 focus-within:translate-y-0 focus-within:transition-none motion-reduce:transition-none',
        !visible && '-translate-y-full',
      )}
    >
      {content ? (
        <p className="truncate text-xs text-stone-600">
          {content.chapter.bookTitle} › {content.chapter.title}
        </p>
      ) : null}
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <PageHeading title={content?.title ?? readerTexts.contentHeading}>
            {content?.title ?? <span className="text-stone-400">{siteTexts.loading}</span>}
          </PageHeading>
        </div>
        <div className="flex shrink-0 gap-2">
          <TocButton headers={content?.headers ?? []} onJump={onJump} />
          {content ? (
            <Button asChild variant="secondary">
              <a
                href={`/content/${content.id}?print=1`}
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

function TocButton({ headers, onJump }: { headers: Content['headers']; onJump: (id: string) => void }) {
  const [open, setOpen] = useState(false)
  const headings = useMemo(() => tocHeadings(headers), [headers])
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
        {headings.length === 0 ? (
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
