// The search's kept answers (search-answers.ts, decision 066): a question asked again costs no query,
// identical questions asked together share one search, and no answer is served after a change it is
// read from was heard: an administrator's write here, or (PostgreSQL) another process's change of a
// page, a term or a collection. While the listening connection is down nothing is kept. Both databases.
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchAnswer } from '#shared/api/search.ts'
import { makeBook, makeChapter } from '../../test/factories.ts'
import { queriesDuring as countQueries } from '../../test/queries.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'
import { LISTENER_NAME } from '../content/reader/page-states.ts'

const ctx = useTestApp()
let cookie: string
let chapterId: number

const queriesDuring = (work: () => Promise<unknown>) => countQueries(ctx, work)

async function send(method: 'POST' | 'PUT', url: string, payload?: object) {
  const answer = await ctx.app.inject({ method, url, payload, headers: { cookie } })
  expect(answer.statusCode, answer.body).toBeLessThan(300)
  return answer.json() as { id: number; version: number }
}

async function search(q: string, options: { admin?: boolean; query?: string } = {}) {
  const answer = await ctx.app.inject({
    url: `/api/search?q=${encodeURIComponent(q)}${options.query ?? ''}`,
    headers: options.admin ? { cookie } : {},
  })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<SearchAnswer>()
}

const titles = async (q: string, query = '') =>
  (await search(q, { query })).results.map((result) => (result.type === 'term' ? `term ${result.term}` : result.title))

const newPage = (title: string, text: string, published = true) =>
  send('POST', '/api/content', { title, chapterId, content: `<p>${text}</p>`, published })

/** The page saved again (PUT) with this text and state. */
const savePage = (id: number, title: string, text: string, published = true) =>
  send('PUT', `/api/content/${id}`, { title, chapterId, content: `<p>${text}</p>`, published })

beforeAll(async () => {
  cookie = await loginAs(ctx)
  const book = await makeBook(ctx.database, { title: 'Vastuste raamat' })
  chapterId = (await makeChapter(ctx.database, { bookId: book.id })).id
})

