// SQL for what readers ask of a page row: its reader state (kept in memory by page-states.ts), its
// title bar with its neighbours, its headings and the links section of a build. The blocks of
// builds are in reader-builds.repo.ts.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { contentPages } from '../../../db/schema.ts'

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
 * else when its HTML is kept (server/http/reader-page.ts), so this is its one round trip to the database.
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

const readerStateColumns = {
  published: contentPages.published,
  version: contentPages.version,
  blockCount: contentPages.blockCount,
  buildId: contentPages.buildId,
}

/** What a reader's request needs to know of a page (kept in memory by page-states.ts). */
export async function findReaderState(db: DbOrTx, id: number): Promise<ReaderState | undefined> {
  const [row] = await db.select(readerStateColumns).from(contentPages).where(eq(contentPages.id, id))
  return row
}

/** The reader states of several pages in one query; a page that is gone is not in the map. */
export async function findReaderStates(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ReaderState>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: contentPages.id, ...readerStateColumns })
    .from(contentPages)
    .where(inArray(contentPages.id, [...ids]))
  return new Map(rows.map(({ id, ...state }) => [id, state]))
}
