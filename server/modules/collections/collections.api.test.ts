// /api/admin/collections: the canon's collections as administrators keep them (decision 056).
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Collection } from '#shared/api/collections.ts'
import { auditLog } from '../../db/schema.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

let cookie: string
const request = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  headers = {},
) => ctx.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload === undefined ? {} : { payload }) })

const input = (abbreviation: string, extra: Record<string, unknown> = {}) => ({
  abbreviation,
  paliName: 'Visuddhimagga',
  englishName: 'The Path of Purification',
  estonianName: 'Puhastumise tee',
  ...extra,
})

describe('collections', () => {
  it('lists the canon as the migration seeds it', async () => {
    cookie = await loginAs(ctx)
    const response = await request('GET', '/api/admin/collections')
    expect(response.statusCode, response.body).toBe(200)
    const list = response.json<Collection[]>()
    const byAbbreviation = new Map(list.map((c) => [c.abbreviation, c]))
    for (const abbreviation of ['DN', 'MN', 'SN', 'AN', 'KN', 'Khp', 'Dhp', 'Ud', 'Iti', 'Snp', 'Thag', 'Thig', 'Ja']) {
      expect(byAbbreviation.has(abbreviation), abbreviation).toBe(true)
    }
    expect(byAbbreviation.get('SN')).toMatchObject({ paliName: 'Saṁyutta Nikāya', englishName: 'Linked Discourses' })
    expect(byAbbreviation.get('Khp')).toMatchObject({ aliases: ['Kp'], parentId: byAbbreviation.get('KN')!.id })
    expect(list[0]!.abbreviation).toBe('DN')
  })

  it('adds, changes and deletes one, each with its audit row', async () => {
    const created = await request('POST', '/api/admin/collections', input(' Vism ', { aliases: ['Vimuttimagga'] }))
    expect(created.statusCode, created.body).toBe(201)
    const collection = created.json<Collection>()
    expect(collection).toMatchObject({ abbreviation: 'Vism', aliases: ['Vimuttimagga'], parentId: null })

    const kn = (await request('GET', '/api/admin/collections'))
      .json<Collection[]>()
      .find((c) => c.abbreviation === 'KN')!
    const changed = await request(
      'PUT',
      `/api/admin/collections/${collection.id}`,
      input('Vism', { estonianName: 'Puhastuse tee', parentId: kn.id }),
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ estonianName: 'Puhastuse tee', aliases: [], parentId: kn.id })

    const deleted = await request('DELETE', `/api/admin/collections/${collection.id}`)
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect((await request('DELETE', `/api/admin/collections/${collection.id}`)).statusCode).toBe(404)
    const list = (await request('GET', '/api/admin/collections')).json<Collection[]>()
    expect(list.map((c) => c.abbreviation)).not.toContain('Vism')

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'collection'), eq(auditLog.entityId, collection.id)))
      .orderBy(auditLog.id)
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'delete'])
    expect(JSON.parse(audit[1]!.details!)).toMatchObject({
      changes: { estonianName: { before: 'Puhastumise tee', after: 'Puhastuse tee' } },
    })
  })

  it('refuses a second collection of the same abbreviation, in any case or spelling, with 409', async () => {
    for (const abbreviation of ['SN', 'sn', 'Patis']) {
      const response = await request('POST', '/api/admin/collections', input(abbreviation))
      expect(response.statusCode, abbreviation).toBe(409)
      expect(response.json()).toMatchObject({ code: 'already_exists' })
    }
    const list = (await request('GET', '/api/admin/collections')).json<Collection[]>()
    const mn = list.find((c) => c.abbreviation === 'MN')!
    const renamed = await request('PUT', `/api/admin/collections/${mn.id}`, { ...mn, abbreviation: 'DN' })
    expect(renamed.statusCode).toBe(409)
  })

  it('refuses what is not a collection with 400', async () => {
    const kn = (await request('GET', '/api/admin/collections'))
      .json<Collection[]>()
      .find((c) => c.abbreviation === 'KN')!
    const dhp = (await request('GET', '/api/admin/collections'))
      .json<Collection[]>()
      .find((c) => c.abbreviation === 'Dhp')!
    for (const body of [
      input(''),
      input('ABCDEFGHIJKLM'),
      input('S N'),
      input('SN1'),
      input('Xy', { paliName: '' }),
      input('Xy', { englishName: 'Linked: Discourses' }),
      input('Xy', { aliases: ['ok', 12] }),
      input('Xy', { parentId: 999999 }),
      input('Xy', { parentId: dhp.id }),
      { abbreviation: 'Xy' },
    ]) {
      const response = await request('POST', '/api/admin/collections', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const self = await request('PUT', `/api/admin/collections/${kn.id}`, { ...kn, parentId: kn.id })
    expect(self.statusCode).toBe(400)
    expect((await request('PUT', '/api/admin/collections/999999', input('Xy'))).statusCode).toBe(404)
  })

  it('answers visitors 401 and a cross-site write 403', async () => {
    const visitor = await Promise.all([
      ctx.app.inject({ url: '/api/admin/collections' }),
      ctx.app.inject({ method: 'POST', url: '/api/admin/collections', payload: input('Vv2') }),
      ctx.app.inject({ method: 'PUT', url: '/api/admin/collections/1', payload: input('Vv2') }),
      ctx.app.inject({ method: 'DELETE', url: '/api/admin/collections/1' }),
    ])
    expect(visitor.map((r) => r.statusCode)).toEqual([401, 401, 401, 401])
    const foreign = await request('POST', '/api/admin/collections', input('Evil'), { origin: 'https://evil.example' })
    expect(foreign.statusCode).toBe(403)
    const list = (await request('GET', '/api/admin/collections')).json<Collection[]>()
    expect(list.map((c) => c.abbreviation)).not.toContain('Evil')
  })
})
