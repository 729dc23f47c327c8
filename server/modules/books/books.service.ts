// Changing books: each change and its audit row in one transaction.
import type { CurrentUser } from '#shared/api/auth.ts'
import { COVER_IMAGE_PATTERN, coverPath } from '#shared/api/books.ts'
import type { BookValues } from '#shared/api/books.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import { fieldChanges, recordAudit } from '../audit/audit.service.ts'
import { moveToTrash } from '../trash/trash.service.ts'
import {
  bookColumns,
  deleteBook,
  findBook,
  findCover,
  insertBook,
  listBooks,
  listChapterSummaries,
  updateBook,
} from './books.repo.ts'

// Chapters ask whether a book exists through here; the SQL stays in books.repo.ts (decision 018).
export { bookExists } from './books.repo.ts'

export async function booksWithChapters(db: Db, { publishedOnly }: { publishedOnly: boolean }) {
  const [books, chapters] = await Promise.all([listBooks(db), listChapterSummaries(db, { publishedOnly })])
  const byBook = new Map(
    books.map(({ coverVersion, ...book }) => {
      // The spec's coverImage, as the cover's own address: the list stays small (decision 047).
      const cover = coverVersion ? coverPath(book.id, coverVersion) : null
      return [
        book.id,
        {
          ...book,
          coverImage: cover,
          coverUrl: cover,
          chapters: [] as { id: number; title: string; contentCount: number }[],
        },
      ]
    }),
  )
  for (const { bookId, ...chapter } of chapters) byBook.get(bookId)?.chapters.push(chapter)
  return [...byBook.values()]
}

/** A book's cover as bytes with their media type and version; undefined when the book or its cover is missing. */
export async function bookCover(db: Db, id: number) {
  const cover = await findCover(db, id)
  const parts = cover?.coverImage ? COVER_IMAGE_PATTERN.exec(cover.coverImage) : null
  if (!parts || !cover?.coverVersion) return undefined
  return { type: parts[1]!, bytes: Buffer.from(parts[2]!, 'base64'), version: cover.coverVersion }
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
    const before = await findBook(tx, id)
    const book = before && (await updateBook(tx, id, bookColumns(input)))
    if (!book) throw notFound('Book')
    // The cover is a picture: only whether it changed is recorded, never its bytes.
    const changes = fieldChanges(before, book, ['title', 'description', 'order'])
    const coverChanged = before.coverImage !== book.coverImage
    await recordAudit(tx, user, 'update', 'book', id, {
      title: book.title,
      changes,
      ...(coverChanged && { coverChanged }),
    })
    return book
  })
}

/**
 * Deleting a book takes its chapters and their pages with it (foreign keys cascade), after copying
 * them all into the trash, from where an administrator can restore them (decision 043).
 */
export function removeBook(db: Db, user: CurrentUser, id: number) {
  return db.transaction(async (tx) => {
    const before = await findBook(tx, id)
    if (before) await moveToTrash(tx, user, 'book', id)
    const book = await deleteBook(tx, id)
    if (!book) throw notFound('Book')
    await recordAudit(tx, user, 'delete', 'book', id, { title: book.title, description: before?.description ?? null })
  })
}
