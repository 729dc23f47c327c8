// GET /api/health: 200 once the database answers, 503 otherwise (container health checks and load
// balancers ask it). The answer names the running version; a database that does not answer within
// the time limit counts as unreachable (a load balancer would have given up on it by then), unless
// the embedded database is visibly at work: its one connection is held by a long write (saving a
// 9 MB page takes it for seconds), and a 503 then would take the site's only process out of a load
// balancer or get its container marked unhealthy while it serves readers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type pg from 'pg'
import type { ApiErrorBody } from '#shared/api/errors.ts'
import type { Health } from '#shared/api/health.ts'
import { APP_VERSION } from '../../lib/app-version.ts'
import type { DatabaseActivity } from '../../db/activity.ts'

/** How long the database may take to answer `SELECT 1` before the check says it is unreachable. */
export const HEALTH_TIMEOUT_MS = 2_000
/** The embedded database is at work when a statement finished this recently (a long write's next one comes)… */
export const WORKING_RECENT_MS = 10_000
/** …or one is running that began this recently; one running longer counts as stuck. */
export const WORKING_STATEMENT_MS = 60_000

export interface HealthOptions {
  pool: pg.Pool
  /** The embedded database's activity (db/activity.ts); PostgreSQL's pool has connections to spare. */
  activity?: (() => DatabaseActivity) | undefined
  timeoutMs?: number
  recentMs?: number
  statementMs?: number
}

/** The database did not answer within the time limit (rather than answering with an error). */
class LateAnswer extends Error {}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, options) => {
  const { pool, activity, timeoutMs = HEALTH_TIMEOUT_MS } = options
  const { recentMs = WORKING_RECENT_MS, statementMs = WORKING_STATEMENT_MS } = options
  const askDatabase = databaseProbe(pool, timeoutMs)
  const atWork = () => {
    if (!activity) return false
    const { busySince, lastFinished } = activity()
    const now = Date.now()
    return now - lastFinished < recentMs || (busySince !== null && now - busySince < statementMs)
  }
  app.get('/api/health', { config: { access: 'public', cost: 'fixed' } }, async (request, reply) => {
    const failure = await askDatabase()
    if (failure === undefined) return { status: 'ok', version: APP_VERSION, database: 'ok' } satisfies Health
    if (failure instanceof LateAnswer && atWork()) {
      return { status: 'ok', version: APP_VERSION, database: 'busy' } satisfies Health
    }
    request.log.warn({ err: failure }, 'health check: database unreachable')
    const body: ApiErrorBody = { error: 'Database unreachable', code: 'unavailable' }
    return reply.status(503).send({ status: 'unavailable', ...body })
  })
}

/**
 * Asks the database `SELECT 1`, one question at a time however many checks arrive meanwhile: while
 * the database hangs, checks do not pile up queries in the pool's queue. Answers the failure, if any.
 */
function databaseProbe(pool: pg.Pool, timeoutMs: number) {
  let asking: Promise<void> | undefined
  return async (): Promise<Error | undefined> => {
    asking ??= pool
      .query('SELECT 1')
      .then(() => undefined)
      .finally(() => (asking = undefined))
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<Error>((resolve) => {
      timer = setTimeout(() => resolve(new LateAnswer(`no answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      return await Promise.race([asking.then(() => undefined), late])
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error))
    } finally {
      clearTimeout(timer)
    }
  }
}
