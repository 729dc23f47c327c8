import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditLog, users } from '../../db/schema.ts'
import { cookieHeader, useTestApp } from '../../test/test-app.ts'

// Its own file: these tests need an empty database.
const ctx = useTestApp()

const register = (username: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, password: 'a long enough password' },
    headers: cookie ? { cookie } : {},
  })

describe('registration', () => {
  it('lets exactly one of 20 parallel first registrations through; the rest get 403', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => register(`first-${i}`)))
    const statuses = responses.map((r) => r.statusCode).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 403)).toHaveLength(19)
    expect(await ctx.database.db.select().from(users)).toHaveLength(1)
  })

  it('logs the first user in', async () => {
    const [first] = await ctx.database.db.select().from(users)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: first!.username, password: 'a long enough password' },
    })
    expect(login.statusCode).toBe(200)
  })

  it('refuses strangers once a user exists, but lets an administrator add users', async () => {
    expect((await register('stranger')).statusCode).toBe(403)
    const [first] = await ctx.database.db.select().from(users)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: first!.username, password: 'a long enough password' },
    })
    const added = await register('colleague', cookieHeader(login))
    expect(added.statusCode).toBe(201)
    expect(Object.keys(added.json()).sort()).toEqual(['id', 'username'])
    expect((await register('colleague', cookieHeader(login))).statusCode).toBe(409)
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, added.json().id))
    expect(entry).toMatchObject({ action: 'create', entity: 'user', username: first!.username })
    expect(entry!.details).not.toContain('a long enough password')
  })

  it('refuses strangers before hashing their password: as cheap as a health check', async () => {
    const timeBurst = async (send: () => Promise<{ statusCode: number }>, expected: number) => {
      const started = performance.now()
      const answers = await Promise.all(Array.from({ length: 40 }, send))
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(expected))
      return performance.now() - started
    }
    // warm both paths first
    await timeBurst(() => ctx.app.inject({ url: '/api/health' }), 200)
    await timeBurst(() => register('stranger'), 403)
    const health = await timeBurst(() => ctx.app.inject({ url: '/api/health' }), 200)
    const refused = await timeBurst(() => register('stranger'), 403)
    console.log(`register refused: 40 parallel in ${refused.toFixed(0)} ms; health ${health.toFixed(0)} ms`)
    // Hashing 40 passwords (argon2id, 19 MiB each) takes the thread pool well over half a second.
    expect(refused).toBeLessThan(health * 3 + 100)
  })

  it('validates the body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'x', password: 'short' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(/password/)
  })
})
