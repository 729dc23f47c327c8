// Changing books: each change and its audit row in one transaction.
import type { CurrentUser } from '#shared/api/auth.ts'
import type { BookValues } from '#shared/api/books.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { bookColumns, deleteBook, insertBook, listBooks, listChapterSummaries, updateBook } from './books.repo.ts'

// Chapters ask whether a book exists through here; the SQL stays in books.repo.ts (decision 018).
export { bookExists } from './books.repo.ts'

export async function booksWithChapters(db: Db, publishedOnly: boolean) {
  const [books, chapters] = await Promise.all([listBooks(db), listChapterSummaries(db, publishedOnly)])
  const byBook = new Map(
    books.map((book) => [book.id, { ...book, chapters: [] as { id: number; title: string; contentCount: number }[] }]),
  )
  for (const { bookId, ...chapter } of chapters) byBook.get(bookId)?.chapters.push(chapter)
  return [...byBook.values()]
}

export function createBook(db: Db, user: CurrentUser, input: BookValues) {
  return db.transaction(async (tx) => {
    const book = await insertBook(tx, bookColumns(input))
    await recordAudit(tx, user, 'create', 'book', book.id, { title: book.title })
    return book
  })
}

export function changeBook(db: Db, user: CurrentUser, id: number, input: BookValues) {
  return db.transaction(async (tx) => {
    const book = await updateBook(tx, id, bookColumns(input))
    if (!book) throw notFound('Book')
    await recordAudit(tx, user, 'update', 'book', id, { title: book.title })
    return book
  })
}

/** Deleting a book takes its chapters and their pages with it (foreign keys cascade). */
export function removeBook(db: Db, user: CurrentUser, id: number) {
  return db.transaction(async (tx) => {
    const book = await deleteBook(tx, id)
    if (!book) throw notFound('Book')
    await recordAudit(tx, user, 'delete', 'book', id, { title: book.title })
  })
}
