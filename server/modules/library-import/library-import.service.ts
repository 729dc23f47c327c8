// Loads a whole library (books > chapters > pages, the shape of LibraryFile below) and
// optionally a lexicon CSV, through the same services and pipeline as the admin screens. Running it
// again updates books, chapters and pages found by title instead of duplicating them.
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { CurrentUser } from '#shared/api/auth.ts'
import type { TermImportResult } from '#shared/api/terms.ts'
import { books, chapters, contentPages, terms } from '../../db/schema.ts'
import { changeBook, createBook } from '../books/books.service.ts'
import { changeChapter, createChapter } from '../chapters/chapters.service.ts'
import type { ContentContext } from '../content/content-state.ts'
import { savePage } from '../content/pages/index.ts'
import { importTermsCsv } from '../terms/terms-import.service.ts'

const LibraryPage = z.object({
  title: z.string().min(1),
  order: z.number().int().default(0),
  published: z.boolean().default(false),
  content: z.string(),
})
const LibraryChapter = z.object({
  title: z.string().min(1),
  description: z.string().nullish(),
  order: z.number().int().default(0),
  pages: z.array(LibraryPage).default([]),
})
export const LibraryFile = z.object({
  books: z.array(
    z.object({
      title: z.string().min(1),
      description: z.string().nullish(),
      order: z.number().int().default(0),
      chapters: z.array(LibraryChapter).default([]),
    }),
  ),
})
export type LibraryFile = z.infer<typeof LibraryFile>

export interface ImportProgress {
  page: number
  pages: number
  bytes: number
  title: string
}

export interface ImportSummary {
  terms: TermImportResult | null
  books: { created: number; updated: number }
  chapters: { created: number; updated: number }
  pages: { created: number; updated: number; failed: { title: string; error: string }[] }
  termLinks: { linked: number; unknown: number }
  bytes: number
}

/**
 * Counts the corpus's term marks (`<a data-term="TERM">`) by whether the lexicon has the term. The
 * marks themselves become term links in the page pipeline, as on every other save path.
 */
export function countTermLinks(html: string, termIds: ReadonlyMap<string, number>, counts: ImportSummary['termLinks']) {
  for (const name of html.matchAll(/<a\s[^>]*?data-term="([^"<>]*)"/g)) {
    if (termIds.has(decodeQuotes(name[1]!))) counts.linked++
    else counts.unknown++
  }
}

const decodeQuotes = (text: string) => text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&')

/** `content`: the content module's context (its db, processing worker, caches), the app's or the CLI's own. */
export async function importLibrary(
  content: ContentContext,
  user: CurrentUser,
  library: LibraryFile,
  options: { lexiconCsv?: Buffer; onProgress?: (progress: ImportProgress) => void } = {},
): Promise<ImportSummary> {
  const { db } = content
  const summary: ImportSummary = {
    terms: null,
    books: { created: 0, updated: 0 },
    chapters: { created: 0, updated: 0 },
    pages: { created: 0, updated: 0, failed: [] },
    termLinks: { linked: 0, unknown: 0 },
    bytes: 0,
  }
  // Terms first, so pages can link to them.
  if (options.lexiconCsv) summary.terms = await importTermsCsv(db, user, options.lexiconCsv)
  const termIds = new Map((await db.select({ id: terms.id, term: terms.term }).from(terms)).map((t) => [t.term, t.id]))

  const pages = library.books.flatMap((b) => b.chapters.flatMap((c) => c.pages)).length
  let page = 0
  for (const book of library.books) {
    const bookValues = { title: book.title, description: book.description ?? null, order: book.order, coverImage: null }
    const [existingBook] = await db.select({ id: books.id }).from(books).where(eq(books.title, book.title))
    const bookId = existingBook
      ? (await changeBook(db, user, existingBook.id, bookValues)).id
      : (await createBook(db, user, bookValues)).id
    summary.books[existingBook ? 'updated' : 'created']++

    for (const chapter of book.chapters) {
      const chapterValues = {
        bookId,
        title: chapter.title,
        description: chapter.description ?? null,
        order: chapter.order,
      }
      const [existingChapter] = await db
        .select({ id: chapters.id })
        .from(chapters)
        .where(and(eq(chapters.bookId, bookId), eq(chapters.title, chapter.title)))
      const chapterId = existingChapter
        ? (await changeChapter(db, user, existingChapter.id, chapterValues)).id
        : (await createChapter(db, user, chapterValues)).id
      summary.chapters[existingChapter ? 'updated' : 'created']++

      for (const libraryPage of chapter.pages) {
        options.onProgress?.({ page: ++page, pages, bytes: summary.bytes, title: libraryPage.title })
        const [existingPage] = await db
          .select({ id: contentPages.id })
          .from(contentPages)
          .where(and(eq(contentPages.chapterId, chapterId), eq(contentPages.title, libraryPage.title)))
        const metadata = {
          title: libraryPage.title,
          chapterId,
          order: libraryPage.order,
          published: libraryPage.published,
        }
        try {
          countTermLinks(libraryPage.content, termIds, summary.termLinks)
          await savePage(
            content,
            user,
            existingPage?.id ?? 'new',
            { ...metadata, overwrite: true },
            {
              content: libraryPage.content,
            },
          )
          summary.pages[existingPage ? 'updated' : 'created']++
          summary.bytes += Buffer.byteLength(libraryPage.content)
        } catch (error) {
          summary.pages.failed.push({
            title: libraryPage.title,
            error: error instanceof Error ? error.message : String(error),
          })
        }
      }
    }
  }
  return summary
}
