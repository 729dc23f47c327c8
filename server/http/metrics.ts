// GET /metrics: the server's figures in Prometheus's text format, for administrators (a session) and
// for the addresses METRICS_ALLOW names; anyone else gets the not-found answer any unknown path gets,
// so the route is not revealed. Request rates and times by route pattern (fastify-metrics: never the
// raw address, so the labels stay few), the event loop's delay, memory (the client's default
// metrics, prom-client), the database pool, the in-memory caches' sizes, the reprocessing
// job, the newest backup.
import fs from 'node:fs'
import { BlockList, isIPv4 } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'
// A CommonJS module whose plugin is its `default` export: imported from ESM, that is a property.
import fastifyMetricsModule from 'fastify-metrics'
import promClient from 'prom-client'
import { APP_VERSION } from '../lib/app-version.ts'
import { listBackups } from '../db/backup.ts'
import type { Database } from '../db/client.ts'
import { namedPlugin } from './named-plugin.ts'

export const METRICS_PATH = '/metrics'

export interface MetricsOptions {
  database: Database
  /** METRICS_ALLOW: addresses and CIDR ranges that may read without a session. */
  allow: readonly string[]
  isAdministrator: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
  /** The app instance's caches (app-state.ts cacheSizes). */
  caches: () => readonly { cache: string; entries: number; bytes?: number }[]
  /** The running reprocessing job, or else the last one. */
  reprocessing: () => Promise<{ state: string; done: number; total: number } | null>
}

/** Which client addresses METRICS_ALLOW lets in (IPv4 also when written IPv4-mapped, ::ffff:a.b.c.d). */
export function allowList(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/')
    const family = isIPv4(address) ? 'ipv4' : 'ipv6'
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
    const plain = mapped ?? address
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6')
  }
}

/** Before the routes it times (it learns them as they register); after auth, whose session it reads. */
export const metrics = namedPlugin<MetricsOptions>('metrics', ['auth'], async (app, options) => {
  const { database, isAdministrator, caches, reprocessing } = options
  const allowed = allowList(options.allow)
  // The app's own registry: two apps in one process (tests) never share a metric, and nothing goes
  // into the client's global one. The plugin makes a summary even when it is off: registered nowhere.
  const { Gauge, Registry } = promClient
  const register = new Registry()
  await app.register(fastifyMetricsModule.default, {
    promClient,
    endpoint: null,
    defaultMetrics: { enabled: true, register },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: true,
      overrides: { histogram: { registers: [register] }, summary: { registers: [] } },
    },
  })

  new Gauge({
    name: 'encyclopedia_build_info',
    help: 'The running version (always 1).',
    labelNames: ['version'],
    registers: [register],
  }).set({ version: APP_VERSION }, 1)

  const { pool } = database
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['database'],
      registers: [register],
      collect() {
        this.set({ database: database.kind }, read())
      },
    })
  poolGauge(
    'encyclopedia_db_pool_connections',
    'Connections the database pool holds (pg.Pool totalCount).',
    () => pool.totalCount,
  )
  poolGauge(
    'encyclopedia_db_pool_idle_connections',
    'Connections of the pool not in use (idleCount).',
    () => pool.idleCount,
  )
  poolGauge(
    'encyclopedia_db_pool_waiting_requests',
    'Queries waiting for a connection (waitingCount).',
    () => pool.waitingCount,
  )
  poolGauge(
    'encyclopedia_db_pool_max_connections',
    'The pool’s size (1 on the embedded database).',
    () => pool.options.max ?? 10,
  )

  new Gauge({
    name: 'encyclopedia_cache_entries',
    help: 'Entries kept in an in-memory cache of this process.',
    labelNames: ['cache'],
    registers: [register],
    collect() {
      for (const { cache, entries } of caches()) this.set({ cache }, entries)
    },
  })
  new Gauge({
    name: 'encyclopedia_cache_bytes',
    help: 'Bytes an in-memory cache holds, as the cache measures them (where it does).',
    labelNames: ['cache'],
    registers: [register],
    collect() {
      for (const { cache, bytes } of caches()) if (bytes !== undefined) this.set({ cache }, bytes)
    },
  })

  // Read once per scrape, before the gauges are collected.
  let job: Awaited<ReturnType<MetricsOptions['reprocessing']>> = null
  new Gauge({
    name: 'encyclopedia_reprocessing_pages',
    help: 'The reprocessing job (Reprocess All Headers), running or last: pages done and in all.',
    labelNames: ['count'],
    registers: [register],
    collect() {
      this.set({ count: 'done' }, job?.done ?? 0)
      this.set({ count: 'total' }, job?.total ?? 0)
    },
  })
  new Gauge({
    name: 'encyclopedia_reprocessing_running',
    help: '1 while a reprocessing job runs.',
    registers: [register],
    collect() {
      this.set(job?.state === 'running' ? 1 : 0)
    },
  })

  const { dataDir } = database
  if (dataDir !== undefined) {
    new Gauge({
      name: 'encyclopedia_backup_newest_timestamp_seconds',
      help: 'When the newest backup in DATA_DIR/backups was written (embedded database only).',
      registers: [register],
      collect() {
        const newest = listBackups(dataDir).at(-1)
        const stat = newest === undefined ? undefined : fs.statSync(newest, { throwIfNoEntry: false })
        if (stat !== undefined) this.set(Math.round(stat.mtimeMs / 1000))
      },
    })
  }

  app.get(METRICS_PATH, { config: { access: 'public', cost: 'fixed' } }, async (request, reply) => {
    if (!allowed(request.ip) && !(await isAdministrator(request, reply))) return reply.callNotFound()
    job = await reprocessing().catch((error: unknown) => {
      request.log.warn({ err: error }, 'metrics: the reprocessing job could not be read')
      return null
    })
    const text = await register.metrics()
    return reply.header('cache-control', 'no-store').type(register.contentType).send(text)
  })
})
