// Slow and silent connections (slowloris): 500 sockets that send part of a request and then
// nothing do not keep readers waiting, and the server closes them once the headers time limit is
// over. A real listening server, since inject() has no sockets; short limits so the test is quick.
// The test process holds both ends of every socket: it needs ~1,100 file descriptors (ulimit -n).
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../app.ts'
import type { Database } from '../db/client.ts'
import { contentPages } from '../db/schema.ts'
import { processPage } from '../modules/content/processing/process-page.ts'
import { makeChapter, showProcessed } from '../test/factories.ts'
import { openTestDatabase } from '../test/test-app.ts'

const HEADERS_MS = 3000
const CHECK_INTERVAL_MS = 100
const KEEP_ALIVE_MS = 10_000
const IDLE_SOCKETS = 500

let app: App
let database: Database
let dispose: () => Promise<void>
let base: string
let port: number

async function build(httpTimeouts?: Parameters<typeof buildApp>[0]['httpTimeouts']) {
  return buildApp({
    database,
    config: { sessionSecret: 'test-secret-test-secret-test-secret-0123', trustProxy: false, logLevel: 'silent' },
    logger: false,
    httpTimeouts,
  })
}

beforeAll(async () => {
  const opened = await openTestDatabase()
  database = opened.database
  dispose = opened.dispose
  app = await build({ headersMs: HEADERS_MS, checkIntervalMs: CHECK_INTERVAL_MS, keepAliveMs: KEEP_ALIVE_MS })
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as net.AddressInfo).port
  base = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  await app?.close()
  await dispose?.()
})

async function makePage() {
  const chapter = await makeChapter(database)
  const processed = processPage({ content: '<h1>Title</h1><p>Some words.</p>' })
  const [page] = await database.db
    .insert(contentPages)
    .values({ chapterId: chapter.id, title: 'Page', content: processed.processedContent, published: true })
    .returning()
  await showProcessed(database.db, page!.id, processed)
  return page!.id
}

interface HeldSocket {
  socket: net.Socket
  /** When the server closed it (ms since the test's clock started), or undefined while open. */
  closedAt?: number
  received: string
}

/** Opens a socket and sends `opening` (possibly nothing), then stays silent. */
function holdSocket(opening: string, clockStart: number): Promise<HeldSocket> {
  return new Promise((resolve, reject) => {
    const held: HeldSocket = { socket: net.connect(port, '127.0.0.1'), received: '' }
    held.socket.setEncoding('latin1')
    held.socket.on('data', (data: string) => (held.received += data))
    held.socket.on('close', () => (held.closedAt = performance.now() - clockStart))
    held.socket.on('error', () => {}) // a reset after the timeout is fine; 'close' still follows
    held.socket.once('connect', () => {
      if (opening) held.socket.write(opening)
      resolve(held)
    })
    held.socket.once('error', reject)
  })
}

async function timed(url: string) {
  const started = performance.now()
  const response = await fetch(url)
  await response.arrayBuffer()
  return { status: response.status, ms: performance.now() - started }
}

describe('HTTP time limits', () => {
  it(`serves readers while ${IDLE_SOCKETS} sockets hold half-sent requests, then closes those sockets`, async () => {
    const pageId = await makePage()
    await timed(`${base}/api/content/${pageId}/chunks?chunk=0`) // warm: the first read fills caches
    const clockStart = performance.now()
    const openings = [
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', // headers begun, never ended
      'GET /api/content/1/chunks?chu', // request line cut short
      '', // connected, nothing sent
    ]
    const held: HeldSocket[] = []
    for (let i = 0; i < IDLE_SOCKETS; i += 50) {
      held.push(
        ...(await Promise.all(Array.from({ length: 50 }, (_, k) => holdSocket(openings[(i + k) % 3]!, clockStart)))),
      )
    }
    const openedAt = performance.now() - clockStart
    expect(held.every((h) => h.closedAt === undefined)).toBe(true)

    // Readers meanwhile: health and chunks answer at once.
    const answers = []
    for (let i = 0; i < 10; i++) {
      answers.push(await timed(`${base}/api/health`))
      answers.push(await timed(`${base}/api/content/${pageId}/chunks?chunk=0`))
    }
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const slowest = Math.max(...answers.map((a) => a.ms))
    console.log(
      `${IDLE_SOCKETS} held sockets opened in ${openedAt.toFixed(0)} ms; slowest of ${answers.length} reads meanwhile ${slowest.toFixed(1)} ms`,
    )
    // Every read was answered while all the held sockets were still open, none waited for them.
    expect(held.every((h) => h.closedAt === undefined)).toBe(true)
    expect(slowest).toBeLessThan(1000)

    // The server closes every held socket once the headers limit is over (checked every interval).
    const deadline = performance.now() + HEADERS_MS + 5000
    while (held.some((h) => h.closedAt === undefined) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const open = held.filter((h) => h.closedAt === undefined).length
    const closedAt = held.map((h) => h.closedAt ?? Infinity)
    console.log(
      `held sockets closed by the server between ${Math.min(...closedAt).toFixed(0)} and ${Math.max(...closedAt).toFixed(0)} ms (headers limit ${HEADERS_MS} ms); still open: ${open}`,
    )
    for (const h of held) h.socket.destroy()
    expect(open).toBe(0)
    expect(Math.min(...closedAt)).toBeGreaterThanOrEqual(HEADERS_MS - 50)
    // Those that had begun a request are told why.
    expect(held.filter((h) => h.received.startsWith('HTTP/1.1 408')).length).toBeGreaterThan(0)
    expect((await timed(`${base}/api/health`)).status).toBe(200)
  })

  it('keeps an idle keep-alive connection open longer than the headers limit', async () => {
    const socket = await holdSocket('', performance.now())
    const request = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'
    const answer = async () => {
      const before = socket.received.length
      socket.socket.write(request)
      const until = performance.now() + 2000
      while (!socket.received.slice(before).includes('{"status":"ok"}') && performance.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return socket.received.slice(before)
    }
    expect(await answer()).toMatch(/^HTTP\/1.1 200/)
    // Idle between requests for longer than the headers limit: a proxy reusing the connection is not cut off.
    await new Promise((resolve) => setTimeout(resolve, 1.5 * HEADERS_MS))
    expect(socket.closedAt).toBeUndefined()
    expect(await answer()).toMatch(/^HTTP\/1.1 200/)
    socket.socket.destroy()
  })

  it('uses limits of 10 s for headers and 5 min for the whole request by default', async () => {
    const plain = await build()
    await plain.listen({ port: 0, host: '127.0.0.1' })
    try {
      expect(plain.server.headersTimeout).toBe(10_000)
      expect(plain.server.requestTimeout).toBe(300_000)
      expect(plain.server.keepAliveTimeout).toBe(72_000)
    } finally {
      await plain.close()
    }
  })
})
