// Chunks answered at once, before Fastify (chunks-at-once.ts): over a real socket, the same status,
// bytes and headers as the route sends; everything the route must decide still reaches the route.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postLongPage, useTestApp } from '../../../test/test-app.ts'

const ctx = useTestApp()
let port = 0

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  port = (ctx.app.server.address() as AddressInfo).port
})
afterAll(async () => {
  // useTestApp closes the app; this only makes sure no keep-alive socket holds it open.
  ctx.app.server.closeAllConnections()
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** One request as written, over its own connection; `path` is sent exactly as given. */
function request(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (part: Buffer) => parts.push(part))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

const served = () => ctx.app.chunksAtOnce.served

/** The answer's headers without those that differ between any two answers (the time, the connection). */
function comparable(headers: http.IncomingHttpHeaders) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers
  return rest
}

const makePage = (published = true) => postLongPage(ctx, { paragraphs: 1300, words: 12, title: 'Kohe', published })

/** Lets the moment after a write pass, in which readers take turns with the writer (page-states.ts). */
const afterWrites = () => new Promise((resolve) => setTimeout(resolve, 1_100))

/**
 * The request answered before routing. On PostgreSQL a page's kept state stops being trusted for a
 * moment when the listening connection hears of a write late (page-states.ts); the route answers
 * meanwhile, as it must. So the request is sent again (at most 2 s) until the early path answers it.
 */
async function requestAtOnce(url: string, headers: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const before = served()
    const answer = await request(url, headers)
    if (served() === before + 1 || attempt === 20) return { answer, before }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('chunks answered at once', () => {
  it('sends the bytes and headers the route sent, for every encoding, with and without a build', async () => {
    const { page } = await makePage()
    await afterWrites()
    for (const query of [
      'chunk=1&size=600',
      `chunk=2&size=600&build=${page.buildId}`,
      `build=${page.buildId}&size=600&chunk=0`,
    ]) {
      for (const acceptEncoding of ['br, gzip', 'gzip', 'identity']) {
        const url = `/api/content/${page.id}/chunks?${query}`
        // A cookie that is no session changes nothing in the answer, but only the route answers it.
        const before = served()
        const fromRoute = await request(url, { 'accept-encoding': acceptEncoding, cookie: 'theme=sepia' })
        expect(fromRoute.status, fromRoute.body.toString()).toBe(200)
        expect(served()).toBe(before)
        const { answer: atOnce, before: beforeAtOnce } = await requestAtOnce(url, { 'accept-encoding': acceptEncoding })
        expect(served(), `${url} ${acceptEncoding}`).toBe(beforeAtOnce + 1)
        expect(atOnce.status).toBe(200)
        expect(comparable(atOnce.headers)).toEqual(comparable(fromRoute.headers))
        expect(atOnce.body.equals(fromRoute.body)).toBe(true)
      }
    }
    const byBuild = await request(`/api/content/${page.id}/chunks?chunk=1&size=600&build=${page.buildId}`)
    expect(byBuild.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(byBuild.headers['content-security-policy']).toContain("default-src 'self'")
  })

  it("answers a revalidation with the route's 304, and one naming another ETag with the bytes", async () => {
    const { page } = await makePage()
    await afterWrites()
    for (const query of ['chunk=1&size=600', `chunk=2&size=600&build=${page.buildId}`, 'chunk=3&size=4']) {
      for (const acceptEncoding of ['br, gzip', 'gzip', 'identity']) {
        const url = `/api/content/${page.id}/chunks?${query}`
        const first = await request(url, { 'accept-encoding': acceptEncoding })
        expect(first.status).toBe(200)
        const etag = first.headers.etag!
        const fromRoute = await request(url, {
          'accept-encoding': acceptEncoding,
          'if-none-match': etag,
          cookie: 'a=b',
        })
        expect(fromRoute.status).toBe(304)
        const { answer: atOnce, before } = await requestAtOnce(url, {
          'accept-encoding': acceptEncoding,
          'if-none-match': etag,
        })
        expect(served(), `${url} ${acceptEncoding}`).toBe(before + 1)
        expect(atOnce.status).toBe(304)
        expect(atOnce.body.length).toBe(0)
        expect(comparable(atOnce.headers)).toEqual(comparable(fromRoute.headers))
        const other = await request(url, { 'accept-encoding': acceptEncoding, 'if-none-match': '"c1-v1-b1-n1-s600"' })
        expect(served()).toBe(before + 2)
        expect(other.status).toBe(200)
        expect(other.body.equals(first.body)).toBe(true)
        expect(comparable(other.headers)).toEqual(comparable(first.headers))
      }
    }
  })

  it('leaves to the route what the route must decide', async () => {
    const { page, cookie } = await makePage()
    const draft = await makePage(false)
    await afterWrites()
    const url = `/api/content/${page.id}/chunks?chunk=1&size=600`
    expect((await request(url)).status).toBe(200)
    expect((await request(url)).status).toBe(200)
    const before = served()
    // HEAD, with a session, another build, spelled otherwise, unknown or doubled parameters.
    expect((await request(url, {}, 'HEAD')).status).toBe(200)
    expect((await request(url, { cookie })).status).toBe(200)
    expect((await request(`${url}&build=${page.buildId + 1000}`)).status).toBe(409)
    expect((await request(`/api/content/${page.id}/./chunks?chunk=1&size=600`)).status).not.toBe(500)
    expect((await request(`/api/content//${page.id}/chunks?chunk=1&size=600`)).status).not.toBe(500)
    expect((await request(`/api/content/${page.id}/chunks?chunk=%31&size=600`)).status).toBe(200)
    expect((await request(`${url}&extra=1`)).status).not.toBe(500)
    expect((await request(`${url}&chunk=2`)).status).not.toBe(500)
    expect((await request(`/api/content/${page.id}/chunks?chunk=99&size=600`)).status).toBe(404)
    expect(served()).toBe(before)
    // A draft's chunk is never answered before the route has seen who asks.
    const draftUrl = `/api/content/${draft.page.id}/chunks?chunk=1&size=600`
    expect((await request(draftUrl, { cookie: draft.cookie })).status).toBe(200)
    expect((await request(draftUrl)).status).toBe(404)
    expect((await request(draftUrl)).status).toBe(404)
    expect(served()).toBe(before)
  })

  it('while an administrator writes, and after a save, the route answers, and never with the old build', async () => {
    const { page, cookie, chapterId } = await makePage()
    await afterWrites()
    const url = `/api/content/${page.id}/chunks?chunk=0&size=600`
    const old = await request(url)
    expect((await request(url)).body.equals(old.body)).toBe(true)
    const states = ctx.app.state.content.pageStates
    states.writeStarted()
    const before = served()
    try {
      expect((await request(url)).status).toBe(200)
      expect(served()).toBe(before)
    } finally {
      await states.writeEnded()
    }
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${page.id}`,
      headers: { cookie },
      payload: {
        title: 'Kohe',
        chapterId,
        content: '<p>Uus tekst.</p>',
        published: true,
        version: page.version,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const now = await request(url)
    expect(now.body.toString()).toContain('Uus tekst.')
    await afterWrites()
    const again = await request(url)
    expect(again.body.toString()).toContain('Uus tekst.')
    const atOnce = await request(url)
    expect(served()).toBeGreaterThan(before)
    expect(atOnce.body.equals(again.body)).toBe(true)
    // The old build by its address: the route says it changed, it is not served from memory.
    expect((await request(`${url}&build=${page.buildId}`)).status).toBe(409)
  })

  it('hands a request to the route when answering it here fails, and keeps serving', async () => {
    const { page } = await makePage()
    await afterWrites()
    const url = `/api/content/${page.id}/chunks?chunk=1&size=600`
    const expected = await request(url, { 'accept-encoding': 'gzip' })
    expect(expected.status).toBe(200)
    const pageStates = ctx.app.state.content.pageStates
    const keptNow = pageStates.keptNow.bind(pageStates)
    pageStates.keptNow = () => {
      throw new Error('fault injected by the test')
    }
    const before = served()
    let failed: Answer
    try {
      failed = await request(url, { 'accept-encoding': 'gzip' })
    } finally {
      pageStates.keptNow = keptNow
    }
    expect(served()).toBe(before)
    expect(failed.status).toBe(200)
    expect(failed.body.equals(expected.body)).toBe(true)
    expect(comparable(failed.headers)).toEqual(comparable(expected.headers))
    // It keeps serving from memory: on PostgreSQL a notice of the page's own save may still move the
    // page states' moment once, and the request in that instant goes to the route, so poll.
    await expect
      .poll(async () => {
        expect((await request(url, { 'accept-encoding': 'gzip' })).status).toBe(200)
        return served()
      })
      .toBeGreaterThan(before)
  })

  it('stops when the app begins to close', async () => {
    const { page } = await makePage()
    await afterWrites()
    const url = `/api/content/${page.id}/chunks?chunk=1&size=600`
    await request(url)
    const before = served()
    ctx.app.chunksAtOnce.stop()
    expect((await request(url)).status).toBe(200)
    expect(served()).toBe(before)
  })
})
