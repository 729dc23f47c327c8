// One way to reach the database, whichever it is: node-postgres to a PostgreSQL server
// (DATABASE_URL), or node-postgres to the embedded PGlite served from a worker thread.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import * as schema from './schema.ts'
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker.ts'
import { activityReader, newActivityBuffer, type DatabaseActivity } from './activity.ts'
import { acquireDataDirLock, assertDataDirComplete, makePrivateDir, markDataDirComplete } from './data-dir-lock.ts'
import { startTsWorker } from '../lib/ts-worker.ts'

export type Db = NodePgDatabase<typeof schema>
/** A transaction handle: inside a transaction use only this (on PGlite the outer handle would wait forever). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  pool: pg.Pool
  close(): Promise<void>
  /** PostgreSQL only: its address (for a connection of its own, e.g. to LISTEN). */
  connectionString?: string
  /**
   * Embedded only: writes a tarball of the data directory (used for test templates and backups),
   * gzip-compressed when the file's name ends in .gz; answers how long statements waited meanwhile.
   */
  dump?(file: string): Promise<{ pausedMs: number }>
  /** Embedded only: its DATA_DIR (the database's files, backups and the lock live there). */
  dataDir?: string
  /**
   * Embedded only: what its one thread is doing right now. Its one connection can be held by a long
   * transaction, so a question waits in the pool while the database is working, not gone.
   */
  activity?(): DatabaseActivity
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  /** Embedded only: the database lives in DATA_DIR/pglite, beside the lock file (and backups). */
  dataDir: string
  /** Embedded only: start a new data directory from this tarball. */
  seedTarball?: string
  /** Pool size for PostgreSQL. */
  poolSize?: number
}

// Timestamps leave the database as ISO strings in responses; pg's default parsing into Date is kept.
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10)
  return openPglite(options)
}

function wrap(kind: Database['kind'], pool: pg.Pool, close: () => Promise<void>, dump?: Database['dump']): Database {
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  return { kind, db, pool, close, dump }
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 })
  pool.on('error', () => {}) // an idle client lost its server: the next query reports it
  return { ...wrap('postgres', pool, () => pool.end()), connectionString }
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  // Readable by the server's user only: the database holds the session secret and password hashes.
  makePrivateDir(options.dataDir)
  const releaseLock = await acquireDataDirLock(options.dataDir)
  try {
    assertDataDirComplete(options.dataDir)
    // The socket lives outside the data directory: PGlite's files must hold nothing but its own.
    const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-'))
    const socketPath = path.join(socketDir, '.s.PGSQL.5432')
    const activity = newActivityBuffer()
    const worker = await startWorker({
      dataDir: path.join(options.dataDir, 'pglite'),
      socketPath,
      seedTarball: options.seedTarball,
      activity,
    })
    markDataDirComplete(options.dataDir)
    // PGlite is one connection: a pool of one keeps queries in order and transactions whole.
    const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 1 })
    pool.on('error', () => {})
    const ask = (message: object, expect: PgliteWorkerMessage['type']) =>
      new Promise<PgliteWorkerMessage>((resolve, reject) => {
        const onMessage = (reply: PgliteWorkerMessage) => {
          if (reply.type === expect) done(() => resolve(reply))
          else if (reply.type === 'error') done(() => reject(new Error(reply.message)))
        }
        const done = (finish: () => void) => {
          worker.off('message', onMessage)
          finish()
        }
        worker.on('message', onMessage)
        worker.postMessage(message)
      })
    let closed = false
    const close = async () => {
      if (closed) return
      closed = true
      await pool.end()
      await ask({ type: 'close' }, 'closed')
      await worker.terminate()
      fs.rmSync(socketDir, { recursive: true, force: true })
      releaseLock()
    }
    const dump = async (file: string) => {
      const reply = await ask({ type: 'dump', path: file }, 'dumped')
      return { pausedMs: reply.type === 'dumped' ? reply.pausedMs : 0 }
    }
    return { ...wrap('pglite', pool, close, dump), dataDir: options.dataDir, activity: activityReader(activity) }
  } catch (error) {
    releaseLock()
    throw error
  }
}

function startWorker(data: PgliteWorkerData): Promise<Worker> {
  const worker = startTsWorker(new URL('./pglite-worker.ts', import.meta.url), { workerData: data })
  return new Promise((resolve, reject) => {
    const onMessage = (message: PgliteWorkerMessage) => {
      if (message.type === 'ready') {
        cleanup()
        resolve(worker)
      } else if (message.type === 'error') {
        cleanup()
        void worker.terminate()
        reject(new Error(`The embedded database could not start: ${message.message}`))
      }
    }
    const onError = (error: Error) => {
      cleanup()
      reject(new Error(`The embedded database could not start: ${error.message}`))
    }
    const cleanup = () => {
      worker.off('message', onMessage)
      worker.off('error', onError)
    }
    worker.on('message', onMessage)
    worker.on('error', onError)
  })
}
