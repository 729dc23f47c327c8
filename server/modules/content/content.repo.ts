// SQL for content pages and their revisions. Reader builds are in reader-builds.repo.ts, upload
// staging in upload-staging.repo.ts.
import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { books, chapters, contentPages, contentRevisions, readerBlocks, readerBuilds, users } from '../../db/schema.ts'
import type { StoredPage } from './processing/stored-page.ts'

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

export interface PageLink {
  id: number
  title: string
}

/** What the reader's title bar shows of a page, and whether a visitor may see it. */
export interface PageSummaryRow {
  id: number
  chapterId: number
  title: string
  published: boolean
  buildId: number | null
  chapterTitle: string
  bookId: number
  bookTitle: string
  /**
   * The published pages before and after it in the side tree's order (books by order and title,
   * their chapters by order, their pages by order and title), across chapter and book ends.
   */
  previous: PageLink | null
  next: PageLink | null
}

/**
 * The page's title bar with its neighbours, in one query: a visitor's `/content/{id}` asks nothing
 * else when its HTML is kept (server/app.ts), so this is its one round trip to the database.
 */
export async function findPageSummary(db: DbOrTx, id: number): Promise<PageSummaryRow | undefined> {
  // The tree's sort key of a page, compared as one row value.
  const key = (c: string, ch: string, b: string) =>
    sql.raw(`(${b}."order", ${b}.title, ${b}.id, ${ch}."order", ${ch}.id, ${c}."order", ${c}.title, ${c}.id)`)
  const place = (c: string, ch: string, b: string) =>
    sql.raw(`content ${c} JOIN chapters ${ch} ON ${ch}.id = ${c}.chapter_id JOIN books ${b} ON ${b}.id = ${ch}.book_id`)
  const neighbour = (compare: '<' | '>', direction: 'ASC' | 'DESC') => sql`(
    SELECT json_build_object('id', n.id, 'title', n.title)::text
    FROM ${place('n', 'nch', 'nb')}
    WHERE n.published AND ${key('n', 'nch', 'nb')} ${sql.raw(compare)} ${key('c', 'ch', 'b')}
    ORDER BY ${sql.raw(['nb."order"', 'nb.title', 'nb.id', 'nch."order"', 'nch.id', 'n."order"', 'n.title', 'n.id'].map((column) => `${column} ${direction}`).join(', '))}
    LIMIT 1)`
  const result = await db.execute<{
    id: number
    chapter_id: number
    title: string
    published: boolean
    build_id: number | null
    chapter_title: string
    book_id: number
    book_title: string
    previous: string | null
    next: string | null
  }>(sql`
    SELECT c.id, c.chapter_id, c.title, c.published, c.build_id, ch.title AS chapter_title,
      ch.book_id, b.title AS book_title,
      ${neighbour('<', 'DESC')} AS previous, ${neighbour('>', 'ASC')} AS next
    FROM ${place('c', 'ch', 'b')}
    WHERE c.id = ${id}`)
  const row = result.rows[0]
  if (!row) return undefined
  const link = (text: string | null) => (text ? (JSON.parse(text) as PageLink) : null)
  return {
    id: Number(row.id),
    chapterId: Number(row.chapter_id),
    title: row.title,
    published: row.published,
    buildId: row.build_id === null ? null : Number(row.build_id),
    chapterTitle: row.chapter_title,
    bookId: Number(row.book_id),
    bookTitle: row.book_title,
    previous: link(row.previous),
    next: link(row.next),
  }
}

/** The page's headings (JSON text) for its table of contents. */
export async function findPageHeaders(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ headers: contentPages.headers, published: contentPages.published })
    .from(contentPages)
    .where(eq(contentPages.id, id))
  return row
}

/** The page's links section as stored, if the page is still on this build (undefined when it moved on). */
export async function findLinksOfBuild(db: DbOrTx, id: number, buildId: number) {
  const [row] = await db
    .select({ linksContent: contentPages.linksContent })
    .from(contentPages)
    .where(and(eq(contentPages.id, id), eq(contentPages.buildId, buildId)))
  return row
}

/** The few columns that decide who may read a page and which version it is. */
export interface ReaderState {
  published: boolean
  version: number
  blockCount: number
  /** null only before the page's first save. */
  buildId: number | null
}

/** What a reader's request needs to know of a page (kept in memory by page-states.ts). */
export async function findReaderState(db: DbOrTx, id: number): Promise<ReaderState | undefined> {
  const [row] = await db
    .select({
      published: contentPages.published,
      version: contentPages.version,
      blockCount: contentPages.blockCount,
      buildId: contentPages.buildId,
    })
    .from(contentPages)
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
