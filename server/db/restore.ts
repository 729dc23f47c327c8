// Restores the embedded database from a backup tarball: the current database is moved aside (never
// deleted) and the backup becomes the new one, checked by opening it.
import fs from 'node:fs'
import path from 'node:path'
import { OperatorError } from '../lib/operator-error.ts'
import { openDatabase } from './client.ts'
import { acquireDataDirLock } from './data-dir-lock.ts'

export async function restoreBackup(dataDir: string, backupFile: string) {
  if (!fs.existsSync(backupFile)) throw new OperatorError(`No such backup file: ${backupFile}`)
  const seed = path.resolve(backupFile)
  const releaseLock = acquireDataDirLock(dataDir) // refuses while the server runs
  let movedTo: string | undefined
  try {
    const current = path.join(dataDir, 'pglite')
    if (fs.existsSync(current)) {
      movedTo = path.join(dataDir, `pglite.before-restore-${Date.now()}`)
      fs.renameSync(current, movedTo)
    }
    fs.rmSync(path.join(dataDir, 'pglite.ready'), { force: true })
  } finally {
    releaseLock()
  }
  try {
    const database = await openDatabase({ dataDir, seedTarball: seed })
    await database.pool.query('SELECT count(*) FROM users')
    await database.close()
  } catch (error) {
    // Put the old database back: a failed restore must not lose what was there.
    fs.rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true })
    if (movedTo) fs.renameSync(movedTo, path.join(dataDir, 'pglite'))
    throw new OperatorError(`The backup could not be restored: ${error instanceof Error ? error.message : error}`)
  }
  return { movedTo }
}
