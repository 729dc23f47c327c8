// PGlite does not lock its data directory; two processes writing one directory would corrupt it.
// A lock file with the owner's pid makes a second process refuse to start with a clear message.
import fs from 'node:fs'
import path from 'node:path'
import { OperatorError } from '../lib/operator-error.ts'

export class DataDirLockedError extends OperatorError {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' })
      let released = false
      return () => {
        if (released) return
        released = true
        fs.rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim())
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by process ${owner}. Stop that process first (only one process may use the embedded database).`,
        )
      }
      fs.rmSync(lockFile, { force: true }) // left behind by a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`)
}

export class DataDirIncompleteError extends OperatorError {}

const READY_MARKER = 'pglite.ready'

/**
 * A data directory whose first start was interrupted (database files but no ready marker) must not
 * be silently reused: PGlite might open a half-made database. Explain instead.
 */
export function assertDataDirComplete(dataDir: string) {
  const databaseDir = path.join(dataDir, 'pglite')
  const hasFiles = fs.existsSync(databaseDir) && fs.readdirSync(databaseDir).length > 0
  if (hasFiles && !fs.existsSync(path.join(dataDir, READY_MARKER))) {
    throw new DataDirIncompleteError(
      `${databaseDir} looks half-initialised (an earlier first start was interrupted). Move it away (or restore a backup with npm run restore) and start again.`,
    )
  }
}

export function markDataDirComplete(dataDir: string) {
  const marker = path.join(dataDir, READY_MARKER)
  if (!fs.existsSync(marker)) fs.writeFileSync(marker, `${new Date().toISOString()}\n`)
}
