// SQL for content pages, their revisions, reader blocks, anchors, search passages and upload staging.
import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  books,
  chapters,
  contentPages,
  contentRevisions,
  readerBlocks,
  readerBuilds,
  searchPassages,
  uploadChunks,
  users,
} from '../../db/schema.ts'
import type { StoredPage } from './processing/stored-page.ts'

export type ContentRow = typeof contentPages.$inferSelect

export async function listByChapter(db: DbOrTx, chapterId: number, publishedOnly: boolean) {
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
export async function findPage(db: DbOrTx, id: number, withBody = true) {
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

/** The few columns that decide who may read a page and which version it is. */
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
  return {
    // The processed body is already in `content` (what the editor reopens) and in the reader blocks;
    // a third 10 MB copy would only slow every save down.
    processedContent: null,
    linksContent: page.linksContent,
    headers: JSON.stringify(page.headers),
    citations: page.citations,
    blockCount: page.blocks.length,
  }
}

/** Keeps the page's current text as a revision before a save replaces it. */
export async function keepRevision(tx: DbOrTx, id: number) {
  await tx.execute(sql`
    INSERT INTO ${contentRevisions} (content_id, version, title, content, links_content, size_bytes, saved_by, saved_at)
    SELECT id, version, title, content, links_content, size_bytes, updated_by, updated_at
    FROM ${contentPages} WHERE id = ${id}
    ON CONFLICT (content_id, version) DO NOTHING`)
}

export async function listRevisions(db: DbOrTx, contentId: number) {
  return db
    .select({
      version: contentRevisions.version,
      title: contentRevisions.title,
      sizeBytes: contentRevisions.sizeBytes,
      savedAt: contentRevisions.savedAt,
      savedBy: users.username,
    })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.savedBy))
    .where(eq(contentRevisions.contentId, contentId))
    .orderBy(sql`${contentRevisions.version} DESC`)
}

// Reader builds ------------------------------------------------------------------------------

/**
 * Rows are written in statements of about this many characters (or rows), so that no statement
 * holds the database long. Passages cost more per character (their search vector is computed and
 * indexed), so they go in smaller statements.
 */
const BLOCK_BATCH_CHARS = 150_000
const PASSAGE_BATCH_CHARS = 50_000
const BATCH_ROWS = 1000
/** Rows deleted per statement when a build goes. */
const DELETE_BATCH_ROWS = 2000

/**
 * Writes a page's processed reader data (blocks, anchor index, search passages) as a new build
 * that no page shows yet, in many small statements: on the embedded database (one connection)
 * readers are answered between them. `updatePage`/`insertPage` then switch the page to it.
 */
export async function writeBuild(db: DbOrTx, page: StoredPage): Promise<number> {
  const [build] = await db.insert(readerBuilds).values({ anchors: page.anchorIndex }).returning({ id: readerBuilds.id })
  const buildId = build!.id
  try {
    await writeBuildRows(db, buildId, page)
  } catch (error) {
    await deleteBuild(db, buildId).catch(() => {}) // else removed as stale at the next start
    throw error
  }
  return buildId
}

async function writeBuildRows(db: DbOrTx, buildId: number, page: StoredPage) {
  for (const [from, to] of batches(page.blocks, BLOCK_BATCH_CHARS, (html) => html.length)) {
    await db.execute(sql`
      INSERT INTO ${readerBlocks} (build_id, position, html)
      SELECT ${buildId}, ${from} + p - 1, html
      FROM unnest(${sql.param(page.blocks.slice(from, to))}::text[]) WITH ORDINALITY AS b(html, p)`)
  }
  const passages = page.passages
  for (const [from, to] of batches(passages, PASSAGE_BATCH_CHARS, (x) => x.text.length + x.heading.length)) {
    const part = passages.slice(from, to)
    await db.execute(sql`
      INSERT INTO ${searchPassages} (build_id, position, anchor, heading, text)
      SELECT ${buildId}, p, a, h, t FROM unnest(
        ${sql.param(part.map((x) => x.block))}::int[], ${sql.param(part.map((x) => x.anchor))}::text[],
        ${sql.param(part.map((x) => x.heading))}::text[], ${sql.param(part.map((x) => x.text))}::text[]) AS s(p, a, h, t)`)
  }
}

/** [from, to) ranges of `rows`, each under `maxChars` characters (or one row longer than that) and BATCH_ROWS rows. */
function batches<T>(rows: readonly T[], maxChars: number, charsOf: (row: T) => number): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  let from = 0
  let chars = 0
  rows.forEach((row, i) => {
    const size = charsOf(row)
    if (i > from && (chars + size > maxChars || i - from >= BATCH_ROWS)) {
      ranges.push([from, i])
      from = i
      chars = 0
    }
    chars += size
  })
  if (from < rows.length) ranges.push([from, rows.length])
  return ranges
}

