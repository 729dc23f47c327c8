// Property-based robustness: thousands of random and malformed requests against every route, as a
// visitor and as an administrator. None may answer 5xx, and the server must stay healthy.
import fc from 'fast-check'
import type { HTTPMethods } from 'fastify'
import { describe, expect, it } from 'vitest'
import { loginAs, useTestApp } from '../test/test-app.ts'

const ctx = useTestApp()
type Method = Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>

const ROUTES = [
  ['GET', '/api/books'],
  ['GET', '/api/books/:id'],
  ['POST', '/api/books'],
  ['PUT', '/api/books/:id'],
  ['DELETE', '/api/books/:id'],
  ['GET', '/api/chapters'],
  ['GET', '/api/chapters/:id'],
  ['GET', '/api/chapters/list/:id'],
  ['GET', '/api/chapters/:id/content'],
  ['POST', '/api/chapters'],
  ['PUT', '/api/chapters/:id'],
  ['DELETE', '/api/chapters/:id'],
  ['GET', '/api/content'],
  ['GET', '/api/content/:id'],
  ['POST', '/api/content'],
  ['PUT', '/api/content/:id'],
  ['DELETE', '/api/content/:id'],
  ['POST', '/api/content/chunk'],
  ['POST', '/api/content/finalize'],
  ['GET', '/api/content/:id/chunks'],
  ['GET', '/api/content/:id/find'],
  ['GET', '/api/content/:id/locate'],
  ['GET', '/api/content/:id/revisions'],
  ['GET', '/api/content/:id/revisions/compare'],
  ['GET', '/api/content/:id/revisions/1'],
  ['POST', '/api/content/:id/revisions/1/restore'],
  ['GET', '/api/terms'],
  ['GET', '/api/terms/letters'],
  ['GET', '/api/terms/by-letter/:id'],
  ['GET', '/api/terms/:id'],
  ['POST', '/api/terms'],
  ['PUT', '/api/terms/:id'],
  ['DELETE', '/api/terms/:id'],
  ['POST', '/api/terms/import'],
  ['GET', '/api/admin/terms'],
  ['POST', '/api/feedback'],
  ['GET', '/api/admin/feedback'],
  ['PATCH', '/api/admin/feedback/:id'],
  ['GET', '/api/admin/audit'],
  ['POST', '/api/admin/reprocess-headers'],
  ['GET', '/api/admin/reprocess-headers'],
  ['GET', '/api/admin/terms/picker'],
  ['GET', '/api/terms/:id/usage'],
  ['GET', '/api/search'],
  ['GET', '/api/user'],
  ['POST', '/api/login'],
  ['POST', '/api/register'],
  ['GET', '/api/health'],
  ['GET', '/api/site'],
  ['GET', '/sitemap.xml'],
] as const

const QUERY_KEYS = [
  'q',
  'page',
  'limit',
  'search',
  'chapterId',
  'chunk',
  'size',
  'anchor',
  'books',
  'includeLexicon',
  'from',
  'to',
]
const FIELDS = [
  'title',
  'description',
  'order',
  'bookId',
  'chapterId',
  'term',
  'published',
  'content',
  'chunk',
  'chunkIndex',
  'totalChunks',
  'contentId',
  'metadata',
  'feedback',
  'email',
  'name',
  'username',
  'password',
  'handled',
  'coverImage',
  'linksContent',
  'baseVersion',
  'overwrite',
  '__proto__',
  'constructor',
]

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1.5',
    '1e9',
    '2147483648',
    '99999999999',
    'NaN',
    'null',
    'true',
    'ā',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\u0000',
    '\uFFFF',
    'new',
    '😀',
    '\ud800',
    'a\udfffb',
    '\ud83d',
  ),
  // any UTF-16 code units, lone surrogates included (what JSON's "\uXXXX" escapes can carry)
  fc.string({ unit: 'binary', maxLength: 20 }),
)
const id = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', 'abc', '1.5', '999999999999', '%20', 'new'),
  fc.nat({ max: 5 }).map(String),
)
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    oddText,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 4 }),
  ),
})).value
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 8 }).map((o) => ({ json: o })),
  jsonValue.map((value) => ({ json: value })),
  fc.string({ maxLength: 60 }).map((raw) => ({ raw, type: 'application/json' })),
  fc.string({ maxLength: 60 }).map((raw) => ({ raw, type: 'text/plain' })),
  fc.constant({
    raw: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nbad',
    type: 'multipart/form-data; boundary=x',
  }),
  fc.constant({ raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' }),
  fc.constant({ raw: '\u00ff\u00fe', type: 'application/json; charset=latin1' }),
)
const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  id,
  query: fc.dictionary(fc.constantFrom(...QUERY_KEYS), oddText, { maxKeys: 4 }),
  body,
  admin: fc.boolean(),
})

