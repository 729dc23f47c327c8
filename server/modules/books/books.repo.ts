// SQL for books, and the reader's list of books with their chapters and page counts.
import { asc, count, eq, getTableColumns, sql } from 'drizzle-orm'
import type { BookValues } from '#shared/api/books.ts'
import type { DbOrTx } from '../../db/client.ts'
import { books, chapters, contentPages } from '../../db/schema.ts'

export type BookRow = typeof books.$inferSelect
type BookColumns = Pick<BookRow, 'title' | 'description' | 'order' | 'coverImage'>

/**
 * The version of a cover in its address: a short hash of the stored data string, made by the
 * database so the list never carries the picture out of it. Null when the book has no cover.
 */
const coverVersion = sql<string | null>`left(md5(${books.coverImage}), 16)`

/** Every book without its cover picture (only the cover's version), in the reader's order. */
export async function listBooks(db: DbOrTx) {
  const { coverImage: _picture, ...columns } = getTableColumns(books)
  return db
    .select({ ...columns, coverVersion })
    .from(books)
    .orderBy(asc(books.order), asc(books.title), asc(books.id))
}

/** A book's cover picture (the stored data string) and its version; undefined when there is no such book. */
export async function findCover(db: DbOrTx, id: number) {
  const [row] = await db.select({ coverImage: books.coverImage, coverVersion }).from(books).where(eq(books.id, id))
  return row
}

/** Every chapter with its page count, in reading order; one query for all books (never one per book). */
export async function listChapterSummaries(db: DbOrTx, { publishedOnly }: { publishedOnly: boolean }) {
  const counted = publishedOnly ? sql`${contentPages.published}` : sql`true`
  return db
    .select({
      id: chapters.id,
      bookId: chapters.bookId,
      title: chapters.title,
      contentCount: sql<number>`(count(${contentPages.id}) filter (where ${counted}))::int`,
    })
    .from(chapters)
    .leftJoin(contentPages, eq(contentPages.chapterId, chapters.id))
    .groupBy(chapters.id)
    .orderBy(asc(chapters.order), asc(chapters.id))
}

export async function findBook(db: DbOrTx, id: number) {
  const [book] = await db.select().from(books).where(eq(books.id, id))
  return book
}

export async function bookExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ n: count() }).from(books).where(eq(books.id, id))
  return (row?.n ?? 0) > 0
}

export async function insertBook(db: DbOrTx, values: BookColumns) {
  const [book] = await db.insert(books).values(values).returning()
  return book!
}

export async function updateBook(db: DbOrTx, id: number, values: BookColumns) {
  const [book] = await db.update(books).set(values).where(eq(books.id, id)).returning()
  return book
}

export async function deleteBook(db: DbOrTx, id: number) {
  const [book] = await db.delete(books).where(eq(books.id, id)).returning({ id: books.id, title: books.title })
  return book
}

export function bookColumns(input: BookValues): BookColumns {
  return {
    title: input.title,
    description: input.description?.trim() ? input.description : null,
    order: input.order,
    coverImage: input.coverImage ? input.coverImage : null,
  }
}
