// The editor's term picker: GET /api/admin/terms/picker?q= (diacritic-insensitive, best first).
import { describe, expect, it } from 'vitest'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

describe('GET /api/admin/terms/picker', () => {
  it('finds names regardless of case and diacritics: exact first, then prefix, then contained', async () => {
    const cookie = await loginAs(ctx)
    for (const term of ['sukha-dukkha', 'dukkhanirodha', 'dukkhā', 'dukkha', 'anicca', '100% sure']) {
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/terms',
        headers: { cookie },
        payload: { term, description: `<p>${term}</p>`, published: term !== 'dukkhā' },
      })
      expect(made.statusCode, made.body).toBe(201)
    }
    const pick = async (q: string) => {
      const response = await ctx.app.inject({
        url: `/api/admin/terms/picker?q=${encodeURIComponent(q)}`,
        headers: { cookie },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json().data.map((choice: { term: string }) => choice.term)
    }
    expect(await pick('dukkha')).toEqual(['dukkha', 'dukkhā', 'dukkhanirodha', 'sukha-dukkha'])
    expect(await pick('DUKKHĀ')).toEqual(['dukkha', 'dukkhā', 'dukkhanirodha', 'sukha-dukkha'])
    expect(await pick('nirodha')).toEqual(['dukkhanirodha'])
    expect(await pick('%')).toEqual(['100% sure'])
    expect(await pick('nothing like it')).toEqual([])
    // Empty: the first terms alphabetically, unpublished ones too (with their state).
    const all = await ctx.app.inject({ url: '/api/admin/terms/picker?limit=3', headers: { cookie } })
    expect(all.json().data).toEqual([
      { id: expect.any(Number), term: '100% sure', published: true },
      { id: expect.any(Number), term: 'anicca', published: true },
      { id: expect.any(Number), term: 'dukkha', published: true },
    ])
  })

  it('is for administrators only and refuses bad input with 400', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/terms/picker?q=a' })).statusCode).toBe(401)
    const cookie = await loginAs(ctx)
    const long = await ctx.app.inject({ url: `/api/admin/terms/picker?q=${'a'.repeat(201)}`, headers: { cookie } })
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toEqual(expect.any(String))
    expect((await ctx.app.inject({ url: '/api/admin/terms/picker?limit=0', headers: { cookie } })).statusCode).toBe(400)
  })
})
