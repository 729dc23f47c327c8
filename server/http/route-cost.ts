// What a public request may cost (issue 26: no request can stall the site). Every route that anyone
// may call declares in its options how its cost is bounded (`config: { cost: … }`): 'fixed' when its
// work does not grow with what the site holds (or is capped by the request's own size limits), else
// what it grows with and what bounds it. The declarations are collected here as routes register;
// route-cost.api.test.ts walks them and fails on a public route that declares none (decision 041).
import type { FastifyInstance, RouteOptions } from 'fastify'
import { namedPlugin } from './named-plugin.ts'

/**
 * - `cache`: made once per build (or version) of what it reads, then answered from memory or disk;
 * - `worker`: the work that grows runs off the main thread;
 * - `queue`: at most so many at once, the rest wait briefly, then 503 with Retry-After;
 * - `rate`: so many per client address a window, then 429;
 * - `limit`: the answer is cut at a fixed size (rows, a page of results, a chunk of blocks).
 */
export type CostBound = 'cache' | 'worker' | 'queue' | 'rate' | 'limit'

/**
 * - `fixed`: the same small work whatever the site holds, or capped by the request's own limits;
 * - `rows`: a list of the library's rows (books, chapters, page titles, letters), never their text:
 *   it grows with how many administrators make, not with a page's size;
 * - otherwise what the work grows with, and what bounds it.
 */
export type RouteCost =
  | 'fixed'
  | 'rows'
  | {
      /** What the work grows with: one page's size, or how much the whole library holds. */
      grows: 'page' | 'library'
      bounds: readonly [CostBound, ...CostBound[]]
    }

export interface RouteCostEntry {
  method: string
  url: string
  access: unknown
  cost: RouteCost | undefined
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route's cost is bounded; required on every public route (see route-cost.api.test.ts). */
    cost?: RouteCost
  }
  interface FastifyInstance {
    /** Every route with its declared access and cost, in registration order (filled when the app is ready). */
    readonly routeCosts: readonly RouteCostEntry[]
  }
}

/** Before any route: its table has only the routes registered after it. */
export const routeCosts = namedPlugin('route-costs', [], registerRouteCosts)

async function registerRouteCosts(app: FastifyInstance) {
  // Collected as they register, read once all are there (a plugin's own onRoute hook may add the
  // declaration after this one has run, as registerAuth explains).
  const routes: RouteOptions[] = []
  const table: RouteCostEntry[] = []
  app.decorate('routeCosts', table)
  app.addHook('onRoute', (route) => {
    routes.push(route)
  })
  app.addHook('onReady', async () => {
    for (const route of routes) {
      table.push({
        method: [route.method].flat().join(','),
        url: route.url,
        access: route.config?.access,
        cost: route.config?.cost,
      })
    }
  })
}
