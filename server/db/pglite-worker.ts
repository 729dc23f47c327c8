// Runs the embedded PGlite database in its own thread and serves it on a Unix socket, so the
// server talks to it through `pg` exactly as it talks to PostgreSQL and no query blocks the
// server's event loop (DESIGN.md, "embedded wiring").
import { parentPort, workerData } from 'node:worker_threads'
import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import v8 from 'node:v8'
import vm from 'node:vm'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import * as tar from 'tar'
import { activityWriter } from './activity.ts'

export interface PgliteWorkerData {
  /** Directory of the database files. */
  dataDir: string
  /** Unix socket path to serve on. */
  socketPath: string
  /** A tarball of a data directory (a backup, or a dump) to start a new database from (tests use a migrated template). */
  seedTarball?: string
  /** Shared with the server's thread: when statements start and finish (db/activity.ts). */
  activity: SharedArrayBuffer
}

export type PgliteWorkerMessage =
  | { type: 'ready' }
  | { type: 'error'; message: string }
  | { type: 'closed' }
  | { type: 'dumped'; path: string; pausedMs: number }

/**
 * PGlite's defaults with a smaller buffer cache: shared_buffers lives in the WebAssembly memory, which
 * never shrinks, and 128 MB of it stays resident once touched. The data files are read through the
 * operating system's page cache, which gives memory back; 32 MB keeps the search indexes' hot pages.
 * New search passages wait in the index's pending list (a 9 MB page's take ~18 MB of it) until the
 * list is merged a moment after the save (db/maintenance.ts, decision 057): merged during the save,
 * it cost 1.3 s of it. Every search reads the list until then.
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=32MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'gin_pending_list_limit=32MB',
]

/**
 * An ArrayBuffer's memory goes back only when its thread's JavaScript heap is collected, and this
 * thread allocates little else: the buffers that carry statements and answers through the socket
 * (and start-up's) piled up to 200–500 MB between collections. When they pass this many bytes, the
 * small heap here is collected (a few milliseconds).
 */
const BUFFER_GARBAGE_BYTES = 64 * 1024 * 1024
/** How often at most the buffers' bytes are looked at (a few MB of answers at most pile up meanwhile). */
const BUFFER_CHECK_MS = 20
/** The same while a backup streams the data directory (a megabyte a read, for seconds). */
const BACKUP_GARBAGE_BYTES = 16 * 1024 * 1024
v8.setFlagsFromString('--expose-gc')
const collectGarbage = vm.runInNewContext('gc') as () => void

const { dataDir, socketPath, seedTarball, activity } = workerData as PgliteWorkerData
const statements = activityWriter(activity)
const port = parentPort!

async function start() {
  let loadDataDir: Blob | undefined
  if (seedTarball && !(await hasDatabase(dataDir))) {
    loadDataDir = new Blob([await fs.readFile(seedTarball)])
  }
  const db = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm }, loadDataDir, startParams: START_PARAMS })
  await fs.rm(socketPath, { force: true })
  // The app's pool holds one connection, but node-postgres replaces a connection after a failed
  // query; with more than one slot the new connection is accepted while the old one closes.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 })
  await server.start()

  port.on('message', async (message: { type: 'close' } | { type: 'dump'; path: string }) => {
    try {
      if (message.type === 'dump') {
        const pausedMs = await dump(db, message.path)
        port.postMessage({ type: 'dumped', path: message.path, pausedMs } satisfies PgliteWorkerMessage)
        return
      }
      await server.stop()
      await db.close()
      await fs.rm(socketPath, { force: true })
      port.postMessage({ type: 'closed' } satisfies PgliteWorkerMessage)
    } catch (error) {
      port.postMessage({ type: 'error', message: describe(error) } satisfies PgliteWorkerMessage)
    }
  })
  collectGarbage()
  // Checked after the messages the socket server runs: a timer here can wait for seconds while a
  // burst of statements keeps the thread busy, and the buffers pile up meanwhile. Not after every
  // one: process.memoryUsage() reads /proc (a 9 MB save sends ~1,500 statements, and the checks cost
  // this thread, the embedded database's only one, ~0.1–0.2 s of it); every BUFFER_CHECK_MS at most.
  const run = db.execProtocolRawStream.bind(db)
  let checked = 0
  db.execProtocolRawStream = async (...args: Parameters<typeof run>) => {
    statements.started()
    try {
      return await run(...args)
    } finally {
      statements.finished()
      const now = performance.now()
      if (now - checked >= BUFFER_CHECK_MS) {
        checked = now
        if (process.memoryUsage().arrayBuffers > BUFFER_GARBAGE_BYTES) collectGarbage()
      }
    }
  }
  port.postMessage({ type: 'ready' } satisfies PgliteWorkerMessage)
}