describe('kept search answers', () => {
  it('a question asked again costs no query; other pages, options and askers are other questions', async () => {
    await newPage('Vee leht', 'Lootos kasvab mudast, puhtana.')
    expect(await titles('lootos')).toEqual(['Vee leht'])
    expect(await queriesDuring(() => search('lootos'))).toBe(0)
    expect(await queriesDuring(() => search('  lootos', {}))).toBeGreaterThan(0)
    expect(await queriesDuring(() => search('lootos', { query: '&page=2' }))).toBeGreaterThan(0)
    expect(await queriesDuring(() => search('lootos', { query: '&includeLexicon=true' }))).toBeGreaterThan(0)
    const adminAsked = await queriesDuring(() => search('lootos', { admin: true }))
    expect(adminAsked).toBeGreaterThan(1)
    // each of them kept in turn
    expect(await queriesDuring(() => search('lootos', { query: '&page=2' }))).toBe(0)
    // (an administrator's request may read the session, nothing more)
    expect(await queriesDuring(() => search('lootos', { admin: true }))).toBeLessThanOrEqual(1)
    const metrics = await ctx.app.inject({ url: '/metrics' })
    if (metrics.statusCode === 200) expect(metrics.body).toMatch(/cache="search_answers"/)
  })

  it('identical questions asked together share one search', async () => {
    await newPage('Kotka leht', 'Kotkas lendab kõrgel mägede kohal.')
    const once = await queriesDuring(() => search('kotkas', { query: '&limit=7' }))
    expect(once).toBeGreaterThan(0)
    await newPage('Kotka teine leht', 'Teine kotkas istub kaljul.') // a write: what was kept is dropped
    const together = await queriesDuring(() =>
      Promise.all(Array.from({ length: 10 }, () => search('kotkas', { query: '&limit=7' }))),
    )
    expect(together).toBe(once)
    expect(await titles('kotkas', '&limit=7')).toHaveLength(2)
  })

  it("an administrator's write is seen by the very next search: a new page, an unpublished one, a new text, a term", async () => {
    expect(await titles('hõbehaigur')).toEqual([])
    const page = await newPage('Haigru leht', 'Hõbehaigur seisab vees.')
    expect(await titles('hõbehaigur')).toEqual(['Haigru leht'])
    await savePage(page.id, 'Haigru leht', 'Hõbehaigur seisab vees.', false)
    expect(await titles('hõbehaigur')).toEqual([])
    await savePage(page.id, 'Haigru leht', 'Hõbehaigur seisab vees.')
    expect(await titles('hõbehaigur')).toEqual(['Haigru leht'])
    await savePage(page.id, 'Haigru leht', 'Hallhaigur seisab vees.')
    expect(await titles('hõbehaigur')).toEqual([])
    expect(await titles('hallhaigur')).toEqual(['Haigru leht'])
    expect(await titles('haigrulind', '&includeLexicon=true')).toEqual([])
    await send('POST', '/api/terms', { term: 'haigrulind', description: '<p>Lind.</p>', published: true })
    expect(await titles('haigrulind', '&includeLexicon=true')).toEqual(['term haigrulind'])
  })

  it('while a write runs, kept answers are served; answers read meanwhile are dropped when it ends', async () => {
    await newPage('Sookure leht', 'Sookurg sammub rabas.')
    await search('sookurg')
    const states = ctx.app.state.content.pageStates
    states.writeStarted()
    let ended = false
    try {
      expect(await queriesDuring(() => search('sookurg'))).toBe(0)
      // read while the write runs: kept for the write's length only
      expect(await queriesDuring(() => search('rabas'))).toBeGreaterThan(0)
      expect(await queriesDuring(() => search('rabas'))).toBe(0)
      await states.writeEnded()
      ended = true
    } finally {
      if (!ended) await states.writeEnded()
    }
    expect(await queriesDuring(() => search('sookurg'))).toBeGreaterThan(0)
    expect(await queriesDuring(() => search('rabas'))).toBeGreaterThan(0)
  })

  it("(PostgreSQL) another process's change of a page, a term or a collection is seen; with nobody listening nothing is kept", async () => {
    // The embedded database has no other process (the DATA_DIR lock).
    if (ctx.database.kind !== 'postgres') return
    const page = await newPage('Kajaka leht', 'Kajakas karjub sadamas. SN 99.7 räägib kajakast.')
    const other = new pg.Client({ connectionString: ctx.database.connectionString })
    await other.connect()
    try {
      expect(await titles('kajakas')).toEqual(['Kajaka leht'])
      await other.query('UPDATE content SET published = false WHERE id = $1', [page.id])
      await expect.poll(() => titles('kajakas'), { timeout: 2_000 }).toEqual([])
      await other.query('UPDATE content SET published = true WHERE id = $1', [page.id])
      await expect.poll(() => titles('kajakas'), { timeout: 2_000 }).toEqual(['Kajaka leht'])

      expect(await titles('merekajakas', '&includeLexicon=true')).toEqual([])
      await other.query(`INSERT INTO terms (term, description, published) VALUES ('merekajakas', '<p>Lind.</p>', true)`)
      await expect
        .poll(() => titles('merekajakas', '&includeLexicon=true'), { timeout: 2_000 })
        .toEqual(['term merekajakas'])

      const kept = await search('kajakas')
      expect(await queriesDuring(() => search('kajakas'))).toBe(0)
      await other.query(`UPDATE collections SET position = position WHERE true`)
      await expect.poll(() => queriesDuring(() => search('kajakas')), { timeout: 2_000 }).toBeGreaterThan(0)
      expect(await search('kajakas')).toEqual(kept)

      // The listening connection gone: every search asks the database until it listens again.
      await other.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_NAME],
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await queriesDuring(() => search('kajakas'))).toBeGreaterThan(0)
      expect(await queriesDuring(() => search('kajakas'))).toBeGreaterThan(0)
      await expect
        .poll(
          async () => {
            await search('kajakas')
            return queriesDuring(() => search('kajakas'))
          },
          { timeout: 10_000, interval: 250 },
        )
        .toBe(0)
    } finally {
      await other.end()
    }
  })
})
