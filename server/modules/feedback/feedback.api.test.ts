import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, feedback } from '../../db/schema.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return { cookie }
}

async function send(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/feedback', payload })
}

describe('feedback', () => {
  it('takes feedback from a visitor without a session (201)', async () => {
    const response = await send({ name: 'Mari', email: 'mari@example.ee', feedback: 'Aitäh!' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      name: 'Mari',
      email: 'mari@example.ee',
      feedback: 'Aitäh!',
      handled: false,
    })
    const anonymous = await send({ name: '', email: '', feedback: 'Ilma nimeta' })
    expect(anonymous.statusCode).toBe(201)
    expect(anonymous.json()).toMatchObject({ name: null, email: null })
    expect((await send({ feedback: 'Ainult tekst' })).statusCode).toBe(201)
  })

  it.each([
    [{ feedback: '' }, 'feedback: Tagasiside on kohustuslik'],
    [{ feedback: '   ' }, 'feedback: Tagasiside on kohustuslik'],
    [{}, /feedback/],
    [{ feedback: 'x', email: 'not-an-address' }, 'email: Palun sisesta korrektne email'],
    [{ feedback: 'x', name: 'n'.repeat(201) }, /name/],
    [{ feedback: 'x', email: `${'e'.repeat(320)}@x.ee` }, /email/],
    [{ feedback: 'x'.repeat(10_001) }, /feedback/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await send(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(message)
  })

  it('refuses bodies over 64 KB', async () => {
    const response = await send({ feedback: 'x', name: 'y'.repeat(70_000) })
    expect(response.statusCode).toBe(413)
  })

  it('lists feedback for administrators only, newest first, paginated', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/feedback' })).statusCode).toBe(401)
    await ctx.database.db.delete(feedback)
    for (let i = 1; i <= 5; i++) await send({ feedback: `message ${i}` })
    const first = (await ctx.app.inject({ url: '/api/admin/feedback?page=1&limit=2', headers: await admin() })).json()
    expect(first.data.map((f: { feedback: string }) => f.feedback)).toEqual(['message 5', 'message 4'])
    expect(first.pagination).toEqual({ page: 1, total: 5, totalPages: 3, hasNext: true, hasPrev: false })
    const last = (await ctx.app.inject({ url: '/api/admin/feedback?page=3&limit=2', headers: await admin() })).json()
    expect(last.data.map((f: { feedback: string }) => f.feedback)).toEqual(['message 1'])
    expect(last.pagination).toMatchObject({ hasNext: false, hasPrev: true })
    const past = (await ctx.app.inject({ url: '/api/admin/feedback?page=9&limit=2', headers: await admin() })).json()
    expect(past.data).toEqual([])

    await ctx.database.db.delete(feedback)
    const empty = (await ctx.app.inject({ url: '/api/admin/feedback', headers: await admin() })).json()
    expect(empty).toEqual({
      data: [],
      pagination: { page: 1, total: 0, totalPages: 0, hasNext: false, hasPrev: false },
    })
  })

  it('marks an item handled and back, with an audit row; 404 for unknown, 401 without a session', async () => {
    const item = (await send({ feedback: 'handle me' })).json()
    const url = `/api/admin/feedback/${item.id}`
    expect((await ctx.app.inject({ method: 'PATCH', url, payload: { handled: true } })).statusCode).toBe(401)
    const handled = await ctx.app.inject({ method: 'PATCH', url, payload: { handled: true }, headers: await admin() })
    expect(handled.statusCode).toBe(200)
    expect(handled.json()).toMatchObject({ id: item.id, handled: true })
    const [row] = await ctx.database.db.select().from(feedback).where(eq(feedback.id, item.id))
    expect(row!.handledAt).toBeInstanceOf(Date)
    const reopened = await ctx.app.inject({ method: 'PATCH', url, payload: { handled: false }, headers: await admin() })
    expect(reopened.json().handled).toBe(false)
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'feedback'))
    expect(audit).toHaveLength(2)

    const headers = await admin()
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: '/api/admin/feedback/999999',
          payload: { handled: true },
          headers,
        })
      ).statusCode,
    ).toBe(404)
    expect((await ctx.app.inject({ method: 'PATCH', url, payload: { handled: 'yes' }, headers })).statusCode).toBe(400)
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/admin/feedback/abc', payload: { handled: true }, headers }))
        .statusCode,
    ).toBe(400)
  })
})
