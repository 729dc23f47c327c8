// The PDF export: the whole page (every chunk, its table of contents and its notes) laid out for
// paper, then the browser's print dialog, where "Save as PDF" makes the file. Fonts and styles
// come from this site only.
import { useEffect, useMemo, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { readerQueries } from '#client/api/reader.ts'
import { fill } from '#shared/text/fill.ts'
import { tocHeadings } from '#shared/text/toc-filter.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { useChunkLoader } from './use-chunk-loader.ts'
import './reader.css'

export function PrintView({ contentId }: { contentId: number }) {
  const content = useQuery(readerQueries.content(contentId))
  const noScroll = useRef<HTMLElement | null>(null)
  const loader = useChunkLoader(contentId, noScroll, { autoLoad: false })
  const { loadAll, complete, items, loaded, total } = loader
  const headings = useMemo(() => tocHeadings(content.data?.headers ?? []), [content.data])
  const ready = complete && content.data !== undefined
  const printed = useRef(false)

  useEffect(() => {
    void loadAll()
  }, [loadAll])

  useEffect(() => {
    if (!ready || printed.current) return
    printed.current = true
    // let the browser lay the page out before the print dialog takes over
    const timer = setTimeout(() => window.print(), 300)
    return () => clearTimeout(timer)
  }, [ready])

  return (
    <article className="print-view mx-auto max-w-3xl px-4 py-6 font-serif">
      {content.data ? <title>{content.data.title}</title> : null}
      <div className="print-hidden mb-6 flex flex-wrap items-center gap-3 border-b border-stone-200 pb-4 font-sans text-sm">
        <p role="status" className="mr-auto">
          {ready ? readerTexts.print.ready : fill(readerTexts.print.loading, { loaded, total: total ?? '…' })}
        </p>
        {loader.state.failedChunk !== null ? (
          <Button
            variant="secondary"
            onClick={() => {
              loader.retry()
              void loadAll()
            }}
          >
            {readerTexts.retry}
          </Button>
        ) : null}
        <Button onClick={() => window.print()} disabled={!ready}>
          {readerTexts.print.printAgain}
        </Button>
        <Button variant="secondary" onClick={() => window.close()}>
          {readerTexts.print.close}
        </Button>
      </div>
      {content.data ? (
        <header className="print-title mb-8">
          <p className="text-sm text-stone-600">
            {content.data.chapter.bookTitle} › {content.data.chapter.title}
          </p>
          <h1 className="text-3xl font-semibold">{content.data.title}</h1>
        </header>
      ) : null}
      {ready && headings.length > 0 ? (
        <nav aria-label={readerTexts.print.toc} className="print-toc mb-10">
          <h2 className="mb-2 text-xl font-semibold">{readerTexts.print.toc}</h2>
          <ol className="grid gap-0.5 text-sm">
            {headings.map((heading) => (
              <li key={heading.id} style={{ paddingLeft: `${Math.max(0, heading.level - 1)}rem` }}>
                <a href={`#${heading.id}`}>{heading.text}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {ready ? (
        <div className="print-body">
          {items.map((item) =>
            item.kind === 'chunk' ? (
              <div
                key={item.index}
                className="reader-chunk reader-prose"
                dangerouslySetInnerHTML={{ __html: item.html }}
              />
            ) : null,
          )}
        </div>
      ) : null}
      {ready && content.data?.linksContent ? (
        <section aria-label={readerTexts.notes} className="print-notes mt-10 border-t border-stone-300 pt-6">
          <div className="reader-prose" dangerouslySetInnerHTML={{ __html: content.data.linksContent }} />
        </section>
      ) : null}
    </article>
  )
}
