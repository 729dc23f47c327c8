// Changing chapters: the book must exist; each change and its audit row in one transaction.
import type { CurrentUser } from '#shared/api/auth.ts'
import type { ChapterValues } from '#shared/api/chapters.ts'
import type { Db, Tx } from '../../db/client.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts'
import { fieldChanges, recordAudit } from '../audit/audit.service.ts'
import { moveToTrash } from '../trash/trash.service.ts'
import { bookExists } from '../books/books.service.ts'
import { deleteChapter, findChapter, insertChapter, updateChapter } from './chapters.repo.ts'

const BOOK_MISSING = 'bookId: Book not found'

export function createChapter(db: Db, user: CurrentUser, input: ChapterValues) {
  return withBookCheck(
    db,
    async (tx) => {
      const chapter = await insertChapter(tx, input)
      await recordAudit(tx, user, 'create', 'chapter', chapter.id, { title: chapter.title, bookId: chapter.bookId })
      return chapter
    },
    input.bookId,
  )
}

export function changeChapter(db: Db, user: CurrentUser, id: number, input: ChapterValues) {
  return withBookCheck(
    db,
    async (tx) => {
      const before = await findChapter(tx, id)
      const chapter = before && (await updateChapter(tx, id, input))
      if (!chapter) throw notFound('Chapter')
      const changes = fieldChanges(before, chapter, ['title', 'description', 'order', 'bookId'])
      await recordAudit(tx, user, 'update', 'chapter', id, { title: chapter.title, bookId: chapter.bookId, changes })
      return chapter
    },
    input.bookId,
  )
}

/**
 * Deleting a chapter takes its pages, reader blocks and search passages with it (foreign keys
 * cascade), after copying them all into the trash (decision 043).
 */
export function removeChapter(db: Db, user: CurrentUser, id: number) {
  return db.transaction(async (tx) => {
    const before = await findChapter(tx, id)
    if (before) await moveToTrash(tx, user, 'chapter', id)
    const chapter = await deleteChapter(tx, id)
    if (!chapter) throw notFound('Chapter')
    await recordAudit(tx, user, 'delete', 'chapter', id, {
      title: chapter.title,
      description: before?.description ?? null,
    })
  })
}

/** Refuses a missing book with a clear 400, also when it is deleted while we write (the FK catches that). */
async function withBookCheck<T>(db: Db, write: (tx: Tx) => Promise<T>, bookId: number): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await bookExists(tx, bookId))) throw badRequest(BOOK_MISSING)
      return write(tx)
    })
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw badRequest(BOOK_MISSING)
    throw error
  }
}
