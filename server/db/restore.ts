// Restores the embedded database from a backup tarball: the backup is unpacked beside the current
// database, which is then moved aside (never deleted), and the unpacked copy is checked by opening it.
import fs from 'node:fs'
import path from 'node:path'
import * as tar from 'tar'
import { OperatorError } from '../lib/operator-error.ts'
import { openDatabase } from './client.ts'
import { acquireDataDirLock, makePrivateDir, markDataDirComplete } from './data-dir-lock.ts'

export async function restoreBackup(dataDir: string, backupFile: string) {
  if (!fs.existsSync(backupFile)) throw new OperatorError(`No such backup file: ${backupFile}`)
  makePrivateDir(dataDir)
  const current = path.join(dataDir, 'pglite')
  const marker = path.join(dataDir, 'pglite.ready')
  const releaseLock = await acquireDataDirLock(dataDir) // refuses while the server runs
  let movedTo: string | undefined
  try {
    const unpacked = path.join(dataDir, `pglite.restoring-${Date.now()}`)
    try {
      await unpack(path.resolve(backupFile), unpacked)
    } catch (error) {
      fs.rmSync(unpacked, { recursive: true, force: true })
      throw new OperatorError(`The backup could not be unpacked: ${describe(error)}`)
    }
    if (fs.existsSync(current)) {
      movedTo = path.join(dataDir, `pglite.before-restore-${Date.now()}`)
      fs.renameSync(current, movedTo)
    }
    // Whole before it takes the database's name, so it is marked complete.
    fs.renameSync(unpacked, current)
    fs.rmSync(marker, { force: true })
    markDataDirComplete(dataDir)
  } finally {
    releaseLock()
  }
  try {
    const database = await openDatabase({ dataDir })
    await database.pool.query('SELECT count(*) FROM users')
    await database.close()
  } catch (error) {
    // Put the old database back: a failed restore must not lose what was there.
    fs.rmSync(current, { recursive: true, force: true })
    if (movedTo) fs.renameSync(movedTo, current)
    else fs.rmSync(marker, { force: true })
    throw new OperatorError(`The backup could not be restored: ${describe(error)}`)
  }
  return { movedTo }
}

/**
 * Streams the tarball's files into a new directory: a backup is as large as the database, which may
 * not fit in memory (PGlite's loadDataDir() would read all of it). Both layouts unpack the same way:
 * backups made by PGlite's dumpDataDir() (before 2026-11, entries named "/base/…") and the streamed
 * ones ("base/…"). Only files and directories are taken, none outside the directory.
 */
async function unpack(file: string, into: string) {
  fs.mkdirSync(into, { mode: 0o700 })
  let entries = 0
  const problems: string[] = []
  await tar.x({
    file,
    cwd: into,
    // Owned by whoever restores, as the files PGlite writes are (as root, tar would otherwise
    // give them the archive's owners).
    preserveOwner: false,
    filter: (_path, entry) => {
      const kind = 'type' in entry ? entry.type : undefined
      entries++
      return kind === 'File' || kind === 'OldFile' || kind === 'Directory'
    },
    // The old layout's leading "/" is stripped with a notice (TAR_ENTRY_INFO); anything else, such
    // as a damaged entry, fails the restore rather than leave a file out.
    onwarn: (code, message) => {
      if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${String(message)}`)
    },
  })
  if (problems.length > 0) throw new Error(problems.slice(0, 3).join('; '))
  if (!fs.existsSync(path.join(into, 'PG_VERSION'))) {
    throw new Error(`${entries} entries, but no PG_VERSION: not a backup of the embedded database`)
  }
}

function describe(error: unknown) {
  return error instanceof Error ? error.message : String(error)
}
