// GET /api/health: the spec's status with the running version, and 503 when the database does not
// answer in time.
import fs from 'node:fs'
import net from 'node:net'
import Fastify from 'fastify'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/test-app.ts'
import { healthRoutes } from './health.routes.ts'

const ctx = useTestApp()
const packageVersion = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version

/** A "database server" that takes connections and never says a word: a pool to it hangs. */
async function silentServer() {
  const sockets = new Set<net.Socket>()
  let connections = 0
  const server = net.createServer((socket) => {
    connections++
    sockets.add(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    connections: () => connections,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe('GET /api/health', () => {
  it('answers ok with the running version while the database answers', async () => {
    const answer = await ctx.app.inject({ url: '/api/health' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ status: 'ok', version: packageVersion, database: 'ok' })
    expect(answer.headers['cache-control']).toBe('no-store')
  })

  it('answers 503 when the database does not answer within the time limit, asking it once meanwhile', async () => {
    const silent = await silentServer()
    const pool = new pg.Pool({ host: '127.0.0.1', port: silent.port, user: 'nobody', database: 'none', max: 2 })
    pool.on('error', () => {})
    const app = Fastify({ logger: false })
    await app.register(healthRoutes, { pool, timeoutMs: 300 })
    try {
      const started = performance.now()
      const answers = await Promise.all([1, 2, 3].map(() => app.inject({ url: '/api/health' })))
      const waited = performance.now() - started
      for (const answer of answers) {
        expect(answer.statusCode).toBe(503)
        expect(answer.json()).toEqual({ status: 'unavailable', error: 'Database unreachable', code: 'unavailable' })
      }
      expect(waited).toBeGreaterThanOrEqual(250)
      expect(waited).toBeLessThan(5_000)
      // Still hanging: the next check waits for the same question rather than asking again.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503)
      expect(silent.connections()).toBe(1)
    } finally {
      await app.close()
      await silent.close()
      await pool.end().catch(() => {})
    }
  })

  it('while a long write holds the embedded database, answers busy; a held connection with nothing running is unreachable', async () => {
    // The embedded database has one connection: a 9 MB save holds it for seconds. PostgreSQL's pool
    // has connections to spare, and one whose connections are all held says 503 (here a pool of one).
    const embedded = ctx.database.kind === 'pglite'
    const pool = embedded ? ctx.database.pool : new pg.Pool({ connectionString: ctx.database.connectionString, max: 1 })
    const app = Fastify({ logger: false })
    await app.register(healthRoutes, { pool, activity: ctx.database.activity, timeoutMs: 300, recentMs: 600 })
    const held = await pool.connect()
    try {
      await held.query('BEGIN')
      let writing = true
      const write = (async () => {
        // A long write: statement after statement, each short, in one transaction.
        while (writing) await held.query('SELECT count(*) FROM generate_series(1, 20000)')
      })()
      const started = performance.now()
      const busy = await app.inject({ url: '/api/health' })
      expect(performance.now() - started).toBeGreaterThanOrEqual(250)
      if (embedded) {
        expect(busy.statusCode).toBe(200)
        expect(busy.json()).toEqual({ status: 'ok', version: packageVersion, database: 'busy' })
      } else {
        expect(busy.statusCode).toBe(503)
      }
      writing = false
      await write
      // The transaction stays open and nothing runs: after recentMs the database is not at work.
      await new Promise((resolve) => setTimeout(resolve, 700))
      const stuck = await app.inject({ url: '/api/health' })
      expect(stuck.statusCode).toBe(503)
      expect(stuck.json()).toMatchObject({ status: 'unavailable', code: 'unavailable' })
    } finally {
      await held.query('ROLLBACK')
      held.release()
      await app.close()
      if (!embedded) await pool.end()
    }
    // Once the write is done, the same check says ok again.
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toMatchObject({ database: 'ok' })
  })

  it.runIf(process.env.TEST_DB === 'pglite')(
    'counts one long statement of the embedded database as work until it has run too long',
    async () => {
      const { pool, activity } = ctx.database
      const check = async (statementMs: number) => {
        const app = Fastify({ logger: false })
        await app.register(healthRoutes, { pool, activity, timeoutMs: 300, recentMs: 1, statementMs })
        try {
          return (await app.inject({ url: '/api/health' })).statusCode
        } finally {
          await app.close()
        }
      }
      const sleeping = pool.query('SELECT pg_sleep(1.5)')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await check(60_000)).toBe(200)
      expect(await check(100)).toBe(503)
      await sleeping
    },
  )
})
