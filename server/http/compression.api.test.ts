// Compression on the wire: the client's files go out as the .br/.gz written at build time (never
// compressed per request), answers made per request over 1 KB are compressed by @fastify/compress,
// and an answer that is already encoded, a HEAD, a 204/304 or anything small goes out as it is.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPENAPI_PATH } from './openapi.ts'
import { random, SMALL_WORDS, SYLLABLES } from '../test/generated-page.ts'
import { loginAs, useTestApp } from '../test/test-app.ts'

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-client-'))
const assetsDir = path.join(clientDir, 'assets')
fs.mkdirSync(assetsDir)

const next = random(14)
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
const word = () =>
  next() < 0.3 ? pick(SMALL_WORDS) : Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(SYLLABLES)).join('')
const words = (n: number) => Array.from({ length: n }, word).join(' ')

/** Writes a file with its build-time variants, as vite.config.ts does. */
function writeWithVariants(file: string, text: string) {
  const raw = Buffer.from(text)
  fs.writeFileSync(file, raw)
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }))
}

// A page shell over 1 KB (the real one grows with the page's meta tags and first chunk).
const SHELL = `<!doctype html><html lang="et"><head><title>x</title></head><body><div id="root">SHELL</div><p>${words(300)}</p></body></html>`
fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL)
const ASSETS = {
  js: { name: 'app-Ab12Cd34.js', type: 'application/javascript; charset=utf-8' },
  css: { name: 'app-Ef56Gh78.css', type: 'text/css; charset=utf-8' },
}
writeWithVariants(
  path.join(assetsDir, ASSETS.js.name),
  Array.from(
    { length: 200 },
    (_, i) => `export function f${i}(a){return a.map(x=>x*${i}).join(${JSON.stringify(word())})}`,
  ).join('\n'),
)
writeWithVariants(
  path.join(assetsDir, ASSETS.css.name),
  Array.from(
    { length: 200 },
    (_, i) => `.c${i}{margin:${i}px;color:#${(i * 4099).toString(16).padStart(6, '0')}}`,
  ).join('\n'),
)
// A compressible file without build-time variants: served as it is, never compressed per request.
fs.writeFileSync(path.join(assetsDir, 'bare-Ij90Kl12.js'), `export const words = ${JSON.stringify(words(600))}`)

/**
 * The reader's entry assets of the real build (the script and its modulepreloads that
 * dist/client/index.html names; its stylesheet is inside it), copied beside the test's files when a build is there, so the
 * bytes they take on the wire can be measured through the server.
 */
const realDist = path.resolve(import.meta.dirname, '../../dist/client')
const realEntries = (() => {
  try {
    const index = fs.readFileSync(path.join(realDist, 'index.html'), 'utf8')
    const names = [...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!)
    for (const name of names) {
      for (const suffix of ['', '.br', '.gz']) {
        fs.copyFileSync(path.join(realDist, 'assets', name + suffix), path.join(assetsDir, name + suffix))
      }
    }
    return names
  } catch {
    return [] // no build (or one being rebuilt): the figures are skipped
  }
})()

const ctx = useTestApp({ clientDir })
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

// About 30 KB of JSON in the shape of a list answer, with the corpus's letters.
const LIST = Array.from({ length: 180 }, (_, i) => ({ id: i + 1, term: words(2), description: words(20), order: i }))
const LIST_BYTES = Buffer.byteLength(JSON.stringify(LIST))
const SMALL = { ok: true, words: words(5) }
const PRE_ENCODED = JSON.stringify({ chunk: 5, blocks: Array.from({ length: 40 }, () => `<p>${words(12)}</p>`) })

beforeAll(() => {
  // Routes for what no route of a fresh database answers yet, declared like any other route.
  const app = ctx.app
  const config = { access: 'public' as const }
  app.get('/api/test-compression/list', { config }, async () => LIST)
  app.get('/api/test-compression/small', { config }, async () => SMALL)
  app.get('/api/test-compression/empty', { config }, async (_request, reply) => reply.code(204).send())
  app.get('/api/test-compression/unchanged', { config }, async (_request, reply) => reply.code(304).send())
  // Bytes compressed once and cached, sent with their Content-Encoding (as the reader's chunks are).
  for (const [encoding, bytes] of [
    ['gzip', zlib.gzipSync(PRE_ENCODED)],
    ['br', zlib.brotliCompressSync(PRE_ENCODED)],
  ] as const) {
    app.get(`/api/test-compression/pre-encoded-${encoding}`, { config }, async (_request, reply) =>
      reply.header('Content-Encoding', encoding).type('application/json; charset=utf-8').send(bytes),
    )
  }
})

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

