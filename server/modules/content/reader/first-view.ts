// What the reader's first screen needs of a page, without its body: the title bar's summary, the
// table of contents (asked for when opened), and for the HTML of /content/{id} the summary with the
// first chunk, so the page's text paints before any script runs (server/http/first-view.ts).
import { LRUCache } from 'lru-cache'
import type { ContentSummary, ContentToc, ReaderChunk } from '#shared/api/content.ts'
import type { ReaderFirstView } from '#shared/first-view.ts'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { notFound } from '../../../http/errors.ts'
import { findPageHeaders, findPageSummary, type PageSummaryRow } from './reader.repo.ts'
import type { ReaderContext } from './reader-context.ts'
import { readChunk, type PageReader } from './reader.service.ts'

const toSummary = ({ previous, next, ...row }: PageSummaryRow): ContentSummary => ({
  id: row.id,
  chapterId: row.chapterId,
  title: row.title,
  buildId: row.buildId,
  chapter: { id: row.chapterId, title: row.chapterTitle, bookId: row.bookId, bookTitle: row.bookTitle },
  previous,
  next,
})

export async function readSummary(
  { db }: ReaderContext,
  id: number,
  { canSeeDrafts }: PageReader,
): Promise<ContentSummary> {
  const row = await findPageSummary(db, id)
  if (!row || (!row.published && !canSeeDrafts)) throw notFound('Content')
  return toSummary(row)
}

export async function readToc({ db }: ReaderContext, id: number, { canSeeDrafts }: PageReader): Promise<ContentToc> {
  const row = await findPageHeaders(db, id)
  if (!row || (!row.published && !canSeeDrafts)) throw notFound('Content')
  return { headers: JSON.parse(row.headers) as ContentToc['headers'] }
}

/**
 * A published page's title bar as a visitor gets it (one query); undefined for anything else. With
 * its build, it names the page's first view: the server keeps the HTML made from it.
 */
export async function readFirstViewSummary(content: ReaderContext, id: number): Promise<ContentSummary | undefined> {
  const row = await findPageSummary(content.db, id)
  return row?.published ? toSummary(row) : undefined
}

/**
 * Published pages' title bars (readFirstViewSummary) kept in memory while nothing has changed: no
 * write here, no notice from another process (page-states.ts `moment`; migration 0015 makes a
 * renamed or moved page, chapter or book notify). A visitor's /content/{id} whose HTML is kept then
 * asks the database nothing. Pages that are not published are kept too (as null), within the
 * bound, so a flood of made-up ids costs a query each only once per change.
 */
export function keptTitleBars(content: ReaderContext) {
  const kept = new LRUCache<number, { moment: number; summary: ContentSummary | null }>({ max: 5_000 })
  return async (id: number): Promise<ContentSummary | undefined> => {
    const { pageStates } = content
    const moment = pageStates.moment()
    const hit = kept.get(id)
    if (hit && moment !== undefined && hit.moment === moment) return hit.summary ?? undefined
    const summary = await readFirstViewSummary(content, id)
    if (moment !== undefined && pageStates.moment() === moment) kept.set(id, { moment, summary: summary ?? null })
    return summary
  }
}

/** The summary with the page's first chunk (usually from memory); undefined once the page is gone. */
export async function readFirstView(
  content: ReaderContext,
  summary: ContentSummary,
): Promise<ReaderFirstView | undefined> {
  const chunk = await readChunk(content, summary.id, 0, READER_CHUNK_SIZE, { canSeeDrafts: false })
    .then(async (answer) => JSON.parse(await answer.json()) as ReaderChunk)
    // Unpublished or deleted meanwhile: the client shows whatever the API says.
    .catch(() => undefined)
  if (!chunk) return undefined
  return { summary: { ...summary, buildId: chunk.buildId }, chunk }
}
