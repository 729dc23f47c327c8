import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, terms } from '../../db/schema.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return { cookie }
}

async function postTerm(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/terms', payload, headers: await admin() })
}

async function get(url: string, asAdmin = false) {
  return ctx.app.inject({ url, headers: asAdmin ? await admin() : {} })
}

describe('terms: writing', () => {
  it('round-trips a term: create (201, unpublished by default), read, update, delete, with audit rows', async () => {
    const created = await postTerm({ term: ' mettā ', description: '<p>Loving-kindness</p>' })
    expect(created.statusCode).toBe(201)
    const term = created.json()
    expect(term).toMatchObject({ term: 'mettā', description: '<p>Loving-kindness</p>', published: false })

    expect((await get(`/api/terms/${term.id}`)).statusCode).toBe(404) // unpublished: not there for visitors
    expect((await get(`/api/terms/${term.id}`, true)).json()).toEqual(term)

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/terms/${term.id}`,
      headers: await admin(),
      payload: { term: 'mettā', description: '<p>Friendliness</p>', published: true },
    })
    expect(updated.json()).toMatchObject({ id: term.id, description: '<p>Friendliness</p>', published: true })
    expect((await get(`/api/terms/${term.id}`)).statusCode).toBe(200)

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/terms/${term.id}`, headers: await admin() })).statusCode,
    ).toBe(204)
    expect((await get(`/api/terms/${term.id}`, true)).json()).toEqual({ error: 'Term not found', code: 'not_found' })
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, term.id))
    expect(
      audit
        .filter((row) => row.entity === 'term')
        .map((row) => row.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update'])
  })

  it('sanitises descriptions: scripts, handlers and javascript: links go', async () => {
    const response = await postTerm({
      term: 'sanitised',
      description:
        '<p onclick="x()">ok<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">l</a></p>',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json().description).toBe('<p>ok<a>l</a></p>')
  })

  it('refuses a description that is empty once sanitised', async () => {
    const response = await postTerm({ term: 'empty', description: '<p><script>alert(1)</script></p>' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toBe('description: Description is required')
  })

  it('answers 409 for a duplicate term, on create and on rename', async () => {
    await postTerm({ term: 'dukkha', description: 'suffering' })
    const again = await postTerm({ term: 'dukkha', description: 'again' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: 'A term with this name already exists', code: 'already_exists' })
    const other = (await postTerm({ term: 'sukha', description: 'ease' })).json()
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/terms/${other.id}`,
      headers: await admin(),
      payload: { term: 'dukkha', description: 'x' },
    })
    expect(renamed.statusCode).toBe(409)
    expect((await get(`/api/terms/${other.id}`, true)).json().term).toBe('sukha')
  })

  it.each([
    [{ description: 'x' }, /term/],
    [{ term: '  ', description: 'x' }, /term: Term is required/],
    [{ term: 'x' }, /description/],
    [{ term: 'x', description: '' }, /description: Description is required/],
    [{ term: 'x', description: 'y', published: 'yes' }, /published/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await postTerm(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(message)
  })

  it('answers 404 for unknown ids, 400 for bad ids, 401 for writes without a session', async () => {
    const headers = await admin()
    const payload = { term: 'x', description: 'y' }
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/terms/999999', headers, payload })).statusCode).toBe(404)
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/terms/999999', headers })).statusCode).toBe(404)
    expect((await get('/api/terms/-3')).statusCode).toBe(400)
    for (const [method, url] of [
      ['POST', '/api/terms'],
      ['PUT', '/api/terms/1'],
      ['DELETE', '/api/terms/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: method === 'DELETE' ? undefined : payload })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
    expect((await get('/api/admin/terms')).statusCode).toBe(401)
  })
})

describe('terms: reading', () => {
  const words = [
    ['ākāsa', true],
    ['anattā', true],
    ['Buddha', true],
    ['ñāṇa', true],
    ['nibbāna', true],
    ['ṭhāna', true],
    ['õpetus', true],
    ['öö', true],
    ['ärkamine', true],
    ['ülim', true],
    ['šamaan', true],
    ['zen', true],
    ['Oma', true],
    ['peidus', false],
    ['100% tõde', true],
    ['a_b', true],
  ] as const

  it('groups letters with Pali diacritics folded and Estonian letters kept, in Estonian order', async () => {
    await ctx.database.db.delete(terms)
    await ctx.database.db
      .insert(terms)
      .values(words.map(([term, published]) => ({ term, description: `<p>${term}</p>`, published })))

    expect((await get('/api/terms/letters')).json()).toEqual([
      '1',
      'A',
      'B',
      'N',
      'O',
      'Š',
      'Z',
      'T',
      'Õ',
      'Ä',
      'Ö',
      'Ü',
    ])
    // the administrator also sees the unpublished 'peidus'
    expect((await get('/api/terms/letters', true)).json()).toContain('P')

    const underA = (await get('/api/terms/by-letter/A')).json().map((t: { term: string }) => t.term)
    expect(underA).toEqual(['a_b', 'ākāsa', 'anattā'])
    expect(
      (await get(`/api/terms/by-letter/${encodeURIComponent('Õ')}`)).json().map((t: { term: string }) => t.term),
    ).toEqual(['õpetus'])
    expect((await get('/api/terms/by-letter/o')).json().map((t: { term: string }) => t.term)).toEqual(['Oma'])
    expect((await get('/api/terms/by-letter/N')).json().map((t: { term: string }) => t.term)).toEqual([
      'ñāṇa',
      'nibbāna',
    ])
    expect((await get('/api/terms/by-letter/P')).json()).toEqual([])
    expect((await get('/api/terms/by-letter/P', true)).json()).toHaveLength(1)
  })

  it('lists all visible terms without a query, a page with one', async () => {
    const all = (await get('/api/terms')).json()
    expect(Array.isArray(all)).toBe(true)
    expect(all).toHaveLength(words.length - 1)
    expect((await get('/api/terms', true)).json()).toHaveLength(words.length)

    const page = (await get('/api/terms?page=1')).json()
    expect(page.data).toHaveLength(words.length - 1)
    expect(page.pagination).toEqual({ page: 1, total: words.length - 1, totalPages: 1, hasNext: false, hasPrev: false })
  })

  it('searches case- and diacritic-insensitively, with % and _ meaning themselves', async () => {
    const found = async (search: string) =>
      (await get(`/api/terms?search=${encodeURIComponent(search)}`)).json().data.map((t: { term: string }) => t.term)
    expect(await found('AKASA')).toEqual(['ākāsa'])
    expect(await found('nana')).toEqual(['ñāṇa'])
    expect(await found('opet')).toEqual(['õpetus'])
    expect(await found('%')).toEqual(['100% tõde'])
    expect(await found('_')).toEqual(['a_b'])
    expect(await found('peidus')).toEqual([])
    const adminSearch = (await get('/api/admin/terms?search=PEID', true)).json()
    expect(adminSearch.data.map((t: { term: string }) => t.term)).toEqual(['peidus'])
  })

  it('pages at the edges: exactly one page, last page, past the end, empty', async () => {
    const visible = words.length - 1 // 15
    const first = (await get('/api/terms?page=1&limit=5')).json()
    expect(first.pagination).toEqual({ page: 1, total: visible, totalPages: 3, hasNext: true, hasPrev: false })
    const last = (await get('/api/terms?page=3&limit=5')).json()
    expect(last.data).toHaveLength(5)
    expect(last.pagination).toEqual({ page: 3, total: visible, totalPages: 3, hasNext: false, hasPrev: true })
    const past = (await get('/api/terms?page=4&limit=5')).json()
    expect(past.data).toEqual([])
    expect(past.pagination).toEqual({ page: 4, total: visible, totalPages: 3, hasNext: false, hasPrev: true })
    const exact = (await get(`/api/terms?limit=${visible}`)).json()
    expect(exact.pagination).toMatchObject({ totalPages: 1, hasNext: false })
    const none = (await get('/api/terms?search=zzzz')).json()
    expect(none).toEqual({ data: [], pagination: { page: 1, total: 0, totalPages: 0, hasNext: false, hasPrev: false } })

    const admin20 = (await get('/api/admin/terms', true)).json()
    expect(admin20.data).toHaveLength(words.length)
    const adminPage = (await get('/api/admin/terms?page=2&limit=10', true)).json()
    expect(adminPage.data).toHaveLength(words.length - 10)
    expect(adminPage.pagination).toMatchObject({ page: 2, totalPages: 2, hasPrev: true, hasNext: false })
  })

  it('defaults to 25 a page publicly and refuses limits over 100 or pages under 1', async () => {
    await ctx.database.db
      .insert(terms)
      .values(Array.from({ length: 30 }, (_, i) => ({ term: `extra ${i}`, description: 'x', published: true })))
    expect((await get('/api/terms?page=1')).json().data).toHaveLength(25)
    expect((await get('/api/admin/terms', true)).json().data).toHaveLength(20)
    expect((await get('/api/terms?limit=101')).statusCode).toBe(400)
    expect((await get('/api/terms?page=0')).statusCode).toBe(400)
    expect((await get('/api/terms?page=x')).statusCode).toBe(400)
  })
})
