// The backup drill on the embedded database: back up, wipe, restore, compare every row.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureUser } from '../modules/auth/auth.service.ts'
import { processPage } from '../modules/content/processing/process-page.ts'
import { makeChapter, showProcessed } from '../test/factories.ts'
import { listBackups, makeBackup, pruneBackups } from './backup.ts'
import { openDatabase, type Database } from './client.ts'
import { DataDirIncompleteError } from './data-dir-lock.ts'
import { migrateDatabase } from './migrate.ts'
import { restoreBackup } from './restore.ts'
import { contentPages, terms } from './schema.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-backup-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

/** One checksum per table over all its rows, so two databases compare row for row. */
async function checksums(database: Database) {
  const tables = await database.pool.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  )
  const sums: Record<string, string> = {}
  for (const { tablename } of tables.rows) {
    const result = await database.pool.query<{ rows: string; sum: string | null }>(
      `SELECT count(*)::text AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum FROM "${tablename}" t`,
    )
    sums[tablename] = `${result.rows[0]!.rows}:${result.rows[0]!.sum}`
  }
  return sums
}

describe('backups of the embedded database', { timeout: 120_000 }, () => {
  it('back up, wipe, restore: every row comes back', async () => {
    const dataDir = tempDir()
    const database = await openDatabase({ dataDir })
    await migrateDatabase(database)
    await ensureUser(database.db, 'keeper', 'keeper password', false)
    const chapter = await makeChapter(database)
    const processed = processPage({ content: '<h1>Kept</h1><p>Every word of this page.</p>' })
    const [page] = await database.db
      .insert(contentPages)
      .values({ chapterId: chapter.id, title: 'Kept', content: processed.processedContent, published: true })
      .returning()
    await showProcessed(database.db, page!.id, processed)
    await database.db.insert(terms).values({ term: 'sati', description: '<p>Memory</p>', published: true })
    const before = await checksums(database)
    const backup = await makeBackup(database, dataDir)
    await database.close()

    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true })
    await restoreBackup(dataDir, backup)

    const restored = await openDatabase({ dataDir })
    try {
      expect(await checksums(restored)).toEqual(before)
      expect(Object.keys(before).length).toBeGreaterThanOrEqual(14)
      console.log(`backup drill: ${Object.keys(before).length} tables compared row for row, all equal`)
    } finally {
      await restored.close()
    }
  })

  it('keeps the last seven backups', () => {
    const dataDir = tempDir()
    fs.mkdirSync(path.join(dataDir, 'backups'))
    for (let day = 1; day <= 9; day++) {
      fs.writeFileSync(path.join(dataDir, 'backups', `backup-202611${String(day).padStart(2, '0')}-010000.tar`), 'x')
    }
    pruneBackups(dataDir)
    const kept = listBackups(dataDir).map((file) => path.basename(file))
    expect(kept).toHaveLength(7)
    expect(kept[0]).toBe('backup-20261103-010000.tar')
  })

  it('refuses a half-initialised data directory with an explanation', async () => {
    const dataDir = tempDir()
    fs.mkdirSync(path.join(dataDir, 'pglite'))
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '18')
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirIncompleteError)
    await expect(openDatabase({ dataDir })).rejects.toThrow(/half-initialised/)
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
  })
})
