// Rate limits that hold across server processes: @fastify/rate-limit does the per-route work
// (keys, headers, Retry-After, the 429) and counts in the database through this store. Expired
// counters are removed on a timer owned by the app instance.
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client.ts'
import { tooManyRequests } from '../../http/errors.ts'
import { deleteExpired, hit } from './rate-limits.repo.ts'

const HOUSEKEEPING_MS = 10 * 60 * 1000

/** A store for @fastify/rate-limit that counts in the rate_limits table (one statement a hit). */
function databaseStore(db: Db) {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      hit(db, [key], windowMs).then(
        ([counted]) => callback(null, { current: counted!.hits, ttl: counted!.ttlMs }),
        (error: unknown) => callback(error as Error),
      )
    }
    child() {
      return new DatabaseStore()
    }
  }
}

/**
 * Registers the rate-limit plugin (off by default: a route opts in with `config.rateLimit`) and
 * the timer that deletes expired counters.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(db),
    // The route's own prefix keeps its counters apart from other routes' and from login throttling.
    // IPv6 clients are counted by their /64 (the plugin's default), so rotating addresses within one
    // network does not escape the limit.
    keyGenerator: (request) => `${request.routeOptions.url}:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} min.`),
  })
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      deleteExpired(db).catch((error: unknown) => app.log.warn({ err: error }, 'deleting expired rate limits failed'))
    }, HOUSEKEEPING_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
