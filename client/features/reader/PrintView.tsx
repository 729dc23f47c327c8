// The PDF export: a whole page, or a whole chapter's pages one after another (every chunk, the
// contents and the notes), laid out for paper, then the browser's print dialog, where "Save as PDF"
// makes the file. Fonts and styles come from this site only.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { readerQueries } from '#client/api/reader.ts'
import { docxPath, epubPath } from '#client/api/export.ts'
import { fill } from '#shared/text/fill.ts'
import { tocHeadings } from '#shared/text/toc-filter.ts'
import { errorTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { prefixIds } from './print-ids.ts'
import { useChunkLoader } from './use-chunk-loader.ts'
import './reader.css'

/** How far one page's loading has come, as its printed copy tells the view around it. */
interface PageProgress {
  loaded: number
  total: number | null
  ready: boolean
  failed: boolean
  retry: () => void
}

export function PrintView({ contentId }: { contentId: number }) {
  const [progress, setProgress] = useState<PageProgress | null>(null)
  const onProgress = useCallback((_id: number, page: PageProgress) => setProgress(page), [])
  const ready = progress?.ready ?? false
  usePrintWhenReady(ready)
  return (
    <article className="print-view mx-auto max-w-3xl px-4 py-6 font-serif">
      <PrintToolbar
        status={
          ready
            ? readerTexts.print.ready
            : fill(readerTexts.print.loading, { loaded: progress?.loaded ?? 0, total: progress?.total ?? '…' })
        }
        ready={ready}
        onRetry={progress?.failed ? progress.retry : undefined}
        epubHref={epubPath('page', contentId)}
        docxHref={docxPath(contentId)}
      />
      <PrintedPage contentId={contentId} onProgress={onProgress} />
    </article>
  )
}

/** A chapter's published pages in order, each in full, under the chapter's title and a list of its pages. */
export function ChapterPrintView({ chapterId }: { chapterId: number }) {
  const chapter = useQuery(readerQueries.chapter(chapterId))
  const pages = useQuery(readerQueries.chapterPages(chapterId))
  const [progress, setProgress] = useState<Record<number, PageProgress>>({})
  const list = pages.data ?? []
  // One page at a time: the next starts loading once the one before it is all in.
  const readyCount = list.findIndex((page) => !progress[page.id]?.ready)
  const done = readyCount === -1 ? list.length : readyCount
  const ready = pages.data !== undefined && chapter.data !== undefined && done === list.length
  const failing = list.map((page) => progress[page.id]).find((page) => page?.failed)
  const onProgress = useCallback((id: number, page: PageProgress) => setProgress((all) => ({ ...all, [id]: page })), [])
  usePrintWhenReady(ready)

  if (chapter.isError || pages.isError) {
    return (
      <p role="alert" className="p-6 text-red-800">
        {errorTexts.screenFailed}
      </p>
    )
  }
  return (
    <article className="print-view mx-auto max-w-3xl px-4 py-6 font-serif">
      <PrintToolbar
        status={
          ready
            ? readerTexts.print.ready
            : fill(readerTexts.print.chapterLoading, { loaded: done, total: pages.data?.length ?? '…' })
        }
        ready={ready}
        onRetry={failing?.retry}
      />
      {chapter.data ? (
        <header className="print-title mb-8">
          {chapter.data.book ? <p className="text-sm text-stone-600">{chapter.data.book.title}</p> : null}
          <h1 className="text-3xl font-semibold">{chapter.data.title}</h1>
          {chapter.data.title ? <title>{chapter.data.title}</title> : null}
        </header>
      ) : null}
      {ready && list.length > 0 ? (
        <nav aria-label={readerTexts.print.toc} className="print-toc mb-10">
          <h2 className="mb-2 text-xl font-semibold">{readerTexts.print.toc}</h2>
          <ol className="grid gap-0.5 text-sm">
            {list.map((page) => (
              <li key={page.id}>
                <a href={`#${pageAnchor(page.id)}`}>{page.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {pages.data?.length === 0 ? <p>{readerTexts.print.chapterEmpty}</p> : null}
      {list.slice(0, done + 1).map((page) => (
        <PrintedPage key={page.id} contentId={page.id} anchor={pageAnchor(page.id)} onProgress={onProgress} />
      ))}
    </article>
  )
}

/** A page's place in a printed chapter; its own ids follow as `lk12-…`. */
const withPrefix = (html: string, anchor: string | undefined) =>
  anchor === undefined ? html : prefixIds(html, `${anchor}-`)

const pageAnchor = (contentId: number) => `lk${contentId}`

/** Once everything is in, the print dialog, once: a reader who closes it prints again with the button. */
function usePrintWhenReady(ready: boolean) {
  const printed = useRef(false)
  useEffect(() => {
    if (!ready || printed.current) return
    printed.current = true
    // let the browser lay the page out before the print dialog takes over
    const timer = setTimeout(() => void printWithPictures(), 300)
    return () => clearTimeout(timer)
  }, [ready])
}

/** Pictures wait for the print: the longest a slow one may keep the dialog back. */
const PICTURES_WAIT_MS = 5000

/**
 * Prints once every picture has loaded (or failed, or PICTURES_WAIT_MS passed): pictures in pages
 * load lazily, and one far below the view would otherwise be printed as an empty box.
 */
async function printWithPictures() {
  const pictures = [...document.querySelectorAll('img')]
  for (const picture of pictures) picture.loading = 'eager'
  const loading = pictures
    .filter((picture) => !picture.complete)
    .map(
      (picture) =>
        new Promise<void>((resolve) => {
          picture.addEventListener('load', () => resolve(), { once: true })
          picture.addEventListener('error', () => resolve(), { once: true })
        }),
    )
  await Promise.race([Promise.all(loading), new Promise((resolve) => setTimeout(resolve, PICTURES_WAIT_MS))])
  window.print()
}

function PrintToolbar({
  status,
  ready,
  onRetry,
  epubHref,
  docxHref,
}: {
  status: ReactNode
  ready: boolean
  onRetry?: (() => void) | undefined
  /** The single page's EPUB download (a chapter's is on the chapter page). */
  epubHref?: string | undefined
  /** The single page's Word file, beside its EPUB. */
  docxHref?: string | undefined
}) {
  return (
    <div className="print-hidden mb-6 flex flex-wrap items-center gap-3 border-b border-stone-200 pb-4 font-sans text-sm">
      <p role="status" className="mr-auto">
        {status}
      </p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {readerTexts.retry}
        </Button>
      ) : null}
      {epubHref ? (
        <a href={epubHref} download type="application/epub+zip" className="text-amber-800 underline underline-offset-4">
          {readerTexts.print.pageEpub}
        </a>
      ) : null}
      {docxHref ? (
        <a
          href={docxHref}
          download
          type="application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className="text-amber-800 underline underline-offset-4"
        >
          {readerTexts.print.pageDocx}
        </a>
      ) : null}
      <Button onClick={() => void printWithPictures()} disabled={!ready}>
        {readerTexts.print.printAgain}
      </Button>
      <Button variant="secondary" onClick={() => window.close()}>
        {readerTexts.print.close}
      </Button>
    </div>
  )
}

/**
 * One page in full: its title, contents, every chunk and its notes. Alone it is the document (its
 * title a level-one heading); within a chapter its title is a level-two heading with `anchor` as its
 * id, its own ids start with `anchor-`, and the chapter's list of pages stands for its contents.
 */
function PrintedPage({
  contentId,
  anchor,
  onProgress,
}: {
  contentId: number
  anchor?: string | undefined
  onProgress: (contentId: number, progress: PageProgress) => void
}) {
  const content = useQuery(readerQueries.content(contentId))
  const noScroll = useRef<HTMLElement | null>(null)
  const loader = useChunkLoader(contentId, noScroll, { autoLoad: false })
  const { loadAll, complete, items, loaded, total, retry } = loader
  const headings = useMemo(() => tocHeadings(content.data?.headers ?? []), [content.data])
  const ready = complete && content.data !== undefined
  const failed = loader.state.failedChunk !== null
  const inChapter = anchor !== undefined
  // Rewritten once per loaded page, not at every update of the chapter around it.
  const chunks = useMemo(
    () =>
      ready
        ? items.flatMap((item) =>
            item.kind === 'chunk' ? [{ index: item.index, html: withPrefix(item.html, anchor) }] : [],
          )
        : [],
    [anchor, items, ready],
  )
  const notes = useMemo(
    () => (content.data?.linksContent ? withPrefix(content.data.linksContent, anchor) : null),
    [anchor, content.data],
  )

  useEffect(() => {
    void loadAll()
  }, [loadAll])

  useEffect(() => {
    onProgress(contentId, {
      loaded,
      total,
      ready,
      failed,
      retry: () => {
        retry()
        void loadAll()
      },
    })
  }, [contentId, failed, loadAll, loaded, onProgress, ready, retry, total])

  const Title = inChapter ? 'h2' : 'h1'
  return (
    <section className={inChapter ? 'print-page mb-12' : undefined} aria-labelledby={anchor}>
      {content.data && !inChapter ? <title>{content.data.title}</title> : null}
      {content.data ? (
        <header className="print-title mb-8">
          {inChapter ? null : (
            <p className="text-sm text-stone-600">
              {content.data.chapter.bookTitle} › {content.data.chapter.title}
            </p>
          )}
          <Title id={anchor} className={inChapter ? 'text-2xl font-semibold' : 'text-3xl font-semibold'}>
            {content.data.title}
          </Title>
        </header>
      ) : null}
      {ready && !inChapter && headings.length > 0 ? (
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
          {chunks.map((chunk) => (
            <div
              key={chunk.index}
              className="reader-chunk reader-prose"
              dangerouslySetInnerHTML={{ __html: chunk.html }}
            />
          ))}
        </div>
      ) : null}
      {ready && notes !== null ? (
        <section aria-label={readerTexts.notes} className="print-notes mt-10 border-t border-stone-300 pt-6">
          <div className="reader-prose" dangerouslySetInnerHTML={{ __html: notes }} />
        </section>
      ) : null}
    </section>
  )
}
