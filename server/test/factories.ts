// Rows for tests, made directly in the database (the API under test is not used to set up).
import type { Database } from '../db/client.ts'
import { books, chapters } from '../db/schema.ts'

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
