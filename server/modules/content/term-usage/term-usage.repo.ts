// SQL for a term's "where used": the term_uses rows of the builds pages show now (decision 036).
import { and, asc, count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { books, chapters, contentPages, termUses } from '../../../db/schema.ts'

/**
 * Pages whose current build links to the term, in the side tree's order. Served by the index on
 * term_uses(term_id) and the pages' primary keys, whatever the size of the pages.
 */
export async function findTermUsage(
  db: DbOrTx,
  termId: number,
  { publishedOnly, limit }: { publishedOnly: boolean; limit: number },
) {
  const where = and(eq(termUses.termId, termId), publishedOnly ? eq(contentPages.published, true) : undefined)
  const rows = await db
    .select({
      id: contentPages.id,
      title: contentPages.title,
      chapterTitle: chapters.title,
      bookTitle: books.title,
      published: contentPages.published,
      places: termUses.places,
      anchor: termUses.anchor,
    })
    .from(termUses)
    .innerJoin(contentPages, eq(contentPages.buildId, termUses.buildId))
    .innerJoin(chapters, eq(chapters.id, contentPages.chapterId))
    .innerJoin(books, eq(books.id, chapters.bookId))
    .where(where)
    .orderBy(asc(books.order), asc(books.title), asc(chapters.order), asc(contentPages.order), asc(contentPages.id))
    .limit(limit)
  const [total] = await db
    .select({ n: count() })
    .from(termUses)
    .innerJoin(contentPages, eq(contentPages.buildId, termUses.buildId))
    .where(where)
  return { rows, total: total?.n ?? 0 }
}
