// The backup drill on the embedded database: back up, wipe, restore, compare every row.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { afterAll, describe, expect, it } from 'vitest'
import { ensureUser } from '../modules/auth/auth.service.ts'
import { processPage } from '../modules/content/processing/process-page.ts'
import { makeChapter, showProcessed } from '../test/factories.ts'
import { listBackups, makeBackup, pruneBackups, QUIET_WAIT_MS, scheduleDailyBackups } from './backup.ts'
import { openDatabase, type Database } from './client.ts'
import { DataDirIncompleteError } from './data-dir-lock.ts'
import { migrateDatabase } from './migrate.ts'
import { askServerForBackup, BACKUP_SOCKET, serveBackupRequests } from './backup-socket.ts'
import { restoreBackup } from './restore.ts'
import { contentPages, terms } from './schema.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-backup-'))
  dirs.push(dir)
  return dir
}
// Several hundred MB of data directories: removing them takes a while on a busy disk.
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })), 120_000)
const mode = (file: string) => fs.statSync(file).mode & 0o777
const MB = 1024 * 1024
const isGzip = (file: string) =>
  fs
    .readFileSync(file)
    .subarray(0, 2)
    .equals(Buffer.from([0x1f, 0x8b]))

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url))
/** A migrations folder holding only the first `count` of ours: a database as an earlier version left it. */
function earlierMigrations(count: number) {
  const folder = tempDir()
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'))
  journal.entries = journal.entries.slice(0, count)
  fs.mkdirSync(path.join(folder, 'meta'))
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal))
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`))
  return folder
}
const migrationCount = () =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')).entries as unknown[]).length

const silentLog = { info: () => {}, warn: () => {}, error: () => {} }

function directoryBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0)
}

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

describe('backups of the embedded database', { timeout: 240_000 }, () => {
  it('back up, wipe, restore: every row comes back', async () => {
    const dataDir = tempDir()
    fs.chmodSync(dataDir, 0o755) // as an older version or an operator left it
    const database = await openDatabase({ dataDir })
    expect(mode(dataDir)).toBe(0o700)
    await migrateDatabase(database)
    await ensureUser(database.db, 'keeper', 'keeper password', { resetPassword: false })
    const chapter = await makeChapter(database)
    const processed = processPage({ content: '<h1>Kept</h1><p>Every word of this page.</p>' })
    const [page] = await database.db
      .insert(contentPages)
      .values({ chapterId: chapter.id, title: 'Kept', content: processed.processedContent, published: true })
      .returning()
    await showProcessed(database.db, page!.id, processed)
    await database.db.insert(terms).values({ term: 'sati', description: '<p>Memory</p>', published: true })
    const before = await checksums(database)
    // With no umask to help, the backup and its directory are still this user's only.
    const umask = process.umask(0)
    let backup: string
    try {
      backup = (await makeBackup(database, dataDir)).file
    } finally {
      process.umask(umask)
    }
    expect(mode(backup)).toBe(0o600)
    expect(mode(path.dirname(backup))).toBe(0o700)
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

  it('restores a backup made the old way, by PGlite in memory', async () => {
    const dataDir = tempDir()
    const database = await openDatabase({ dataDir })
    await migrateDatabase(database)
    await ensureUser(database.db, 'keeper', 'keeper password', { resetPassword: false })
    await database.db.insert(terms).values({ term: 'sati', description: '<p>Memory</p>', published: true })
    const before = await checksums(database)
    await database.close()
    // What makeBackup() wrote before it streamed: PGlite's own dump, entries named "/base/…".
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { unaccent, pg_trgm } })
    const dump = await pglite.dumpDataDir('none')
    await pglite.close()
    const backup = path.join(dataDir, 'backups', 'backup-20261101-010000.tar')
    fs.mkdirSync(path.dirname(backup), { mode: 0o700 })
    fs.writeFileSync(backup, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 })
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true })

    await restoreBackup(dataDir, backup)
    const restored = await openDatabase({ dataDir })
    try {
      expect(await checksums(restored)).toEqual(before)
    } finally {
      await restored.close()
    }
  })

  it('refuses a file that is not a backup, and keeps the database there', async () => {
    const dataDir = tempDir()
    const database = await openDatabase({ dataDir })
    await migrateDatabase(database)
    await ensureUser(database.db, 'keeper', 'keeper password', { resetPassword: false })
    const before = await checksums(database)
    await database.close()
    const notBackup = path.join(dataDir, 'notes.txt')
    fs.writeFileSync(notBackup, 'not a tarball\n'.repeat(100))
    await expect(restoreBackup(dataDir, notBackup)).rejects.toThrow(/could not be unpacked/)
    const still = await openDatabase({ dataDir })
    try {
      expect(await checksums(still)).toEqual(before)
    } finally {
      await still.close()
    }
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite.'))).toEqual(['pglite.ready'])
  })

  it('creates a missing DATA_DIR readable by its user only, and makes an existing backups directory so', async () => {
    const dataDir = path.join(tempDir(), 'new', 'data')
    const umask = process.umask(0)
    try {
      const database = await openDatabase({ dataDir })
      expect(mode(dataDir)).toBe(0o700)
      fs.mkdirSync(path.join(dataDir, 'backups'), { mode: 0o777 })
      const { file: backup } = await makeBackup(database, dataDir)
      await database.close()
      expect(mode(path.join(dataDir, 'backups'))).toBe(0o700)
      expect(mode(backup)).toBe(0o600)
    } finally {
      process.umask(umask)
    }
  })

  it('backs up a sizeable database without holding it in memory', { timeout: 300_000 }, async () => {
    const dataDir = tempDir()
    const database = await openDatabase({ dataDir })
    let backup: string
    let rows: number
    try {
      await migrateDatabase(database)
      // About 100 MB of rows (and as much write-ahead log): 640 characters of text each, below the size PostgreSQL compresses.
      rows = 150_000
      await database.pool.query(
        `CREATE TABLE backup_bulk AS SELECT g AS id, repeat(md5(g::text), 20) AS body FROM generate_series(1, ${rows}) g`,
      )
      const dataBytes = directoryBytes(path.join(dataDir, 'pglite'))
      expect(dataBytes).toBeGreaterThan(150 * MB)
      const baseline = process.memoryUsage.rss()
      let peak = baseline
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5)
      const started = performance.now()
      let readerWaited = 0
      let pausedMs = 0
      try {
        const backingUp = makeBackup(database, dataDir)
        // A reader arriving meanwhile waits for the files' copy to finish (that is what keeps it
        // consistent), not for the tarball.
        await new Promise((resolve) => setTimeout(resolve, 20))
        const asked = performance.now()
        await database.pool.query('SELECT 1')
        readerWaited = performance.now() - asked
        ;({ file: backup, pausedMs } = await backingUp)
      } finally {
        clearInterval(sampler)
      }
      const seconds = (performance.now() - started) / 1000
      peak = Math.max(peak, process.memoryUsage.rss())
      const growth = peak - baseline
      console.log(
        `backup of ${Math.round(dataBytes / MB)} MB of data: ${Math.round(fs.statSync(backup).size / MB)} MB file in ${seconds.toFixed(1)} s, statements held ${(pausedMs / 1000).toFixed(2)} s, a query sent meanwhile waited ${(readerWaited / 1000).toFixed(2)} s; process RSS ${Math.round(baseline / MB)} MB before, peak ${Math.round(peak / MB)} MB, growth ${Math.round(growth / MB)} MB`,
      )
      // Compressed: these rows (and PostgreSQL's empty page space) shrink to a fraction.
      expect(isGzip(backup)).toBe(true)
      expect(fs.statSync(backup).size).toBeLessThan(dataBytes / 2)
      expect(growth).toBeLessThan(150 * MB)
      expect(readerWaited).toBeLessThan(pausedMs + 250)
      expect(pausedMs).toBeLessThan(seconds * 1000 * 0.75)
      // The copy the tarball was made from is gone.
      expect(fs.readdirSync(path.join(dataDir, 'backups'))).toEqual([path.basename(backup)])
    } finally {
      await database.close()
    }
    // And the backup holds every one of those rows.
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true })
    await restoreBackup(dataDir, backup)
    const restored = await openDatabase({ dataDir })
    try {
      const result = await restored.pool.query<{ rows: number; sum: string }>(
        'SELECT count(*)::int AS rows, sum(length(body))::text AS sum FROM backup_bulk',
      )
      expect(result.rows[0]).toEqual({ rows, sum: String(rows * 640) })
    } finally {
      await restored.close()
    }
  })

  it('makes the daily backup at a quiet moment, and not again the same day', async () => {
    const dataDir = tempDir()
    const database = await openDatabase({ dataDir })
    const logged: string[] = []
    const log = {
      info: (_: object, message: string) => logged.push(message),
      error: (_: object, message: string) => logged.push(message),
    }
    let quiet = () => {}
    const waits: number[] = []
    const whenQuiet = (maxWaitMs: number) => {
      waits.push(maxWaitMs)
      return new Promise<void>((resolve) => (quiet = resolve))
    }
    try {
      await migrateDatabase(database)
      const stop = scheduleDailyBackups(database, dataDir, log, { whenQuiet, firstAfterMs: 10 })
      await expect.poll(() => waits).toEqual([QUIET_WAIT_MS])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(listBackups(dataDir)).toEqual([]) // still waiting for the quiet moment
      quiet()
      await expect.poll(() => logged, { timeout: 30_000 }).toEqual(['daily backup written'])
      expect(listBackups(dataDir)).toHaveLength(1)
      stop()
      // A second start the same day finds today's backup and makes none.
      const again = scheduleDailyBackups(database, dataDir, log, { whenQuiet, firstAfterMs: 10 })
      await new Promise((resolve) => setTimeout(resolve, 200))
      again()
      expect(waits).toHaveLength(1)
      expect(listBackups(dataDir)).toHaveLength(1)
    } finally {
      await database.close()
    }
  })

  it('keeps the last seven backups, compressed or from an earlier version', () => {
    const dataDir = tempDir()
    fs.mkdirSync(path.join(dataDir, 'backups'))
    for (let day = 1; day <= 9; day++) {
      const kind = day <= 5 ? 'tar' : 'tar.gz'
      fs.writeFileSync(
        path.join(dataDir, 'backups', `backup-202611${String(day).padStart(2, '0')}-010000.${kind}`),
        'x',
      )
    }
    fs.writeFileSync(path.join(dataDir, 'backups', 'partial-backup-20261110-010000.tar.gz'), 'x')
    pruneBackups(dataDir)
    const kept = listBackups(dataDir).map((file) => path.basename(file))
    expect(kept).toHaveLength(7)
    expect(kept[0]).toBe('backup-20261103-010000.tar')
    expect(kept.at(-1)).toBe('backup-20261109-010000.tar.gz')
  })

  it('writes compressed backups, and restores them and the uncompressed ones of earlier versions', async () => {
    const dataDir = tempDir()
    const database = await openDatabase({ dataDir })
    let backup: string
    const earlier = path.join(dataDir, 'backups', 'backup-20261101-010000.tar')
    let before: Record<string, string>
    try {
      await migrateDatabase(database)
      await ensureUser(database.db, 'keeper', 'keeper password', { resetPassword: false })
      await database.db.insert(terms).values({ term: 'sati', description: '<p>Memory</p>', published: true })
      before = await checksums(database)
      backup = (await makeBackup(database, dataDir)).file
      // What makeBackup() wrote before backups were compressed: the same tarball, streamed as it is.
      await database.dump!(earlier)
    } finally {
      await database.close()
    }
    expect(path.basename(backup)).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz$/)
    expect(isGzip(backup)).toBe(true)
    expect(isGzip(earlier)).toBe(false)
    expect(fs.statSync(backup).size).toBeLessThan(fs.statSync(earlier).size / 3)
    expect(listBackups(dataDir)).toEqual([earlier, backup])
    for (const file of [backup, earlier]) {
      fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true })
      await restoreBackup(dataDir, file)
      const restored = await openDatabase({ dataDir })
      try {
        expect(await checksums(restored)).toEqual(before)
      } finally {
        await restored.close()
      }
    }
  })

  it('backs up a database before migrating it (not a new one), and the backup is the database as it was', async () => {
    const dataDir = tempDir()
    const database = await openDatabase({ dataDir })
    const earlier = migrationCount() - 2
    const logged: string[] = []
    let backup: string | undefined
    try {
      const created = await migrateDatabase(database, { migrationsFolder: earlierMigrations(earlier) })
      expect(created).toEqual({ applied: earlier, backup: undefined })
      expect(listBackups(dataDir)).toEqual([])
      await database.pool.query(`INSERT INTO books (title) VALUES ('Enne uuendust')`)

      const upgraded = await migrateDatabase(database, { log: (message) => logged.push(message) })
      backup = upgraded.backup
      expect(upgraded.applied).toBe(2)
      expect(backup).toMatch(/backup-\d{8}-\d{6}\.tar\.gz$/)
      expect(listBackups(dataDir)).toEqual([backup])
      expect(logged).toEqual(['backup written before migrating'])
      // Started again: nothing to apply, no backup.
      expect(await migrateDatabase(database)).toEqual({ applied: 0, backup: undefined })
      expect(listBackups(dataDir)).toHaveLength(1)
    } finally {
      await database.close()
    }
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true })
    await restoreBackup(dataDir, backup!)
    const restored = await openDatabase({ dataDir })
    try {
      const applied = await restored.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
      expect(applied.rows[0].n).toBe(earlier)
      const titles = await restored.pool.query('SELECT title FROM books')
      expect(titles.rows).toEqual([{ title: 'Enne uuendust' }])
    } finally {
      await restored.close()
    }
  })

  it('npm run backup asks the running server, over a socket in DATA_DIR only its user reaches', async () => {
    const dataDir = tempDir()
    expect(await askServerForBackup(dataDir)).toBeUndefined() // no server: the command makes it itself
    const database = await openDatabase({ dataDir })
    const stop = await serveBackupRequests(database, dataDir, silentLog)
    try {
      await migrateDatabase(database)
      const socket = path.join(dataDir, BACKUP_SOCKET)
      expect(fs.statSync(socket).isSocket()).toBe(true)
      expect(mode(socket)).toBe(0o600)
      expect(mode(dataDir)).toBe(0o700)
      const [first, second] = await Promise.all([askServerForBackup(dataDir), askServerForBackup(dataDir)])
      for (const made of [first, second]) {
        expect(made?.file).toMatch(/backup-\d{8}-\d{6}\.tar\.gz$/)
        expect(fs.existsSync(made!.file)).toBe(true)
      }
      expect(listBackups(dataDir)).toContain(first!.file)
    } finally {
      await stop()
      await database.close()
    }
    expect(fs.existsSync(path.join(dataDir, BACKUP_SOCKET))).toBe(false)
    // A socket file a killed server left behind: refused, so the command makes the backup itself.
    fs.writeFileSync(path.join(dataDir, BACKUP_SOCKET), '')
    expect(await askServerForBackup(dataDir)).toBeUndefined()
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