function decode(encoding: string | undefined, bytes: Buffer) {
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes)
  if (encoding === 'gzip') return zlib.gunzipSync(bytes)
  expect(encoding).toBeUndefined()
  return bytes
}

const varies = (vary: unknown) =>
  String(vary)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding')

describe('the client files', () => {
  for (const kind of ['js', 'css'] as const) {
    const { name, type } = ASSETS[kind]
    const file = path.join(assetsDir, name)
    for (const [acceptEncoding, expected, suffix] of [
      ['br, gzip, deflate', 'br', '.br'],
      ['gzip, deflate', 'gzip', '.gz'],
      ['gzip;q=0.5, br;q=1', 'br', '.br'],
      [undefined, undefined, ''],
      ['identity', undefined, ''],
    ] as const) {
      it(`sends the ${kind} asset ${expected ?? 'as it is'} for Accept-Encoding: ${acceptEncoding ?? '(none)'}`, async () => {
        const response = await get(`/assets/${name}`, acceptEncoding)
        expect(response.statusCode).toBe(200)
        expect(response.headers['content-encoding']).toBe(expected)
        // The very bytes written at build time, which decode to the file.
        expect(response.rawPayload.equals(fs.readFileSync(file + suffix))).toBe(true)
        expect(decode(expected, response.rawPayload).equals(fs.readFileSync(file))).toBe(true)
        expect(response.headers['content-type']).toBe(type)
        expect(varies(response.headers.vary)).toBe(true)
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
        expect(response.headers['x-content-type-options']).toBe('nosniff')
      })
    }
  }

  it('sends index.html as a file compressed at build time and never cached unchecked', async () => {
    writeWithVariants(path.join(clientDir, 'index.html'), SHELL) // the variants are looked up per request
    const response = await get('/index.html', 'br, gzip')
    expect(response.headers['content-encoding']).toBe('br')
    expect(decode('br', response.rawPayload).toString()).toBe(SHELL)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(varies(response.headers.vary)).toBe(true)
  })

  it('never compresses a file per request: one without build-time variants goes out as it is', async () => {
    const file = path.join(assetsDir, 'bare-Ij90Kl12.js')
    expect(fs.statSync(file).size).toBeGreaterThan(2048)
    const response = await get('/assets/bare-Ij90Kl12.js', 'br, gzip')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.rawPayload.equals(fs.readFileSync(file))).toBe(true)
  })

  it.skipIf(realEntries.length === 0)('prints the bytes the reader’s JS takes on the wire', async () => {
    const totals: Record<string, number> = { raw: 0, gzip: 0, br: 0 }
    for (const name of realEntries) {
      const raw = fs.readFileSync(path.join(assetsDir, name))
      for (const [label, acceptEncoding] of [
        ['raw', undefined],
        ['gzip', 'gzip'],
        ['br', 'br, gzip'],
      ] as const) {
        const response = await get(`/assets/${name}`, acceptEncoding)
        expect(
          decode(response.headers['content-encoding'] as string | undefined, response.rawPayload).equals(raw),
        ).toBe(true)
        totals[label]! += response.rawPayload.length
      }
    }
    expect(totals.br).toBeLessThan(totals.gzip!)
    expect(totals.gzip).toBeLessThan(totals.raw! / 2)
    console.log(
      `compression: reader JS (${realEntries.length} entry scripts of dist/client/index.html) on the wire: ` +
        `raw ${totals.raw} B, gzip ${totals.gzip} B, br ${totals.br} B`,
    )
  })
})

