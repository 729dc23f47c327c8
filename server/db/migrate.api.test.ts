import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { books, chapters, contentPages } from './schema.ts'
import { useTestApp } from '../test/test-app.ts'
import { migrateDatabase } from './migrate.ts'

const ctx = useTestApp()

describe('migrations', () => {
  it('a second run applies nothing and loses nothing', async () => {
    await ctx.database.db.insert(books).values({ title: 'Kept' })
    const count = async () =>
      (await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).rows[0]!.n
    const before = await count()
    await migrateDatabase(ctx.database)
    expect(await count()).toBe(before)
    expect((await ctx.database.db.select().from(books)).map((b) => b.title)).toEqual(['Kept'])
  })

  it('maintains timestamps and cascades deletes', async () => {
    const [book] = await ctx.database.db.insert(books).values({ title: 'Timed' }).returning()
    expect(book!.createdAt).toBeInstanceOf(Date)
    expect(book!.order).toBe(0)
    const [chapter] = await ctx.database.db.insert(chapters).values({ bookId: book!.id, title: 'C' }).returning()
    await ctx.database.db.insert(contentPages).values({ chapterId: chapter!.id, title: 'P', content: '<p>x</p>' })
    await ctx.database.db.execute(sql`DELETE FROM books WHERE id = ${book!.id}`)
    const left = await ctx.database.db.execute(
      sql`SELECT (SELECT count(*) FROM chapters WHERE book_id = ${book!.id})::int AS c, (SELECT count(*) FROM content WHERE chapter_id = ${chapter!.id})::int AS p`,
    )
    expect(left.rows[0]).toEqual({ c: 0, p: 0 })
  })

  it('folds Pali and Estonian diacritics in f_unaccent()', async () => {
    const result = await ctx.database.db.execute(sql`SELECT f_unaccent('Satipaṭṭhāna mettā õige ñāṇa') AS folded`)
    expect(result.rows[0]!.folded).toBe('Satipatthana metta oige nana')
  })
})
