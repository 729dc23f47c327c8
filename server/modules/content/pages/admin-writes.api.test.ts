// Issue 26.3: nothing reacts to a write before it is allowed. A write refused by the access check
// (401), the origin check (403) or validation (400) must not switch the server into "an
// administrator is writing" (reader page states forgotten, the fast chunk path off, readers paced).
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queriesDuring } from '../../../test/queries.ts'
import { postLongPage, useTestApp } from '../../../test/test-app.ts'

const ctx = useTestApp()

const FOREIGN = { origin: 'https://evil.example' }
/** Past the moment after a write in which readers still take turns (page-states.ts WRITING_LATELY_MS). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1_100))

async function auditRows() {
  const rows = await ctx.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM audit_log`)
  return rows.rows[0]!.count
}

describe('administrators’ write marks', () => {
  it('refused writes (anonymous, cross-site, malformed) leave the readers’ page states as they were', async () => {
    const { page, cookie, chapterId } = await postLongPage(ctx, { paragraphs: 50, words: 5, title: 'Kaitstud' })
    const states = ctx.app.state.content.pageStates
    await settle()
    expect((await ctx.app.inject({ url: `/api/content/${page.id}/chunks?chunk=0&size=600` })).statusCode).toBe(200)
    const moment = states.moment()
    expect(moment).toBeDefined()
    expect(states.keptNow(page.id)).toBeDefined()
    const audits = await auditRows()

    const refused = [
      // anonymous
      { method: 'DELETE', url: `/api/content/${page.id}`, status: 401 },
      { method: 'PUT', url: `/api/content/${page.id}`, payload: { title: 'x' }, status: 401 },
      { method: 'POST', url: '/api/content/chunk', payload: {}, status: 401 },
      { method: 'POST', url: '/api/books', payload: { title: 'Võõras' }, status: 401 },
      { method: 'DELETE', url: `/api/chapters/${chapterId}`, status: 401 },
      { method: 'POST', url: '/api/admin/reprocess-headers', status: 401 },
      // cross-site, with the administrator's cookie
      { method: 'DELETE', url: `/api/content/${page.id}`, headers: { cookie, ...FOREIGN }, status: 403 },
      { method: 'POST', url: '/api/books', payload: { title: 'Võõras' }, headers: { cookie, ...FOREIGN }, status: 403 },
      { method: 'POST', url: '/api/admin/reprocess-headers', headers: { cookie, origin: 'null' }, status: 403 },
      // the administrator's own, but malformed
      { method: 'PUT', url: `/api/content/${page.id}`, payload: { title: 5 }, headers: { cookie }, status: 400 },
      { method: 'DELETE', url: '/api/content/abc', headers: { cookie }, status: 400 },
    ] as const
    for (const { status, ...request } of refused) {
      const response = await ctx.app.inject(request)
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(status)
    }
    // Nothing was forgotten or marked: the same moment, the page still kept and handed over at once
    // (no write ended in the last second either), its chunk still costs no query.
    expect(states.moment()).toBe(moment)
    expect(states.keptNow(page.id)).toBeDefined()
    expect(
      await queriesDuring(ctx, () => ctx.app.inject({ url: `/api/content/${page.id}/chunks?chunk=0&size=600` })),
    ).toBe(0)
    expect(await auditRows()).toBe(audits)

    // The control: an allowed write does mark, so the checks above can fail.
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/content/${page.id}`, headers: { cookie } })
    expect(deleted.statusCode).toBeLessThan(300)
    expect(states.moment()).not.toBe(moment)
  })

  it('a flood of anonymous writes never takes the readers off the fast path', async () => {
    const { page } = await postLongPage(ctx, { paragraphs: 50, words: 5, title: 'Tulv' })
    const states = ctx.app.state.content.pageStates
    await settle()
    expect((await ctx.app.inject({ url: `/api/content/${page.id}/chunks?chunk=0&size=600` })).statusCode).toBe(200)
    const moment = states.moment()
    const flood = Array.from({ length: 50 }, () => ctx.app.inject({ method: 'DELETE', url: `/api/content/${page.id}` }))
    const reads = Array.from({ length: 10 }, () =>
      ctx.app.inject({ url: `/api/content/${page.id}/chunks?chunk=0&size=600` }),
    )
    const answers = await Promise.all([...flood, ...reads])
    expect(answers.slice(0, 50).every((r) => r.statusCode === 401)).toBe(true)
    expect(answers.slice(50).every((r) => r.statusCode === 200)).toBe(true)
    expect(states.moment()).toBe(moment)
    expect(states.keptNow(page.id)).toBeDefined()
  })
})