describe('robustness', () => {
  it('keeps answering after a request whose query fails in the database', async () => {
    const cookie = await loginAs(ctx, 'conflict')
    const term = { term: 'duplicate-me', description: '<p>d</p>', published: true }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/terms', headers: { cookie }, payload: term })).statusCode,
    ).toBe(201)
    for (let i = 0; i < 3; i++) {
      const again = await ctx.app.inject({ method: 'POST', url: '/api/terms', headers: { cookie }, payload: term })
      expect(again.statusCode).toBe(409)
      expect((await ctx.app.inject({ url: '/api/books' })).statusCode).toBe(200)
    }
    expect((await ctx.app.inject({ url: '/api/search?q=x&books=2147483648' })).statusCode).toBe(400)
  })

  it('refuses NUL characters in the address and the body with 400, and keeps the database connection', async () => {
    const cookie = await loginAs(ctx, 'nul')
    expect((await ctx.app.inject({ url: '/api/terms?search=%00' })).statusCode).toBe(400)
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: { cookie },
      payload: { title: 'a\u0000b' },
    })
    expect(posted.statusCode).toBe(400)
    expect(posted.json()).toEqual({ error: 'Text must not contain NUL characters', code: 'bad_request' })
    expect((await ctx.app.inject({ url: '/api/books' })).statusCode).toBe(200)
  })

  it('refuses text that is not well-formed Unicode with 400, wherever it comes from', async () => {
    const cookie = await loginAs(ctx, 'unicode')
    const ILL_FORMED = { error: 'Text must be well-formed Unicode', code: 'bad_request' }
    const ADDRESS = { error: 'The address must be percent-encoded UTF-8', code: 'bad_request' }
    // a lone surrogate in a JSON body: the login's throttling key once made this a 500
    for (const username of ['\ud800', 'a\udc00', 'x\ud83d']) {
      const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password: 'p' } })
      expect(login.statusCode).toBe(400)
      expect(login.json()).toEqual(ILL_FORMED)
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"\\ud800","password":"p"}',
    })
    expect(raw.statusCode).toBe(400)
    // in a key, nested, and in an administrator's write
    const book = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: { cookie },
      payload: { title: 'Raamat', description: 'a\udfffb' },
    })
    expect(book.statusCode).toBe(400)
    expect(book.json()).toEqual(ILL_FORMED)
    // percent-encoded bytes that are not UTF-8 in the query and in a parameter
    for (const url of [
      '/api/search?q=%ED%A0%80',
      '/api/search?q=%FF',
      '/api/terms?search=%C3',
      '/api/content/1/find?q=a%80b',
    ]) {
      const response = await ctx.app.inject({ url })
      expect(response.statusCode, url).toBe(400)
      expect(response.json(), url).toEqual(ADDRESS)
    }
    // in a path parameter the router refuses it first, also with a JSON 400
    const param = await ctx.app.inject({ url: '/api/terms/%ED%A0%80' })
    expect(param.statusCode).toBe(400)
    expect(param.json().error).toEqual(expect.any(String))
    // well-formed text outside the Basic Multilingual Plane and Pāli letters pass
    expect((await ctx.app.inject({ url: '/api/search?q=%F0%9F%98%80' })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: `/api/search?q=${encodeURIComponent('nibbāna ṃ')}` })).statusCode).toBe(200)
    // multipart: a field and a file name
    const boundary = 'xyz'
    const multipart = (disposition: string, extra = '') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/terms/import',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload:
          extra +
          `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: text/csv\r\n\r\n` +
          `term,description\r\nx,y\r\n--${boundary}--\r\n`,
      })
    const badName = await multipart(`name="file"; filename*=UTF-8''a%ED%A0%80.csv`)
    expect(badName.statusCode).toBe(400)
    const badField = await multipart(
      'name="file"; filename="a.csv"',
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n\ud800\r\n`,
    )
    expect(badField.statusCode).toBe(400)
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200)
  })

  it(
    'answers thousands of random and malformed requests without a 5xx, and stays healthy',
    { timeout: 600_000 },
    async () => {
      const cookie = await loginAs(ctx, 'fuzzer')
      // 5,000 per database: the suite runs on both, so CI sends 10,000.
      const runs = Number(process.env.FUZZ_RUNS ?? 5000)
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(request, async ({ route, id, query, body, admin }) => {
          const [method, path]: readonly [Method, string] = route
          const url = path.replace(':id', encodeURIComponent(id))
          const headers: Record<string, string> = admin ? { cookie } : {}
          if ('type' in body) headers['content-type'] = body.type
          const response = await ctx.app.inject({
            method,
            url,
            query,
            headers,
            ...(method === 'GET' || method === 'DELETE'
              ? {}
              : 'raw' in body
                ? { payload: body.raw }
                : { payload: body.json as object }),
          })
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
          if (response.statusCode >= 500)
            throw new Error(`${method} ${url} ${JSON.stringify(query)} → ${response.statusCode} ${response.body}`)
        }),
        { numRuns: runs, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100_000) },
      )
      console.log(
        `robustness: ${runs} generated requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}, no 5xx`,
      )
      expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    },
  )
})
