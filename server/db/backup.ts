// Backups of the embedded database: a gzip-compressed tarball of its data directory in
// DATA_DIR/backups, made by the database's own thread from a copy of its files taken while no
// statement runs (so it is consistent; statements wait only for the copy, and the tarball's memory
// stays a few megabytes whatever the database's size). The server makes one a day at a quiet moment,
// and one before it applies migrations, and keeps the last seven; `npm run backup` makes one, asking
// the running server if there is one (backup-socket.ts). Backups of earlier versions (.tar) are
// listed and restored alike.
import fs from 'node:fs'
import path from 'node:path'
import type { Database } from './client.ts'
import { makePrivateDir } from './data-dir-lock.ts'

export const KEEP_BACKUPS = 7
const DAY_MS = 24 * 60 * 60 * 1000
const NAME = /^backup-\d{8}-\d{6}\.tar(\.gz)?$/

export const backupDir = (dataDir: string) => path.join(dataDir, 'backups')

/** Backups in DATA_DIR/backups, oldest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupDir(dataDir)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .map((name) => path.join(dir, name))
}

function stamp(date: Date) {
  const iso = date.toISOString() // 2026-11-22T16:36:04.123Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`
}

/** The backup being made of each database: a second one asked for meanwhile waits for it. */
const making = new WeakMap<Database, Promise<unknown>>()

/**
 * Writes a new backup (via a temporary name, so a half-written file never looks like a backup);
 * answers its file and how long the database's statements waited for the copy. One at a time per
 * database: the daily one, one an administrator or `npm run backup` asks for, one before migrating.
 */
export async function makeBackup(
  database: Database,
  dataDir: string,
  now?: Date,
): Promise<{ file: string; pausedMs: number }> {
  if (!database.dump) throw new Error('Backups of a PostgreSQL server are made with pg_dump (see README.md).')
  const before = making.get(database) ?? Promise.resolve()
  const made = before.catch(() => {}).then(() => writeBackup(database, dataDir, now ?? new Date()))
  making.set(database, made)
  try {
    return await made
  } finally {
    if (making.get(database) === made) making.delete(database)
  }
}

async function writeBackup(database: Database, dataDir: string, now: Date) {
  const dump = database.dump!
  const dir = backupDir(dataDir)
  // A backup holds everything the database does (password hashes, the session secret): this user only.
  makePrivateDir(dir)
  const file = path.join(dir, `backup-${stamp(now)}.tar.gz`)
  // Still named .tar.gz (the database's thread compresses by the name), but never one listBackups takes.
  const partial = path.join(dir, `partial-${path.basename(file)}`)
  // Made 0600 before the dump fills it (writing an existing file keeps its mode), so no moment of
  // the copy is readable by others, whatever the umask.
  fs.rmSync(partial, { force: true })
  fs.writeFileSync(partial, '', { mode: 0o600 })
  let pausedMs: number
  try {
    ;({ pausedMs } = await dump(partial))
  } catch (error) {
    fs.rmSync(partial, { force: true }) // a half-written copy of the database is no use to anyone
    throw error
  }
  fs.chmodSync(partial, 0o600)
  fs.renameSync(partial, file)
  return { file, pausedMs }
}

export function pruneBackups(dataDir: string, keep = KEEP_BACKUPS) {
  const backups = listBackups(dataDir)
  for (const old of backups.slice(0, Math.max(0, backups.length - keep))) fs.rmSync(old, { force: true })
}

/** How long a due backup waits for a quiet moment before it is made anyway. */
export const QUIET_WAIT_MS = 60 * 60 * 1000

/**
 * Makes a backup 30 s after start (firstAfterMs) if the newest is older than a day, then once a day. Statements wait
 * while the files are copied (a fraction of a second per 100 MB), so a due backup first waits for
 * `whenQuiet` (no request for a few seconds; at most QUIET_WAIT_MS, then it is made anyway).
 * Returns a stop function.
 */
export function scheduleDailyBackups(
  database: Database,
  dataDir: string,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  {
    whenQuiet = async () => {},
    firstAfterMs = 30_000,
  }: {
    /** Resolves at a quiet moment, or after `maxWaitMs` at the latest. */
    whenQuiet?: (maxWaitMs: number) => Promise<unknown>
    firstAfterMs?: number
  } = {},
) {
  let running = false
  const run = async () => {
    if (running) return
    running = true
    try {
      const newest = listBackups(dataDir).at(-1)
      if (newest && Date.now() - fs.statSync(newest).mtimeMs < DAY_MS - 60_000) return
      await whenQuiet(QUIET_WAIT_MS)
      const { file, pausedMs } = await makeBackup(database, dataDir)
      pruneBackups(dataDir)
      log.info({ file, pausedMs: Math.round(pausedMs) }, 'daily backup written')
    } catch (error) {
      log.error({ err: error }, 'daily backup failed')
    } finally {
      running = false
    }
  }
  const first = setTimeout(run, firstAfterMs)
  const daily = setInterval(run, 60 * 60 * 1000) // checks hourly, backs up when a day has passed
  first.unref()
  daily.unref()
  return () => {
    clearTimeout(first)
    clearInterval(daily)
  }
}
