// SQL for content pages and the revisions every save keeps (and prunes by the retention policy).
// What readers read of a page row is in reader/reader.repo.ts, reader builds in
// reader/reader-builds.repo.ts, upload staging in upload-staging.repo.ts.
import { and, asc, count, eq, sql } from 'drizzle-orm'
import { REVISIONS_KEEP_ALL_DAYS, REVISIONS_KEEP_DAILY_DAYS, REVISIONS_KEEP_NEWEST } from '#shared/limits.ts'
import type { DbOrTx } from '../../../db/client.ts'
import {
  books,
  chapters,
  contentPages,
  contentRevisions,
  readerBlocks,
  readerBuilds,
  users,
} from '../../../db/schema.ts'
import type { StoredPage } from '../processing/stored-page.ts'

export async function listByChapter(db: DbOrTx, chapterId: number, { publishedOnly }: { publishedOnly: boolean }) {
  return db
    .select({
      id: contentPages.id,
      title: contentPages.title,
      order: contentPages.order,
      published: contentPages.published,
    })
    .from(contentPages)
    .where(and(eq(contentPages.chapterId, chapterId), publishedOnly ? eq(contentPages.published, true) : undefined))
    .orderBy(asc(contentPages.order), asc(contentPages.title), asc(contentPages.id))
}

/** A page with its chapter and book; `withBody: false` leaves out the HTML (readers get it in chunks). */
export async function findPage(db: DbOrTx, id: number, { withBody }: { withBody: boolean }) {
  const [row] = await db
    .select({
      id: contentPages.id,
      chapterId: contentPages.chapterId,
      title: contentPages.title,
      content: withBody ? contentPages.content : sql<string>`''`,
      linksContent: contentPages.linksContent,
      headers: contentPages.headers,
      citations: contentPages.citations,
      published: contentPages.published,
      order: contentPages.order,
      version: contentPages.version,
      sizeBytes: contentPages.sizeBytes,
      buildId: contentPages.buildId,
      blockCount: contentPages.blockCount,
      updatedBy: users.username,
      createdAt: contentPages.createdAt,
      updatedAt: contentPages.updatedAt,
      chapterTitle: chapters.title,
      bookId: chapters.bookId,
      bookTitle: books.title,
    })
    .from(contentPages)
    .innerJoin(chapters, eq(chapters.id, contentPages.chapterId))
    .innerJoin(books, eq(books.id, chapters.bookId))
    .leftJoin(users, eq(users.id, contentPages.updatedBy))
    .where(eq(contentPages.id, id))
  return row
}

export async function findPageState(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: contentPages.id,
      published: contentPages.published,
      version: contentPages.version,
      blockCount: contentPages.blockCount,
      buildId: contentPages.buildId,
      updatedAt: contentPages.updatedAt,
      updatedBy: users.username,
    })
    .from(contentPages)
    .leftJoin(users, eq(users.id, contentPages.updatedBy))
    .where(eq(contentPages.id, id))
  return row
}

/**
 * Locks the page row for the rest of the transaction, so two saves of one page queue up; answers
 * with the build readers see now (null before the first save), or undefined when there is no page.
 */
export async function lockPage(
  tx: DbOrTx,
  id: number,
): Promise<{ buildId: number | null; version: number } | undefined> {
  const result = await tx.execute<{ build_id: number | null; version: number }>(
    sql`SELECT build_id, version FROM ${contentPages} WHERE id = ${id} FOR UPDATE`,
  )
  const row = result.rows[0]
  return row && { buildId: row.build_id, version: Number(row.version) }
}

export async function chapterExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ n: count() }).from(chapters).where(eq(chapters.id, id))
  return (row?.n ?? 0) > 0
}

export interface PageValues {
  chapterId: number
  title: string
  order: number
  published: boolean
  updatedBy: number
  sizeBytes: number
  /** JSON ChangeSummary against the version this save replaces; null when not known. */
  changeSummary: string | null
}

/**
 * A new page showing `buildId`. Its `content` (the processed HTML the editor reopens) is joined from
 * the build's blocks inside the database, so the 10 MB text is not sent to it a second time.
 */
export async function insertPage(tx: DbOrTx, values: PageValues, page: StoredPage, buildId: number) {
  const [row] = await tx
    .insert(contentPages)
    .values({ ...values, content: contentOfBuild(buildId), ...processedColumns(page), buildId })
    .returning({ id: contentPages.id })
  await claimBuild(tx, buildId, row!.id)
  return row!.id
}

