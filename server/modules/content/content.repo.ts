// SQL for content pages, their revisions, reader blocks, anchors, search passages and upload staging.
import { and, asc, count, eq, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import {
  books,
  chapters,
  contentPages,
  contentRevisions,
  readerAnchors,
  readerBlocks,
  searchPassages,
  uploadChunks,
  users,
} from '../../db/schema.ts'
import type { ProcessedPage } from './processing/process-page.ts'

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
      updatedAt: contentPages.updatedAt,
      updatedBy: users.username,
    })
    .from(contentPages)
    .leftJoin(users, eq(users.id, contentPages.updatedBy))
    .where(eq(contentPages.id, id))
  return row
}

/** Locks the page row for the rest of the transaction, so two saves of one page queue up. */
export async function lockPage(tx: DbOrTx, id: number) {
  const result = await tx.execute(sql`SELECT id FROM ${contentPages} WHERE id = ${id} FOR UPDATE`)
  return result.rows.length > 0
}

export async function chapterExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ n: count() }).from(chapters).where(eq(chapters.id, id))
  return (row?.n ?? 0) > 0
}

export interface PageValues {
  chapterId: number
  title: string
  content: string
  order: number
  published: boolean
  updatedBy: number
  sizeBytes: number
}

export async function insertPage(tx: DbOrTx, values: PageValues, processed: ProcessedPage) {
  const [row] = await tx
    .insert(contentPages)
    .values({ ...values, ...processedColumns(processed) })
    .returning({ id: contentPages.id })
  return row!.id
}

export async function updatePage(tx: DbOrTx, id: number, values: PageValues, processed: ProcessedPage) {
  await tx
    .update(contentPages)
    .set({ ...values, ...processedColumns(processed), version: sql`${contentPages.version} + 1` })
    .where(eq(contentPages.id, id))
}

function processedColumns(processed: ProcessedPage) {
  return {
    // The processed body is already in `content` (what the editor reopens) and in the reader blocks;
    // a third 10 MB copy would only slow every save down.
    processedContent: null,
    linksContent: processed.linksContent,
    headers: JSON.stringify(processed.headers),
    citations: processed.citations,
    blockCount: processed.blocks.length,
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

/**
 * Replaces the page's reader blocks, anchors and search passages. Each table gets one INSERT with
 * arrays unnested on the server, so a 10 MB page is a handful of statements, not tens of thousands.
 */
export async function replaceReaderData(tx: DbOrTx, contentId: number, processed: ProcessedPage) {
  await tx.delete(readerBlocks).where(eq(readerBlocks.contentId, contentId))
  await tx.delete(readerAnchors).where(eq(readerAnchors.contentId, contentId))
  await tx.delete(searchPassages).where(eq(searchPassages.contentId, contentId))
  if (processed.blocks.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${readerBlocks} (content_id, position, html)
      SELECT ${contentId}, p - 1, html FROM unnest(${sql.param(processed.blocks)}::text[]) WITH ORDINALITY AS b(html, p)`)
  }
  const anchors = uniqueAnchors(processed.anchors)
  if (anchors.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${readerAnchors} (content_id, anchor, position)
      SELECT ${contentId}, a, p FROM unnest(${sql.param(anchors.map((a) => a.anchor))}::text[], ${sql.param(anchors.map((a) => a.block))}::int[]) AS t(a, p)`)
  }
  const passages = processed.passages
  if (passages.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${searchPassages} (content_id, position, anchor, heading, text)
      SELECT ${contentId}, p, a, h, t FROM unnest(
        ${sql.param(passages.map((x) => x.block))}::int[], ${sql.param(passages.map((x) => x.anchor))}::text[],
        ${sql.param(passages.map((x) => x.heading))}::text[], ${sql.param(passages.map((x) => x.text))}::text[]) AS s(p, a, h, t)`)
  }
}

/** The first block holding an id wins, as in a browser's getElementById. */
function uniqueAnchors(anchors: ProcessedPage['anchors']) {
  const seen = new Set<string>()
  return anchors.filter(({ anchor }) => (seen.has(anchor) ? false : (seen.add(anchor), true)))
}

export async function readBlocks(db: DbOrTx, contentId: number, from: number, to: number) {
  const rows = await db
    .select({ html: readerBlocks.html })
    .from(readerBlocks)
    .where(
      and(
        eq(readerBlocks.contentId, contentId),
        sql`${readerBlocks.position} >= ${from}`,
        lt(readerBlocks.position, to),
      ),
    )
    .orderBy(asc(readerBlocks.position))
  return rows.map((row) => row.html)
}

export async function findAnchorBlock(db: DbOrTx, contentId: number, anchor: string) {
  const [row] = await db
    .select({ position: readerAnchors.position })
    .from(readerAnchors)
    .where(and(eq(readerAnchors.contentId, contentId), eq(readerAnchors.anchor, anchor)))
  return row?.position
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
    .select({ content: contentPages.content, linksContent: contentPages.linksContent })
    .from(contentPages)
    .where(eq(contentPages.id, id))
  return row
}

/** Only the processed columns and reader data change; the version stays (the text is the same). */
export async function storeReprocessed(tx: DbOrTx, id: number, processed: ProcessedPage) {
  await tx.update(contentPages).set(processedColumns(processed)).where(eq(contentPages.id, id))
  await replaceReaderData(tx, id, processed)
}

// Upload staging ---------------------------------------------------------------------------

export async function stageChunk(
  db: DbOrTx,
  key: { userId: number; target: string },
  chunk: { chunkIndex: number; totalChunks: number; chunk: string },
) {
  await db
    .insert(uploadChunks)
    .values({ ...key, ...chunk })
    .onConflictDoUpdate({
      target: [uploadChunks.userId, uploadChunks.target, uploadChunks.chunkIndex],
      set: { chunk: chunk.chunk, totalChunks: chunk.totalChunks, createdAt: new Date() },
    })
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