describe('answers made per request', () => {
  it('compresses JSON over 1 KB with brotli or gzip as accepted, keeping its headers', async () => {
    const sizes: Record<string, number> = {}
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['deflate', undefined],
      [undefined, undefined],
    ] as const) {
      const response = await get('/api/test-compression/list', acceptEncoding)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(expected)
      expect(JSON.parse(decode(expected, response.rawPayload).toString())).toEqual(LIST)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      if (expected) expect(varies(response.headers.vary)).toBe(true)
      sizes[expected ?? 'raw'] = response.rawPayload.length
    }
    expect(sizes.raw).toBe(LIST_BYTES)
    expect(sizes.br).toBeLessThan(sizes.gzip!)
    console.log(`compression: a ${LIST_BYTES}-byte JSON answer on the wire: gzip ${sizes.gzip} B, br ${sizes.br} B`)
  })

  it('compresses a real JSON answer (the OpenAPI document)', async () => {
    const cookie = await loginAs(ctx)
    const sizes: Record<string, number> = {}
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await ctx.app.inject({ url: OPENAPI_PATH, headers: { cookie, 'accept-encoding': encoding } })
      expect(response.statusCode).toBe(200)
      const expected = encoding === 'identity' ? undefined : encoding
      expect(response.headers['content-encoding']).toBe(expected)
      expect(JSON.parse(decode(expected, response.rawPayload).toString()).openapi).toMatch(/^3\./)
      sizes[encoding] = response.rawPayload.length
    }
    expect(sizes.br).toBeLessThan(sizes.gzip!)
    console.log(
      `compression: the OpenAPI document (${sizes.identity} B) on the wire: gzip ${sizes.gzip} B, br ${sizes.br} B`,
    )
  })

  it('leaves answers under 1 KB, HEAD answers, 204 and 304 uncompressed', async () => {
    const small = await get('/api/test-compression/small', 'br, gzip')
    expect(Buffer.byteLength(JSON.stringify(SMALL))).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual(SMALL)

    const head = await get('/api/test-compression/list', 'br, gzip', 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-encoding']).toBeUndefined()
    expect(head.rawPayload.length).toBe(0)

    for (const [url, status] of [
      ['/api/test-compression/empty', 204],
      ['/api/test-compression/unchanged', 304],
    ] as const) {
      const response = await get(url, 'br, gzip')
      expect(response.statusCode).toBe(status)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.rawPayload.length).toBe(0)
    }
  })

  it('sends an answer that already has a Content-Encoding untouched', async () => {
    for (const encoding of ['gzip', 'br'] as const) {
      const cached = encoding === 'gzip' ? zlib.gzipSync(PRE_ENCODED) : zlib.brotliCompressSync(PRE_ENCODED)
      expect(cached.length).toBeGreaterThan(1024)
      // Asked for the other encoding too: the answer is still the cached bytes, not re-encoded.
      for (const acceptEncoding of ['br, gzip', 'gzip, br;q=0.9']) {
        const response = await get(`/api/test-compression/pre-encoded-${encoding}`, acceptEncoding)
        expect(response.headers['content-encoding']).toBe(encoding)
        expect(response.rawPayload.equals(cached)).toBe(true)
        expect(decode(encoding, response.rawPayload).toString()).toBe(PRE_ENCODED)
      }
    }
  })

  it('compresses the HTML page shell, which keeps its headers', async () => {
    // A page that is not there (no page 123, no /books/… route) is the same shell with 404 (decision 047).
    for (const url of ['/', '/content/123', '/books/some-page?x=1']) {
      const response = await get(url, 'br, gzip')
      expect(response.statusCode, url).toBe(url === '/' ? 200 : 404)
      expect(response.headers['content-encoding'], url).toBe('br')
      expect(decode('br', response.rawPayload).toString()).toContain('<div id="root">SHELL</div>')
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.headers['content-security-policy']).toContain("script-src 'self'")
      expect(varies(response.headers.vary)).toBe(true)

      const plain = await get(url)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toContain('<div id="root">SHELL</div>')
    }
  })

  it('names the page shell by its text: an ETag per encoding, and 304 when the browser has it', async () => {
    const br = await get('/lexicon', 'br')
    const brAgain = await get('/lexicon', 'br')
    expect(br.headers.etag).toMatch(/^"s[\w-]+-br"$/)
    expect(brAgain.headers.etag).toBe(br.headers.etag)
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true)
    const gzip = await get('/lexicon', 'gzip')
    const plain = await get('/lexicon')
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3)
    const revalidated = await ctx.app.inject({
      url: '/lexicon',
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.rawPayload.length).toBe(0)
    // the same validator under another encoding is not a match
    const other = await ctx.app.inject({
      url: '/lexicon',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag as string },
    })
    expect(other.statusCode).toBe(200)
    expect(other.headers['content-encoding']).toBe('gzip')
  })

  it('still answers unknown API paths with a JSON 404, never the shell', async () => {
    for (const url of ['/api/no-such-thing', '//api/no-such-thing', '/API/no-such-thing']) {
      const response = await get(url, 'br, gzip')
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.json()).toEqual({ error: `Not found: GET ${url}`, code: 'not_found' })
      expect(response.headers['cache-control']).toBe('no-store')
    }
  })
})
