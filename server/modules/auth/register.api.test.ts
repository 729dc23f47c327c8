import { describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { auditLog, users } from '../../db/schema.ts'
import { argon2Hashes } from '../../test/counting-argon2.ts'
import { cookieHeader, useTestApp } from '../../test/test-app.ts'

// Its own file: these tests need an empty database. inject() sends from 127.0.0.1 to `localhost`
// with no proxy header: the server's own machine, which may create the first user without the
// setup code (decision 058; first-run.api.test.ts has the rest).
const ctx = useTestApp()

/** Every password the app hashes is counted (the real argon2 still hashes it). */
vi.mock('@node-rs/argon2', async (real) => (await import('../../test/counting-argon2.ts')).countingArgon2(real))

const register = (username: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, password: 'a long enough password' },
    headers: cookie ? { cookie } : {},
  })

describe('registration', () => {
  it('from this machine, lets exactly one of 20 parallel first registrations through; the rest get 403', async () => {
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

  it('refuses strangers before hashing their password', async () => {
    // Forty at once, as a flood would send them: none costs a password hash (argon2id, 19 MiB).
    // Counted rather than timed: a timing bound flaked under CI load.
    const before = argon2Hashes.count
    const answers = await Promise.all(Array.from({ length: 40 }, () => register('stranger')))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(403))
    expect(argon2Hashes.count).toBe(before)
  })

  it('does hash the password of a user an administrator adds (the count above can see hashing)', async () => {
    const [first] = await ctx.database.db.select().from(users)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: first!.username, password: 'a long enough password' },
    })
    const before = argon2Hashes.count
    expect((await register('counted', cookieHeader(login))).statusCode).toBe(201)
    expect(argon2Hashes.count - before).toBe(1)
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
