// SQL of the EPUB export: the pages a page, a chapter or a book exports, in the side tree's order,
// and the chapter's or book's title. The pages' blocks are read through the content module.
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { books, chapters, contentPages } from '../../db/schema.ts'

export type ExportKind = 'page' | 'chapter' | 'book'

export async function listExportPages(
  db: DbOrTx,
  kind: ExportKind,
  id: number,
  { publishedOnly }: { publishedOnly: boolean },
) {
  const scope = kind === 'page' ? eq(contentPages.id, id) : kind === 'chapter' ? eq(chapters.id, id) : eq(books.id, id)
  return db
    .select({
      id: contentPages.id,
      title: contentPages.title,
      buildId: contentPages.buildId,
      blockCount: contentPages.blockCount,
      updatedAt: contentPages.updatedAt,
      chapterId: chapters.id,
      chapterTitle: chapters.title,
      bookId: books.id,
      bookTitle: books.title,
    })
    .from(contentPages)
    .innerJoin(chapters, eq(chapters.id, contentPages.chapterId))
    .innerJoin(books, eq(books.id, chapters.bookId))
    .where(and(scope, publishedOnly ? eq(contentPages.published, true) : undefined))
    .orderBy(
      asc(books.order),
      asc(books.title),
      asc(books.id),
      asc(chapters.order),
      asc(chapters.id),
      asc(contentPages.order),
      asc(contentPages.title),
      asc(contentPages.id),
    )
}

export type ExportPage = Awaited<ReturnType<typeof listExportPages>>[number]

/**
 * The page's headings (JSON, as stored) while it is still on `buildId`, else undefined. Read only
 * when an export is made: a 9 MB page's are ~300 KB, which a request answered from a kept file
 * should not read.
 */
export async function findPageHeaders(db: DbOrTx, id: number, buildId: number | null) {
  const [row] = await db
    .select({ headers: contentPages.headers })
    .from(contentPages)
    .where(
      and(eq(contentPages.id, id), buildId === null ? isNull(contentPages.buildId) : eq(contentPages.buildId, buildId)),
    )
  return row?.headers
}

/** A chapter's title and its book's, or undefined. */
export async function findChapterTitles(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ title: chapters.title, bookTitle: books.title })
    .from(chapters)
    .innerJoin(books, eq(books.id, chapters.bookId))
    .where(eq(chapters.id, id))
  return row
}

export async function findBookTitle(db: DbOrTx, id: number) {
  const [row] = await db.select({ title: books.title }).from(books).where(eq(books.id, id))
  return row
}
