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
  ),
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
    expect(posted.json()).toEqual({ error: 'Text must not contain NUL characters' })
    expect((await ctx.app.inject({ url: '/api/books' })).statusCode).toBe(200)
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
