// Every public route declares how its cost is bounded (issue 26, decision 041): one that anyone may
// call and that declares nothing fails here, as do the routes whose work grows with a page's size
// or the library's if they claim a fixed cost or name no bound.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { clientDirWithFirstView } from '../test/client-dir.ts'
import { useTestApp } from '../test/test-app.ts'
import type { CostBound } from './route-cost.ts'

const clientDir = clientDirWithFirstView('route-cost')
fs.mkdirSync(path.join(clientDir, 'assets'))
fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1)')
const ctx = useTestApp({ clientDir })

const BOUNDS: readonly CostBound[] = ['cache', 'worker', 'queue', 'rate', 'limit']

/** Public routes whose work grows with what the site holds, and the bounds each must keep. */
const GROWING: Record<string, readonly CostBound[]> = {
  'GET /api/content/:id/epub': ['cache', 'worker', 'queue', 'rate'],
  'GET /api/chapters/:id/epub': ['cache', 'worker', 'queue', 'rate'],
  'GET /api/books/:id/epub': ['cache', 'worker', 'queue', 'rate'],
  'GET /api/content/:id': ['cache'],
  'GET /api/content/:id/chunks': ['cache', 'limit'],
  'GET /api/content/:id/find': ['cache', 'limit'],
  'GET /api/content/:id/locate': ['cache'],
  'GET /api/search': ['limit'],
  'GET /api/terms/:id/usage': ['limit'],
  'GET /sitemap.xml': ['cache'],
  'GET /*': ['cache'],
}

describe('route cost', () => {
  it('every public route declares its cost; those that grow name real bounds', async () => {
    await ctx.app.ready()
    const routes = ctx.app.routeCosts.filter((route) => route.method !== 'HEAD')
    const publicRoutes = routes.filter((route) => route.access === 'public')
    expect(publicRoutes.length).toBeGreaterThan(30)
    expect(publicRoutes.some((route) => route.url.startsWith('/assets/'))).toBe(true)

    const undeclared = publicRoutes.filter((route) => route.cost === undefined).map((r) => `${r.method} ${r.url}`)
    expect(undeclared, 'public routes without config.cost').toEqual([])

    for (const route of publicRoutes) {
      const name = `${route.method} ${route.url}`
      const { cost } = route
      if (cost === 'fixed' || cost === 'rows') continue
      expect(cost, name).toMatchObject({ grows: expect.stringMatching(/^(page|library)$/) })
      expect(cost!.bounds.length, `${name} grows but names no bound`).toBeGreaterThan(0)
      for (const bound of cost!.bounds) expect(BOUNDS, name).toContain(bound)
    }

    for (const [name, bounds] of Object.entries(GROWING)) {
      const route = publicRoutes.find((r) => `${r.method} ${r.url}` === name)
      expect(route, `${name} is a public route`).toBeDefined()
      const cost = route!.cost
      expect(typeof cost, `${name} grows with what the site holds: it cannot be 'fixed'`).toBe('object')
      if (typeof cost === 'object') expect(cost.bounds, name).toEqual(expect.arrayContaining([...bounds]))
    }
  })

  it('the export routes really are rate-limited and queued', async () => {
    // The declaration is backed by the route's options: the rate limit plugin's config is there.
    const answer = await ctx.app.inject({ url: '/api/content/999999/epub', remoteAddress: '203.0.113.50' })
    expect(answer.statusCode).toBe(404)
    expect(answer.headers['x-ratelimit-limit']).toBeDefined()
    expect(ctx.app.state.exports.builder.limits.concurrency).toBeLessThanOrEqual(2)
    expect(ctx.app.state.exports.builder.limits.queue).toBeGreaterThan(0)
  })
})