/** A new version of the page, showing `buildId`; the version goes up. */
export async function updatePage(tx: DbOrTx, id: number, values: PageValues, page: StoredPage, buildId: number) {
  await tx
    .update(contentPages)
    .set({
      ...values,
      content: contentOfBuild(buildId),
      ...processedColumns(page),
      buildId,
      version: sql`${contentPages.version} + 1`,
    })
    .where(eq(contentPages.id, id))
  await claimBuild(tx, buildId, id)
}

const contentOfBuild = (buildId: number) =>
  sql`(SELECT coalesce(string_agg(html, E'\n' ORDER BY position), '') FROM ${readerBlocks} WHERE build_id = ${buildId})`

const claimBuild = (tx: DbOrTx, buildId: number, contentId: number) =>
  tx.update(readerBuilds).set({ contentId }).where(eq(readerBuilds.id, buildId))

function processedColumns(page: StoredPage) {
  // The processed body is in the reader blocks only (GET /api/content/{id} joins them): a copy in
  // the page row would be a second 10 MB write on every save and reprocessing.
  return {
    linksContent: page.linksContent,
    headers: JSON.stringify(page.headers),
    citations: page.citations,
    blockCount: page.blocks.length,
  }
}

/**
 * Keeps the page's current text as a revision before a save replaces it, with its change summary
 * and the UTF-8 length of each block of its build (the text is those blocks joined by newlines), so
 * a comparison can cut it into blocks again without processing it.
 */
export async function keepRevision(tx: DbOrTx, id: number) {
  await tx.execute(sql`
    INSERT INTO ${contentRevisions}
      (content_id, version, title, content, links_content, size_bytes, change_summary, block_bytes, saved_by, saved_at)
    SELECT c.id, c.version, c.title, c.content, c.links_content, c.size_bytes, c.change_summary,
      (SELECT coalesce(array_agg(octet_length(b.html) ORDER BY b.position), '{}') FROM ${readerBlocks} b
        WHERE b.build_id = c.build_id),
      c.updated_by, c.updated_at
    FROM ${contentPages} c WHERE c.id = ${id}
    ON CONFLICT (content_id, version) DO NOTHING`)
}

export async function deletePage(db: DbOrTx, id: number) {
  const [row] = await db
    .delete(contentPages)
    .where(eq(contentPages.id, id))
    .returning({ id: contentPages.id, title: contentPages.title })
  return row
}

export async function listPageIds(db: DbOrTx) {
  const rows = await db.select({ id: contentPages.id }).from(contentPages).orderBy(asc(contentPages.id))
  return rows.map((row) => row.id)
}

export async function findPageSource(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ content: contentPages.content, linksContent: contentPages.linksContent, version: contentPages.version })
    .from(contentPages)
    .where(eq(contentPages.id, id))
  return row
}

/** After reprocessing: the processed columns and the build change; the text and version stay. */
export async function storeReprocessed(tx: DbOrTx, id: number, page: StoredPage, buildId: number) {
  await tx
    .update(contentPages)
    .set({ ...processedColumns(page), buildId })
    .where(eq(contentPages.id, id))
  await claimBuild(tx, buildId, id)
}

/**
 * The retention policy (decision 033, shared/limits.ts): of page `contentId`'s revisions, keeps the
 * newest REVISIONS_KEEP_NEWEST, every one saved in the last REVISIONS_KEEP_ALL_DAYS days, the last
 * of each day (UTC) up to REVISIONS_KEEP_DAILY_DAYS days back and the last of each month before
 * that; removes the rest. Answers how many were removed.
 */
export async function pruneRevisions(tx: DbOrTx, contentId: number, now: Date): Promise<number> {
  const day = 24 * 60 * 60 * 1000
  const keepAllSince = new Date(now.getTime() - REVISIONS_KEEP_ALL_DAYS * day)
  const dailySince = new Date(now.getTime() - REVISIONS_KEEP_DAILY_DAYS * day)
  const result = await tx.execute(sql`
    DELETE FROM ${contentRevisions} WHERE id IN (
      SELECT id FROM (
        SELECT id, saved_at,
          row_number() OVER (ORDER BY version DESC) AS newest,
          row_number() OVER (PARTITION BY date_trunc('day', saved_at AT TIME ZONE 'UTC') ORDER BY version DESC) AS of_day,
          row_number() OVER (PARTITION BY date_trunc('month', saved_at AT TIME ZONE 'UTC') ORDER BY version DESC) AS of_month
        FROM ${contentRevisions} WHERE content_id = ${contentId}
      ) ranked
      WHERE newest > ${REVISIONS_KEEP_NEWEST}
        AND saved_at < ${keepAllSince.toISOString()}::timestamptz
        AND NOT (saved_at >= ${dailySince.toISOString()}::timestamptz AND of_day = 1)
        AND NOT (saved_at < ${dailySince.toISOString()}::timestamptz AND of_month = 1))`)
  return result.rowCount ?? 0
}
