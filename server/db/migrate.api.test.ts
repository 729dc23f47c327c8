import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { describe, expect, it } from 'vitest'
import { APP_VERSION } from '../lib/app-version.ts'
import { openTestDatabase, useTestApp } from '../test/test-app.ts'
import { MIGRATED_BY_KEY, migrateDatabase, NewerDatabaseError } from './migrate.ts'
import { books, chapters, contentPages } from './schema.ts'

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

  it('refuses a database a newer version migrated, naming both versions, and changes nothing', async () => {
    const source = fileURLToPath(new URL('./migrations', import.meta.url))
    const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[]
    }
    const newest = journal.entries.at(-1)!
    const run = (query: string, values: unknown[] = []) => ctx.database.pool.query(query, values)
    const future = newest.when + 86_400_000
    await run(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-the-future', $1)`, [future])
    const before = await run(`SELECT value FROM settings WHERE key = $1`, [MIGRATED_BY_KEY])
    await run(
      `INSERT INTO settings (key, value) VALUES ($1, '9.9.9') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [MIGRATED_BY_KEY],
    )
    try {
      const refusal = await migrateDatabase(ctx.database).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(NewerDatabaseError)
      const message = (refusal as Error).message
      expect(message).not.toContain('\n')
      expect(message).toContain('upgraded by version 9.9.9')
      expect(message).toContain(new Date(future).toISOString())
      expect(message).toContain(`this is version ${APP_VERSION}, whose newest migration is ${newest.tag}`)
      expect(message).toMatch(/run that version or newer, or restore a backup/i)
      // Nothing was applied or recorded, and the lock was let go: the next run gets it at once.
      const rows = await run(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations WHERE created_at > $1`, [
        newest.when,
      ])
      expect(rows.rows[0].n).toBe(1)
    } finally {
      await run(`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'from-the-future'`)
      if (before.rows[0])
        await run(`UPDATE settings SET value = $2 WHERE key = $1`, [MIGRATED_BY_KEY, before.rows[0].value])
      else await run(`DELETE FROM settings WHERE key = $1`, [MIGRATED_BY_KEY])
    }
    expect((await migrateDatabase(ctx.database)).applied).toBe(0)
  })

  it('folds Pali and Estonian diacritics in f_unaccent()', async () => {
    const result = await ctx.database.db.execute(sql`SELECT f_unaccent('Satipaṭṭhāna mettā õige ñāṇa') AS folded`)
    expect(result.rows[0]!.folded).toBe('Satipatthana metta oige nana')
  })
})

describe('migration 0005 (reader builds)', () => {
  it('moves the blocks, anchors and passages of existing pages into one build each', async () => {
    const fresh = await openTestDatabase({ empty: true })
    try {
      // A database as it was before 0005: the earlier migrations only.
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-migrations-'))
      const source = fileURLToPath(new URL('./migrations', import.meta.url))
      const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8'))
      journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 5)
      fs.mkdirSync(path.join(folder, 'meta'))
      fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal))
      for (const entry of journal.entries)
        fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
      await migrate(drizzle({ client: fresh.database.pool }), { migrationsFolder: folder })
      fs.rmSync(folder, { recursive: true, force: true })

      const run = (query: string) => fresh.database.pool.query(query)
      await run(
        `INSERT INTO books (id, title) VALUES (1, 'B'); INSERT INTO chapters (id, book_id, title) VALUES (1, 1, 'C')`,
      )
      await run(`INSERT INTO content (id, chapter_id, title, content, block_count, published)
                 VALUES (1, 1, 'Old', '<p id="a">mettā</p>\n<p id="b">two</p>', 2, true)`)
      await run(
        `INSERT INTO reader_blocks (content_id, position, html) VALUES (1, 0, '<p id="a">mettā</p>'), (1, 1, '<p id="b">two</p>')`,
      )
      await run(`INSERT INTO reader_anchors (content_id, anchor, position) VALUES (1, 'a', 0), (1, 'b', 1)`)
      await run(`INSERT INTO search_passages (content_id, position, anchor, text) VALUES (1, 0, 'a', 'mettā two')`)

      await migrateDatabase(fresh.database)

      const page = (await run(`SELECT build_id FROM content WHERE id = 1`)).rows[0]
      const build = (await run(`SELECT content_id, anchors FROM reader_builds WHERE id = ${Number(page.build_id)}`))
        .rows[0]
      expect(build.content_id).toBe(1)
      expect(JSON.parse(build.anchors)).toEqual([
        ['a', 0],
        ['b', 1],
      ])
      const blocks = await run(
        `SELECT position, html FROM reader_blocks WHERE build_id = ${Number(page.build_id)} ORDER BY position`,
      )
      expect(blocks.rows.map((row) => row.html)).toEqual(['<p id="a">mettā</p>', '<p id="b">two</p>'])
      const found = await run(`SELECT anchor FROM search_passages WHERE build_id = ${Number(page.build_id)}
                               AND search_vector @@ to_tsquery('simple', 'metta')`)
      expect(found.rows).toEqual([{ anchor: 'a' }])
    } finally {
      await fresh.dispose()
    }
  })
})