/**
 * Writes a tarball of the data directory, in the layout PGlite's dumpDataDir() makes and its
 * loadDataDir() reads (the directory's files at the archive's root), gzip-compressed when the file's
 * name ends in .gz (backups; zlib compresses on the thread pool, so this thread, the database's
 * only one, stays free while it streams, and memory stays a few megabytes); answers how long
 * statements were held. dumpDataDir() built the whole tarball in memory, two or three times the data
 * directory. Here statements wait only while the files are copied beside the backup (the kernel's
 * copy, ~1 GB/s: 0.3 s for a 350 MB database, where streaming the tarball took 1.3 s); the tarball is
 * then streamed from that copy, a megabyte at a time, while the database answers again.
 */
async function dump(db: PGlite, file: string): Promise<number> {
  const snapshot = `${file}.snapshot`
  await fs.rm(snapshot, { recursive: true, force: true })
  let pausedMs = 0
  try {
    // Holding the lock every statement takes (the socket server's included), nothing changes the
    // files meanwhile: the copy is consistent.
    await db.runExclusive(async () => {
      const started = performance.now()
      await checkpoint(db)
      await copyDirectory(dataDir, snapshot)
      pausedMs = performance.now() - started
    })
    // Each megabyte read is a new buffer, gone only when this thread's heap is collected.
    const collector = setInterval(() => {
      if (process.memoryUsage().arrayBuffers > BACKUP_GARBAGE_BYTES) collectGarbage()
    }, 100)
    try {
      const entries = (await fs.readdir(snapshot)).sort()
      const options = { cwd: snapshot, maxReadSize: 1024 * 1024, strict: true }
      if (file.endsWith('.gz')) await pipeline(tar.c(options, entries), zlib.createGzip(), createWriteStream(file))
      else await tar.c({ ...options, file }, entries)
    } finally {
      clearInterval(collector)
      collectGarbage()
    }
  } finally {
    await fs.rm(snapshot, { recursive: true, force: true })
  }
  return pausedMs
}

/** Copies a directory's files and folders (copy_file_range: no bytes pass through this thread). */
async function copyDirectory(from: string, to: string) {
  await fs.mkdir(to, { mode: 0o700 })
  for (const entry of await fs.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) await copyDirectory(source, target)
    else if (entry.isFile()) await fs.copyFile(source, target)
  }
}

/**
 * Writes every changed page to the data files first, so a restored copy starts without replaying the
 * write-ahead log (the copy would be consistent without it, as after a crash). The statement goes
 * through the wire protocol, as the socket's do: PGlite's query() would wait for the lock held here.
 */
async function checkpoint(db: PGlite) {
  const sql = Buffer.from('CHECKPOINT\0')
  const message = Buffer.alloc(5 + sql.length)
  message.write('Q', 0)
  message.writeInt32BE(4 + sql.length, 1)
  sql.copy(message, 5)
  const chunks: Uint8Array[] = []
  await db.execProtocolRawStream(message, { onRawData: (bytes) => chunks.push(bytes) })
  // An ErrorResponse ('E') is rare (a transaction the app left failed): the copy is still consistent.
  const answer = Buffer.concat(chunks)
  for (let at = 0; at + 5 <= answer.length; at += 1 + answer.readInt32BE(at + 1)) {
    if (answer[at] === 0x45) console.error('pglite: the CHECKPOINT before the backup failed')
  }
}

async function hasDatabase(dir: string) {
  try {
    await fs.access(`${dir}/PG_VERSION`)
    return true
  } catch {
    return false
  }
}

start().catch((error: unknown) => {
  port.postMessage({ type: 'error', message: describe(error) } satisfies PgliteWorkerMessage)
})

function describe(error: unknown) {
  if (error instanceof Error) return error.message
  try {
    return JSON.stringify(error)
  } catch {
    return String(error)
  }
}
