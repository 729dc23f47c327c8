// Rows for tests, made directly in the database (the API under test is not used to set up).
import { eq } from 'drizzle-orm'
import type { Database, Db } from '../db/client.ts'
import { books, chapters, contentPages, readerBuilds } from '../db/schema.ts'
import { writeBuild } from '../modules/content/reader/reader-builds.repo.ts'
import type { ProcessedPage } from '../modules/content/processing/process-page.ts'
import { toStoredPage } from '../modules/content/processing/stored-page.ts'

let counter = 0
const unique = (prefix: string) => `${prefix} ${++counter}`

export async function makeBook(database: Database, values: Partial<typeof books.$inferInsert> = {}) {
  const [book] = await database.db
    .insert(books)
    .values({ title: unique('Book'), ...values })
    .returning()
  return book!
}

export async function makeChapter(database: Database, values: Partial<typeof chapters.$inferInsert> = {}) {
  const bookId = values.bookId ?? (await makeBook(database)).id
  const [chapter] = await database.db
    .insert(chapters)
    .values({ title: unique('Chapter'), ...values, bookId })
    .returning()
  return chapter!
}

/** Writes a processed page's reader data (blocks, anchors, passages) and makes the page show it. */
export async function showProcessed(db: Db, contentId: number, processed: ProcessedPage) {
  const buildId = await writeBuild(db, toStoredPage(processed))
  await db
    .update(contentPages)
    .set({ buildId, blockCount: processed.blocks.length })
    .where(eq(contentPages.id, contentId))
  await db.update(readerBuilds).set({ contentId }).where(eq(readerBuilds.id, buildId))
  return buildId
}
