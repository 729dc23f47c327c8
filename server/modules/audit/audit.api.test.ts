import { describe, expect, it } from 'vitest'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

describe('audit log', () => {
  it('is for administrators only', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401)
  })

  it('lists every change newest first with who made it, paginated', async () => {
    const cookie = await loginAs(ctx, 'auditor')
    const headers = { cookie }
    const book = (
      await ctx.app.inject({ method: 'POST', url: '/api/books', headers, payload: { title: 'Logged' } })
    ).json()
    await ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, headers, payload: { title: 'Logged 2' } })
    await ctx.app.inject({ method: 'POST', url: '/api/terms', headers, payload: { term: 'logged', description: 'x' } })
    // failed writes leave no trace
    await ctx.app.inject({ method: 'POST', url: '/api/terms', headers, payload: { term: 'logged', description: 'x' } })

    const response = await ctx.app.inject({ url: '/api/admin/audit?limit=2', headers })
    expect(response.statusCode).toBe(200)
    const page = response.json()
    expect(page.pagination).toEqual({ page: 1, total: 3, totalPages: 2, hasNext: true, hasPrev: false })
    expect(page.data[0]).toMatchObject({
      username: 'auditor',
      action: 'create',
      entity: 'term',
      details: { term: 'logged' },
    })
    expect(page.data[1]).toMatchObject({
      action: 'update',
      entity: 'book',
      entityId: book.id,
      details: { title: 'Logged 2' },
    })
    const rest = (await ctx.app.inject({ url: '/api/admin/audit?page=2&limit=2', headers })).json()
    expect(rest.data).toHaveLength(1)
    expect(rest.data[0]).toMatchObject({ action: 'create', entity: 'book' })
  })

  it('keeps what an edit of a term, chapter or book changed, before and after, and a deleted term’s description', async () => {
    const cookie = await loginAs(ctx, 'muutja')
    const headers = { cookie }
    const latest = async () => (await ctx.app.inject({ url: '/api/admin/audit?limit=1', headers })).json().data[0]
    const term = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/terms',
        headers,
        payload: { term: 'anicca', description: '<p>Vana seletus</p>' },
      })
    ).json()
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/terms/${term.id}`,
      headers,
      payload: { term: 'anicca', description: '<p>Uus seletus</p>' },
    })
    expect(await latest()).toMatchObject({
      action: 'update',
      entity: 'term',
      details: {
        term: 'anicca',
        changes: { description: { before: '<p>Vana seletus</p>', after: '<p>Uus seletus</p>' } },
      },
    })
    expect(Object.keys((await latest()).details.changes)).toEqual(['description'])
    await ctx.app.inject({ method: 'DELETE', url: `/api/terms/${term.id}`, headers })
    expect(await latest()).toMatchObject({
      action: 'delete',
      details: { term: 'anicca', description: '<p>Uus seletus</p>' },
    })

    const book = (
      await ctx.app.inject({ method: 'POST', url: '/api/books', headers, payload: { title: 'Raamat' } })
    ).json()
    const chapter = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/chapters',
        headers,
        payload: { title: 'Peatükk', bookId: book.id },
      })
    ).json()
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/chapters/${chapter.id}`,
      headers,
      payload: { title: 'Peatükk', bookId: book.id, description: 'Lisatud kirjeldus', order: 3 },
    })
    expect((await latest()).details.changes).toEqual({
      description: { before: null, after: 'Lisatud kirjeldus' },
      order: { before: 0, after: 3 },
    })
    await ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, headers, payload: { title: 'Raamat II' } })
    expect((await latest()).details).toEqual({
      title: 'Raamat II',
      changes: { title: { before: 'Raamat', after: 'Raamat II' } },
    })
  })
})
