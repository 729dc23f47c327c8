// What the reader's first screen needs of a page, without its body: the title bar's summary, the
// table of contents (asked for when opened), and for the HTML of /content/{id} the summary with the
// first chunk, so the page's text paints before any script runs (server/http/first-view.ts).
import type { ContentSummary, ContentToc, ReaderChunk } from '#shared/api/content.ts'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { notFound } from '../../http/errors.ts'
import { findNeighbours, findPageHeaders, findPageSummary, type PageLink } from './content.repo.ts'
import type { ContentContext } from './content-state.ts'
import { readChunk } from './reader.service.ts'

type SummaryRow = NonNullable<Awaited<ReturnType<typeof findPageSummary>>>

type Neighbours = { previous: PageLink | null; next: PageLink | null }

const toSummary = (row: SummaryRow, { previous, next }: Neighbours): ContentSummary => ({
  id: row.id,
  chapterId: row.chapterId,
  title: row.title,
  buildId: row.buildId,
  chapter: { id: row.chapterId, title: row.chapterTitle, bookId: row.bookId, bookTitle: row.bookTitle },
  previous,
  next,
})

export async function readSummary({ db }: ContentContext, id: number, canSeeDrafts: boolean): Promise<ContentSummary> {
  const row = await findPageSummary(db, id)
  if (!row || (!row.published && !canSeeDrafts)) throw notFound('Content')
  return toSummary(row, await findNeighbours(db, id))
}

export async function readToc({ db }: ContentContext, id: number, canSeeDrafts: boolean): Promise<ContentToc> {
  const row = await findPageHeaders(db, id)
  if (!row || (!row.published && !canSeeDrafts)) throw notFound('Content')
  return { headers: JSON.parse(row.headers) as ContentToc['headers'] }
}

/** A published page's summary and first chunk as a visitor gets them; undefined for anything else. */
export interface FirstView {
  summary: ContentSummary
  chunk: ReaderChunk
}

/**
 * A published page's title bar as a visitor gets it (two small queries); undefined for anything
 * else. With its build, it names the page's first view: the server keeps the HTML made from it.
 */
export async function readFirstViewSummary(content: ContentContext, id: number): Promise<ContentSummary | undefined> {
  const [row, neighbours] = await Promise.all([findPageSummary(content.db, id), findNeighbours(content.db, id)])
  return row?.published ? toSummary(row, neighbours) : undefined
}

/** The summary with the page's first chunk (usually from memory); undefined once the page is gone. */
export async function readFirstView(content: ContentContext, summary: ContentSummary): Promise<FirstView | undefined> {
  const chunk = await readChunk(content, summary.id, 0, READER_CHUNK_SIZE, false)
    .then(async (answer) => JSON.parse(await answer.json()) as ReaderChunk)
    // Unpublished or deleted meanwhile: the client shows whatever the API says.
    .catch(() => undefined)
  if (!chunk) return undefined
  return { summary: { ...summary, buildId: chunk.buildId }, chunk }
}