/** Removes a build that no page shows (superseded, or left by a failed save), a few rows per statement. */
export async function deleteBuild(db: DbOrTx, buildId: number) {
  for (const table of [readerBlocks, searchPassages]) {
    for (;;) {
      const result = await db.execute(sql`
        DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE build_id = ${buildId} LIMIT ${DELETE_BATCH_ROWS})`)
      if ((result.rowCount ?? 0) < DELETE_BATCH_ROWS) break
    }
  }
  await db.execute(sql`
    DELETE FROM ${readerBuilds} b WHERE b.id = ${buildId}
    AND NOT EXISTS (SELECT 1 FROM ${contentPages} c WHERE c.build_id = b.id)`)
}

/**
 * Builds no page shows that are older than `olderThan`: left behind when a server stopped in the
 * middle of a save. Younger ones may still be being written by a save in progress.
 */
export async function listStaleBuilds(db: DbOrTx, olderThan: Date) {
  const result = await db.execute<{ id: number }>(sql`
    SELECT b.id FROM ${readerBuilds} b
    WHERE b.created_at < ${olderThan.toISOString()}
    AND NOT EXISTS (SELECT 1 FROM ${contentPages} c WHERE c.build_id = b.id)`)
  return result.rows.map((row) => Number(row.id))
}

export async function readBlocks(db: DbOrTx, buildId: number, from: number, to: number) {
  const rows = await db
    .select({ html: readerBlocks.html })
    .from(readerBlocks)
    .where(and(eq(readerBlocks.buildId, buildId), gte(readerBlocks.position, from), lt(readerBlocks.position, to)))
    .orderBy(asc(readerBlocks.position))
  return rows.map((row) => row.html)
}

/** The build's anchor index (`[[id, block], …]` as JSON), or undefined when the build is gone. */
export async function readAnchorIndex(db: DbOrTx, buildId: number) {
  const [row] = await db
    .select({ anchors: readerBuilds.anchors })
    .from(readerBuilds)
    .where(eq(readerBuilds.id, buildId))
  return row?.anchors
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

// Upload staging ---------------------------------------------------------------------------

/** Stores one chunk; answers true when it is new, false when it replaced an earlier copy (a retry). */
export async function stageChunk(
  db: DbOrTx,
  key: { userId: number; target: string },
  chunk: { chunkIndex: number; totalChunks: number; chunk: string },
) {
  const [row] = await db
    .insert(uploadChunks)
    .values({ ...key, ...chunk })
    .onConflictDoUpdate({
      target: [uploadChunks.userId, uploadChunks.target, uploadChunks.chunkIndex],
      set: { chunk: chunk.chunk, totalChunks: chunk.totalChunks, createdAt: new Date() },
    })
    // xmax is 0 for a row this statement inserted, and set when it updated one.
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  return row?.inserted === true
}

export async function stagedSummary(db: DbOrTx, key: { userId: number; target: string }) {
  const [row] = await db
    .select({
      received: count(),
      bytes: sql<number>`coalesce(sum(octet_length(${uploadChunks.chunk})), 0)::bigint`,
      totals: sql<number[]>`array_agg(DISTINCT ${uploadChunks.totalChunks})`,
    })
    .from(uploadChunks)
    .where(and(eq(uploadChunks.userId, key.userId), eq(uploadChunks.target, key.target)))
  return {
    received: row?.received ?? 0,
    bytes: Number(row?.bytes ?? 0),
    totals: (row?.totals ?? []).filter((t) => t !== null),
  }
}

export async function readStagedChunks(db: DbOrTx, key: { userId: number; target: string }) {
  return db
    .select({ chunkIndex: uploadChunks.chunkIndex, totalChunks: uploadChunks.totalChunks, chunk: uploadChunks.chunk })
    .from(uploadChunks)
    .where(and(eq(uploadChunks.userId, key.userId), eq(uploadChunks.target, key.target)))
    .orderBy(asc(uploadChunks.chunkIndex))
}

export async function clearStaging(db: DbOrTx, key: { userId: number; target: string }) {
  await db.delete(uploadChunks).where(and(eq(uploadChunks.userId, key.userId), eq(uploadChunks.target, key.target)))
}

export async function deleteAbandonedStaging(db: DbOrTx, olderThan: Date) {
  await db.delete(uploadChunks).where(lt(uploadChunks.createdAt, olderThan))
}
