// SQL for chapters.
import { asc, eq } from 'drizzle-orm'
import type { ChapterValues } from '#shared/api/chapters.ts'
import type { DbOrTx } from '../../db/client.ts'
import { books, chapters } from '../../db/schema.ts'

const withBook = {
  id: chapters.id,
  bookId: chapters.bookId,
  title: chapters.title,
  description: chapters.description,
  order: chapters.order,
  createdAt: chapters.createdAt,
  updatedAt: chapters.updatedAt,
  book: { id: books.id, title: books.title },
}

/** Every chapter with its book, books in their order, chapters in theirs. */
export async function listChapters(db: DbOrTx) {
  return db
    .select(withBook)
    .from(chapters)
    .innerJoin(books, eq(books.id, chapters.bookId))
    .orderBy(asc(books.order), asc(books.title), asc(books.id), asc(chapters.order), asc(chapters.id))
}

export async function listBookChapters(db: DbOrTx, bookId: number) {
  return db.select().from(chapters).where(eq(chapters.bookId, bookId)).orderBy(asc(chapters.order), asc(chapters.id))
}

export async function findChapter(db: DbOrTx, id: number) {
  const [chapter] = await db
    .select(withBook)
    .from(chapters)
    .innerJoin(books, eq(books.id, chapters.bookId))
    .where(eq(chapters.id, id))
  return chapter
}

export async function insertChapter(db: DbOrTx, values: ChapterValues) {
  const [chapter] = await db.insert(chapters).values(chapterColumns(values)).returning()
  return chapter!
}

export async function updateChapter(db: DbOrTx, id: number, values: ChapterValues) {
  const [chapter] = await db.update(chapters).set(chapterColumns(values)).where(eq(chapters.id, id)).returning()
  return chapter
}

export async function deleteChapter(db: DbOrTx, id: number) {
  const [chapter] = await db
    .delete(chapters)
    .where(eq(chapters.id, id))
    .returning({ id: chapters.id, title: chapters.title })
  return chapter
}

function chapterColumns(input: ChapterValues) {
  return {
    bookId: input.bookId,
    title: input.title,
    description: input.description?.trim() ? input.description : null,
    order: input.order,
  }
}
