// Runs the embedded PGlite database in its own thread and serves it on a Unix socket, so the
// server talks to it through `pg` exactly as it talks to PostgreSQL and no query blocks the
// server's event loop (DESIGN.md, "embedded wiring").
import { parentPort, workerData } from 'node:worker_threads'
import fs from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

export interface PgliteWorkerData {
  /** Directory of the database files. */
  dataDir: string
  /** Unix socket path to serve on. */
  socketPath: string
  /** A tarball made by dumpDataDir() to start a new database from (tests use a migrated template). */
  seedTarball?: string
}

export type PgliteWorkerMessage =
  { type: 'ready' } | { type: 'error'; message: string } | { type: 'closed' } | { type: 'dumped'; path: string }

const { dataDir, socketPath, seedTarball } = workerData as PgliteWorkerData
const port = parentPort!

async function start() {
  let loadDataDir: Blob | undefined
  if (seedTarball && !(await hasDatabase(dataDir))) {
    loadDataDir = new Blob([await fs.readFile(seedTarball)])
  }
  const db = await PGlite.create({ dataDir, extensions: { unaccent, pg_trgm }, loadDataDir })
  await fs.rm(socketPath, { force: true })
  // The app's pool holds one connection, but node-postgres replaces a connection after a failed
  // query; with more than one slot the new connection is accepted while the old one closes.
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 })
  await server.start()

  port.on('message', async (message: { type: 'close' } | { type: 'dump'; path: string }) => {
    try {
      if (message.type === 'dump') {
        const file = await db.dumpDataDir('none')
        await fs.writeFile(message.path, Buffer.from(await file.arrayBuffer()))
        port.postMessage({ type: 'dumped', path: message.path } satisfies PgliteWorkerMessage)
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
  port.postMessage({ type: 'ready' } satisfies PgliteWorkerMessage)
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
