// A chunk of a 9 MB page costs what a chunk of a small page does: once made, every request in every
// encoding is answered with the bytes kept (no query, nothing made or compressed again, nothing that
// grows with the page), the same bytes each time, before routing; and a chunk of another size is cut
// from the stored blocks it needs, never from the whole page.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentPages } from '../../../db/schema.ts'
import { makeChapter, showProcessed } from '../../../test/factories.ts'
import { queriesDuring } from '../../../test/queries.ts'
import { useTestApp } from '../../../test/test-app.ts'
import { chunkKey } from './chunk-store.ts'
import { processPage } from '../processing/process-page.ts'

const ctx = useTestApp()
let port = 0

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  port = (ctx.app.server.address() as AddressInfo).port
})
afterAll(() => {
  ctx.app.server.closeAllConnections()
})

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
afterAll(() => agent.destroy())

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      const parts: Buffer[] = []
      res.on('data', (part: Buffer) => parts.push(part))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** A published page of `blocks` paragraphs of about `chars` characters, written straight as a build. */
async function makePage(blocks: number, chars: number) {
  const chapter = await makeChapter(ctx.database)
  const filler = 'dukkha ja nibbāna, sõnad ja lõigud '.repeat(Math.ceil(chars / 35)).slice(0, chars)
  const html = Array.from({ length: blocks }, (_, i) => `<p>Lõik ${i}: ${filler}</p>`).join('\n')
  const processed = processPage({ content: html })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({ chapterId: chapter.id, title: `Lehekülg ${blocks}`, content: '', published: true })
    .returning()
  const buildId = await showProcessed(ctx.database.db, page!.id, processed)
  return { id: page!.id, buildId, bytes: Buffer.byteLength(html) }
}

const ENCODINGS = [
  ['identity', {}],
  ['gzip', { 'accept-encoding': 'gzip' }],
  ['br', { 'accept-encoding': 'gzip, deflate, br' }],
] as const

const decoded = (body: Buffer, encoding: string) =>
  (encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'br' ? zlib.brotliDecompressSync(body) : body).toString(
    'utf8',
  )

/** After a write, readers take turns with it for about a second (page-states.ts). */
const afterWrites = () => new Promise((resolve) => setTimeout(resolve, 1_100))

describe('chunk bytes kept per encoding', () => {
  let large: { id: number; buildId: number; bytes: number }

  it('a chunk of a 9 MB page is answered from the kept bytes: no query, nothing made or compressed again', async () => {
    large = await makePage(28_000, 320)
    expect(large.bytes).toBeGreaterThan(9_000_000)
    await afterWrites()
    const store = ctx.app.state.content.chunks
    for (const query of ['chunk=5&size=600', `chunk=40&size=600&build=${large.buildId}`, 'chunk=9000&size=1']) {
      const path = `/api/content/${large.id}/chunks?${query}`
      const first = new Map<string, Buffer>()
      for (const [encoding, headers] of ENCODINGS) {
        const answer = await get(path, headers)
        expect(answer.status, answer.body.toString()).toBe(200)
        expect(answer.headers['content-encoding'] ?? 'identity').toBe(encoding)
        first.set(encoding, answer.body)
      }
      const made = store.made
      const compressed = store.compressed
      const servedBefore = ctx.app.chunksAtOnce.served
      const queries = await queriesDuring(ctx, async () => {
        for (let round = 0; round < 10; round++) {
          for (const [encoding, headers] of ENCODINGS) {
            const answer = await get(path, headers)
            expect(answer.status).toBe(200)
            expect(answer.body.equals(first.get(encoding)!), `${path} ${encoding}`).toBe(true)
          }
        }
      })
      expect(queries).toBe(0)
      expect(store.made).toBe(made)
      expect(store.compressed).toBe(compressed)
      // Every one of them before routing, from the bytes kept.
      expect(ctx.app.chunksAtOnce.served - servedBefore).toBe(30)
      const identity = decoded(first.get('identity')!, 'identity')
      expect(decoded(first.get('gzip')!, 'gzip')).toBe(identity)
      expect(decoded(first.get('br')!, 'br')).toBe(identity)
    }
    // A chunk of size 1 deep in the page is one block: its bytes are about one paragraph, not the page.
    const one = store.get(chunkKey(large.id, large.buildId, 9000, 1), 1)!
    expect(one.identity.length).toBeLessThan(1_000)
    expect(JSON.parse(one.identity.toString('utf8')).chunk).toContain('Lõik 9000:')
  }, 180_000)

  it("a chunk of another size is read from the blocks it needs: the page's other blocks are not read", async () => {
    // The build's blocks are counted by what the database sends: a size-2 chunk deep in the 9 MB page.
    const path = `/api/content/${large.id}/chunks?chunk=12345&size=2`
    let answer: Awaited<ReturnType<typeof get>> | undefined
    const queries = await queriesDuring(ctx, async () => {
      answer = await get(path)
    })
    expect(answer!.status).toBe(200)
    const body = JSON.parse(answer!.body.toString('utf8'))
    expect(body).toMatchObject({ totalChunks: 14_000, hasMore: true, buildId: large.buildId })
    expect(body.chunk).toContain('Lõik 24690:')
    expect(body.chunk).toContain('Lõik 24691:')
    expect(body.chunk).not.toContain('Lõik 24692:')
    // The page's state and outline are known already: one query, for two blocks.
    expect(queries).toBeLessThanOrEqual(1)
    expect(answer!.body.length).toBeLessThan(2_000)
  })

  it('answers the same bytes and ETag each time, per encoding, for the reader size and another', async () => {
    const small = await makePage(40, 300)
    await afterWrites()
    for (const query of ['chunk=0&size=600', `chunk=0&size=600&build=${small.buildId}`, 'chunk=3&size=4']) {
      for (const [encoding, headers] of ENCODINGS) {
        const path = `/api/content/${small.id}/chunks?${query}`
        const answers = [await get(path, headers), await get(path, headers), await get(path, headers)]
        for (const answer of answers) {
          expect(answer.status).toBe(200)
          expect(answer.body.equals(answers[0]!.body)).toBe(true)
          expect(answer.headers.etag).toBe(answers[0]!.headers.etag)
          expect(answer.headers['content-length']).toBe(String(answers[0]!.body.length))
        }
        const fromRoute = await ctx.app.inject({ url: path, headers })
        expect(fromRoute.rawPayload.equals(answers[0]!.body)).toBe(true)
        const revalidated = await get(path, { ...headers, 'if-none-match': answers[0]!.headers.etag! })
        expect(revalidated.status).toBe(304)
        expect(revalidated.body.length).toBe(0)
        expect(decoded(answers[0]!.body, encoding)).toContain('"totalChunks":')
      }
    }
  })
})
