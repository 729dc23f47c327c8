// PGlite does not lock its data directory; two processes writing one directory would corrupt it.
// The lock is a Unix socket the server listens on (DATA_DIR/server.lock): the kernel closes it when
// the process dies however it dies, so a crash never leaves a lock that blocks. A pid file could not
// tell: in a container the restarted server is process 1 again, like the dead one it would wait for.
// A second process connects: a refused connection means the owner is gone; an answer means it lives,
// and the answer names it (pid and host, for the message only).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { OperatorError } from '../lib/operator-error.ts'

export class DataDirLockedError extends OperatorError {}

export const LOCK_NAME = 'server.lock'
// sun_path holds 108 bytes on Linux, 104 on macOS, with the closing NUL; Node 20 cuts a longer path
// silently and would bind somewhere else.
const MAX_SOCKET_PATH = 103
// Binding the socket and removing a dead owner's socket happen under a guard directory; a guard this
// old was left by a process killed while holding it (which lasts at most one probe).
const GUARD_STALE_MS = 10_000
const ACQUIRE_TIMEOUT_MS = 15_000
const ANSWER_TIMEOUT_MS = 2_000

/** Creates a directory (DATA_DIR, its backups) readable by this user only, or tightens an existing one. */
export function makePrivateDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  if ((fs.statSync(dir).mode & 0o077) === 0) return
  try {
    fs.chmodSync(dir, 0o700)
  } catch (error) {
    // Owned by another user (a mounted volume): the server can still run; the operator should know.
    console.error(`Could not make ${dir} private (chmod 700): ${(error as Error).message}`)
  }
}

export interface LockAddress {
  /** Where the socket file lives (for unlink and the guard). */
  file: string
  /** What bind() and connect() are given: the file itself, or a short name for it. */
  address: string
  /** Closes the directory handle a short name needs, after the socket is closed. */
  done(): void
}

const fits = (p: string) => Buffer.byteLength(p) <= MAX_SOCKET_PATH

/**
 * The socket's address. A DATA_DIR too long for a socket path is reached through an open handle of
 * the directory (/proc/self/fd/N/server.lock, as systemd does); where there is no /proc, a short name
 * in the temporary directory made from a hash of the directory's real path.
 */
export function lockAddress(dataDir: string, options: { useProc?: boolean } = {}): LockAddress {
  const file = path.join(path.resolve(dataDir), LOCK_NAME)
  if (fits(file)) return { file, address: file, done() {} }
  if ((options.useProc ?? true) && fs.existsSync('/proc/self/fd')) {
    const fd = fs.openSync(path.dirname(file), 'r')
    const address = `/proc/self/fd/${fd}/${LOCK_NAME}`
    if (fits(address)) return { file, address, done: () => fs.closeSync(fd) }
    fs.closeSync(fd)
  }
  const hash = createHash('sha256')
    .update(fs.realpathSync(path.dirname(file)))
    .digest('hex')
    .slice(0, 24)
  const tmp = fits(path.join(os.tmpdir(), 'x'.repeat(40))) ? os.tmpdir() : '/tmp'
  const short = path.join(tmp, `encyclopedia-${hash}.lock`)
  return { file: short, address: short, done() {} }
}

type Probe = { state: 'live'; owner?: { pid?: number; host?: string; since?: string } } | { state: 'dead' | 'gone' }

/** Connects to an existing lock socket: refused means its owner died, an answer means it lives. */
function probe(address: string): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = net.connect(address)
    let text = ''
    let connected = false
    const finish = (result: Probe) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(result)
    }
    const timer = setTimeout(() => finish({ state: 'live' }), ANSWER_TIMEOUT_MS) // busy owner: still alive
    socket.setEncoding('utf8')
    socket.on('connect', () => (connected = true))
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => {
      try {
        finish({ state: 'live', owner: JSON.parse(text) as { pid?: number; host?: string; since?: string } })
      } catch {
        finish({ state: 'live' })
      }
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return finish({ state: 'live' })
      // ECONNREFUSED: a socket nobody listens on (or the pid file of an older version). Anything else
      // (EACCES, EAGAIN from a full backlog) leaves the owner in doubt, so it counts as alive.
      if (error.code === 'ECONNREFUSED') return finish({ state: 'dead' })
      if (error.code === 'ENOENT') return finish({ state: 'gone' })
      finish({ state: 'live' })
    })
  })
}

function listen(address: string): Promise<net.Server | undefined> {
  const owner = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() })
  const server = net.createServer((connection) => {
    connection.on('error', () => {})
    connection.end(owner)
  })
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(undefined)
      else reject(error)
    })
    server.once('listening', () => {
      server.on('error', () => {})
      server.unref() // the lock never keeps a process alive by itself
      resolve(server)
    })
    server.listen(address)
  })
}

/**
 * Runs `work` while holding the guard directory beside the lock, or returns `busy` when another
 * process holds it. Binding and removing a dead owner's socket both happen under the guard: a socket
 * is bound before it listens, and in between a connection is refused as if its owner were dead, so a
 * second process probing then would remove a live owner's socket and bind its own.
 */
async function underGuard<T>(lock: LockAddress, work: () => Promise<T>): Promise<T | 'busy'> {
  const guard = `${lock.file}.guard`
  try {
    fs.mkdirSync(guard)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const since = fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
    if (Date.now() - since > GUARD_STALE_MS) fs.rmSync(guard, { recursive: true, force: true })
    else await new Promise((r) => setTimeout(r, 20 + Math.random() * 30))
    return 'busy'
  }
  try {
    return await work()
  } finally {
    fs.rmSync(guard, { recursive: true, force: true })
  }
}

function describeOwner(owner: { pid?: number; host?: string; since?: string } | undefined) {
  if (!owner || typeof owner.pid !== 'number') return 'another running process (it did not say which)'
  const host = typeof owner.host === 'string' ? ` on host ${owner.host}` : ''
  const since = typeof owner.since === 'string' ? `, running since ${owner.since}` : ''
  return `process ${owner.pid}${host}${since}`
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export async function acquireDataDirLock(dataDir: string, options: { useProc?: boolean } = {}): Promise<() => void> {
  const lock = lockAddress(dataDir, options)
  const deadline = Date.now() + ACQUIRE_TIMEOUT_MS
  try {
    while (Date.now() < deadline) {
      const outcome = await underGuard(lock, async () => {
        const server = await listen(lock.address)
        if (server) return server
        const found = await probe(lock.address)
        if (found.state === 'live') return found
        // Asked under the guard: nobody binds or removes meanwhile, so what is removed is what was asked.
        if (found.state === 'dead') fs.rmSync(lock.file, { force: true })
        return 'again' as const
      })
      if (outcome === 'busy' || outcome === 'again') continue
      if ('state' in outcome) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by ${describeOwner(outcome.owner)}. Stop that process first (only one process may use the embedded database).`,
        )
      }
      let released = false
      return () => {
        if (released) return
        released = true
        outcome.close() // libuv removes the socket file at once
        lock.done()
      }
    }
  } catch (error) {
    lock.done()
    throw error
  }
  lock.done()
  throw new DataDirLockedError(`Could not lock ${dataDir} (${lock.file}) within ${ACQUIRE_TIMEOUT_MS / 1000} s`)
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
