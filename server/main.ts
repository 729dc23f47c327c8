// The server process: config → database → migrate → buildApp → listen. The only file that listens.
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { OperatorError } from './lib/operator-error.ts'
import { scheduleDailyBackups } from './db/backup.ts'
import { serveBackupRequests } from './db/backup-socket.ts'
import { APP_VERSION } from './lib/app-version.ts'
import { scheduleMaintenance } from './db/maintenance.ts'
import { openDatabase } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { markInterruptedReprocessing } from './modules/content/jobs/index.ts'
import { removeStaleBuilds } from './modules/content/reader/index.ts'
import { ensureUser, purgeExpiredSessions, setupCodeIfNoUser } from './modules/auth/auth.service.ts'
import { startUpLine } from './modules/auth/first-run.ts'
import { exposedGc, IdleCollector } from './lib/idle-collector.ts'

const CLIENT_DIR = fileURLToPath(new URL('../dist/client', import.meta.url))
const SHUTDOWN_TIMEOUT_MS = 30_000

async function main() {
  // Handlers first: as a container's process 1 the server gets no default signal actions, so a
  // SIGTERM before they exist would be ignored (docker stop would wait, then SIGKILL).
  let stopSignal: string | undefined
  let stop: ((signal: string) => Promise<void>) | undefined = undefined // set once the database is open
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop) void stop(signal)
    else stopSignal ??= signal // still opening the database: stop as soon as it is open
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)

  const config = loadConfig()
  // Lines before the app's logger exists, in its JSON shape; the first names the version.
  const logEarly = (msg: string, details: Record<string, unknown> = {}) => {
    if (['trace', 'debug', 'info'].includes(config.logLevel)) {
      console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg, ...details }))
    }
  }
  logEarly(`starting version ${APP_VERSION}`, { version: APP_VERSION, node: process.version })
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let stopping = false
  let stopUpkeep = () => {}
  let stopCollector = () => {}
  stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    app?.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s; stopping anyway.`)
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    stopUpkeep()
    stopCollector()
    try {
      await app?.close() // stops accepting, lets in-flight requests finish, stops the processing worker
    } finally {
      await database.close()
      clearTimeout(timer)
    }
  }
  if (stopSignal) return stop(stopSignal)

  try {
    await migrateDatabase(database, { log: logEarly })
    if (config.admin) {
      const { created } = await ensureUser(database.db, config.admin.username, config.admin.password, {
        resetPassword: false,
      })
      if (created) console.log(JSON.stringify({ level: 30, msg: `created administrator ${config.admin.username}` }))
    }
    await purgeExpiredSessions(database.db)
    // EPUB exports are kept beside the embedded database, or (PostgreSQL, where DATA_DIR holds nothing)
    // in the system's temporary folder, shared by the processes of this machine (decision 041).
    const exportDir =
      database.kind === 'pglite' ? path.join(config.dataDir, 'exports') : path.join(os.tmpdir(), 'teachings-exports')
    // While the site has no user, this process makes a code of its own for the first registration.
    const setupCode = await setupCodeIfNoUser(database.db)
    app = await buildApp({ database, config, clientDir: CLIENT_DIR, exports: { dir: exportDir }, setupCode })
    await app.listen({ port: config.port, host: config.host })
    if (stopping) {
      // The signal came while the app was being built, after stop() had run: close what it missed.
      await app.close()
      return
    }
    // For the person who started it, not for the log collector: the code never enters a JSON log.
    const listening = app.server.address()
    if (listening && typeof listening === 'object') process.stderr.write(`${startUpLine(listening, setupCode)}\n`)
    // Garbage a burst left goes back once nobody is waiting (decision 020); every request counts,
    // those answered before routing too, so the listening server's own event is watched.
    const collector = new IdleCollector({ collect: exposedGc(), heapUsed: () => process.memoryUsage().heapUsed })
    app.server.on('request', () => collector.touch())
    collector.start()
    stopCollector = () => collector.stop()
    // The daily backup and the embedded database's VACUUM hold statements while they run: they wait
    // for such a quiet moment (decision 052).
    if (database.kind === 'pglite') {
      const whenQuiet = (maxWaitMs: number) => collector.whenIdle(maxWaitMs)
      const stopDailyBackups = scheduleDailyBackups(database, config.dataDir, app.log, { whenQuiet })
      const pageStates = app.state.content.pageStates
      const stopMaintenance = scheduleMaintenance(database, {
        whenQuiet,
        whenWritesSettled: (maxWaitMs) => pageStates.whenSettled(maxWaitMs),
        log: app.log,
      })
      // `npm run backup` asks this process for the backup (decision 060).
      const stopBackupRequests = await serveBackupRequests(database, config.dataDir, app.log)
      stopUpkeep = () => {
        stopDailyBackups()
        stopMaintenance()
        void stopBackupRequests()
      }
    }
    const log = app.log
    removeStaleBuilds(database.db).catch((error: unknown) => log.error({ err: error }, 'removing stale builds failed'))
    markInterruptedReprocessing(database.db).catch((error: unknown) =>
      log.error({ err: error }, 'marking interrupted jobs failed'),
    )
    // Terms whose forms an older generator wrote get them again, a batch at a time (decision 055).
    app.state.formsRegeneration
      .start()
      .then((terms) => terms > 0 && log.info({ terms }, 'term forms written again'))
      .catch((error: unknown) => log.error({ err: error }, 'writing term forms again failed'))
    app.log.info(
      {
        version: APP_VERSION,
        database: database.kind,
        dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      },
      'ready',
    )
    // Node reaps its own children but not orphans it adopts as process 1 (a command left running in
    // the background by `docker exec`); they would stay zombies until the container stops.
    if (process.pid === 1) {
      app.log.warn('running as process 1: orphaned processes are not reaped; start the container with --init')
    }
  } catch (error) {
    await database.close().catch(() => {})
    if (stopping) return // a start-up step failed because a signal closed the database: a clean stop
    throw error
  }
}

main().catch((error: unknown) => {
  // Configuration and lock problems are the operator's to fix: one clear line, no stack.
  if (error instanceof OperatorError) console.error(error.message)
  else console.error('Start-up failed:', error)
  process.exit(1)
})
