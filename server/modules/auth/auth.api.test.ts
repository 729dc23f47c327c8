import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions } from '../../db/schema.ts'
import { cookieHeader, loginAs, useTestApp } from '../../test/test-app.ts'
import { ensureUser, LOGIN_MAX_FAILURES } from './auth.service.ts'

const ctx = useTestApp()
const SAME_ORIGIN = 'http://localhost:80'

async function login(username: string, password: string, extra: { remoteAddress?: string; origin?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: extra.remoteAddress,
    headers: extra.origin ? { origin: extra.origin } : {},
  })
}

/** What GET /api/user answers: the user (200), or null for nobody (401, as the product spec says). */
async function currentUser(cookie: string) {
  const response = await ctx.app.inject({ url: '/api/user', headers: { cookie } })
  if (response.statusCode === 401) {
    expect(response.json()).toHaveProperty('error')
    return null
  }
  expect(response.statusCode).toBe(200)
  return response.json() as { id: number; username: string }
}

/** The Set-Cookie of an answer, by cookie name. */
const setCookies = (response: { headers: Record<string, unknown> }) =>
  new Map(
    [response.headers['set-cookie'] ?? []].flat().map((line) => [String(line).split('=')[0]!, String(line)] as const),
  )

describe('health', () => {
  it('answers 200 {status: ok} when the database is reachable', async () => {
    const response = await ctx.app.inject({ url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', version: expect.any(String), database: 'ok' })
  })
})

describe('current user', () => {
  it('is 401 with a JSON error when nobody is logged in (product spec §6), kept by no cache', async () => {
    const response = await ctx.app.inject({ url: '/api/user' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toEqual({ error: 'Not logged in', code: 'unauthenticated' })
    expect(response.headers['cache-control']).toBe('no-store')
    // A visitor without cookies is told nothing else: no cookie is set or cleared.
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('clears a dead session cookie and the signed-in hint, and a hint without a session', async () => {
    const cookie = await loginAs(ctx, 'gone-session')
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    for (const sent of [cookie, 'signed_in=1']) {
      const response = await ctx.app.inject({ url: '/api/user', headers: { cookie: sent } })
      expect(response.statusCode).toBe(401)
      const cleared = setCookies(response)
      expect(cleared.get('signed_in')).toMatch(/Expires=Thu, 01 Jan 1970/)
      if (sent === cookie) expect(cleared.get('session')).toMatch(/Expires=Thu, 01 Jan 1970/)
      expect(response.headers['cache-control']).toBe('private, no-store')
    }
    // Any API request does it, not only GET /api/user.
    const books = await ctx.app.inject({ url: '/api/books', headers: { cookie } })
    expect(books.statusCode).toBe(200)
    expect(setCookies(books).get('session')).toMatch(/Expires=Thu, 01 Jan 1970/)
  })

  it('is the logged-in user, without the password hash', async () => {
    const cookie = await loginAs(ctx, 'reader-admin')
    const response = await ctx.app.inject({ url: '/api/user', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    expect(Object.keys(response.json()).sort()).toEqual(['id', 'username'])
    expect(response.json().username).toBe('reader-admin')
  })
})

describe('login', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and a new session id at every login', async () => {
    await ensureUser(ctx.database.db, 'twice', 'correct horse battery', { resetPassword: false })
    const first = await login('twice', 'correct horse battery')
    expect(first.statusCode).toBe(200)
    const setCookie = setCookies(first).get('session')
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    expect(setCookie).not.toMatch(/Secure/i)
    // Beside it the signed-in hint: readable by scripts, no secret in it, the same lifetime.
    const hint = setCookies(first).get('signed_in')
    expect(hint).toMatch(/^signed_in=1;/)
    expect(hint).not.toMatch(/HttpOnly/i)
    expect(hint).toMatch(/SameSite=Lax/i)
    expect(hint).toMatch(/Path=\//)
    expect(hint!.match(/Max-Age=\d+/)?.[0]).toBe(setCookie!.match(/Max-Age=\d+/)?.[0])
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'twice', password: 'correct horse battery' },
      headers: { cookie: cookieHeader(first) },
    })
    expect(cookieHeader(second)).not.toBe(cookieHeader(first))
    // the session the browser had before is over
    const old = await ctx.app.inject({ url: '/api/user', headers: { cookie: cookieHeader(first) } })
    expect(old.statusCode).toBe(401)
  })

  it('stores only a hash of the session id', async () => {
    const cookie = await loginAs(ctx, 'hashed')
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!
    const rows = await ctx.database.db.select().from(sessions)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((row) => row.idHash === token)).toBe(false)
  })

  it('refuses a wrong password and an unknown user alike with 401', async () => {
    await ensureUser(ctx.database.db, 'alice', 'correct horse battery', { resetPassword: false })
    const wrong = await login('alice', 'wrong password', { remoteAddress: '10.0.0.1' })
    const unknown = await login('nobody', 'wrong password', { remoteAddress: '10.0.0.1' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ error: 'Invalid username or password', code: 'login_refused' })
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('answers 400 naming the field for a malformed body', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'a' } })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(/password/)
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    })
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toHaveProperty('error')
  })

  it('slows a username down after failures from many clients, for clients that failed themselves', async () => {
    await ensureUser(ctx.database.db, 'target', 'correct horse battery', { resetPassword: false })
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const response = await login('target', 'nope', { remoteAddress: `10.1.0.${i + 1}` })
      expect(response.statusCode).toBe(401)
    }
    const blocked = await login('target', 'correct horse battery', { remoteAddress: '10.1.0.1' })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toMatch(/Too many/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // a client without failures still gets in with the right password
    expect((await login('target', 'correct horse battery', { remoteAddress: '10.1.1.1' })).statusCode).toBe(200)
  })

  it('throttles failures per client, whatever the username', async () => {
    await ensureUser(ctx.database.db, 'bob', 'correct horse battery', { resetPassword: false })
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(`guess-${i}`, 'nope', { remoteAddress: '10.2.0.1' })).statusCode).toBe(401)
    }
    expect((await login('bob', 'correct horse battery', { remoteAddress: '10.2.0.1' })).statusCode).toBe(429)
    // another client is not affected
    expect((await login('bob', 'correct horse battery', { remoteAddress: '10.2.0.2' })).statusCode).toBe(200)
  })

  it('does not count successful logins', async () => {
    await ensureUser(ctx.database.db, 'often', 'correct horse battery', { resetPassword: false })
    for (let i = 0; i < LOGIN_MAX_FAILURES + 5; i++) {
      expect((await login('often', 'correct horse battery', { remoteAddress: '10.3.0.1' })).statusCode).toBe(200)
    }
  })

  it('refuses a cross-site Origin with 403 and accepts its own', async () => {
    await ensureUser(ctx.database.db, 'carol', 'correct horse battery', { resetPassword: false })
    const foreign = await login('carol', 'correct horse battery', { origin: 'https://evil.example' })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toEqual({ error: 'Cross-site request refused', code: 'forbidden' })
    expect((await login('carol', 'correct horse battery', { origin: 'null' })).statusCode).toBe(403)
    expect((await login('carol', 'correct horse battery', { origin: SAME_ORIGIN })).statusCode).toBe(200)
  })
})

describe('logout', () => {
  it('deletes the session row so the cookie stops working', async () => {
    const cookie = await loginAs(ctx, 'dave')
    const before = await ctx.database.db.select().from(sessions)
    const response = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const after = await ctx.database.db.select().from(sessions)
    expect(after.length).toBe(before.length - 1)
    // Both cookies end in the browser.
    expect(setCookies(response).get('session')).toMatch(/Expires=Thu, 01 Jan 1970/)
    expect(setCookies(response).get('signed_in')).toMatch(/Expires=Thu, 01 Jan 1970/)
    expect(await currentUser(cookie)).toBeNull()
  })

  it('is harmless without a session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200)
  })
})

describe('session expiry', () => {
  it('ends a session that has been idle too long', async () => {
    const cookie = await loginAs(ctx, 'idle')
    await ctx.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '25 hours'`)
    expect(await currentUser(cookie)).toBeNull()
  })

  it('ends a session past its absolute lifetime even when in use', async () => {
    const cookie = await loginAs(ctx, 'old')
    await ctx.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`)
    expect(await currentUser(cookie)).toBeNull()
  })

  it('ignores a cookie whose signature was tampered with', async () => {
    const cookie = await loginAs(ctx, 'tamper')
    const session = cookie.split('; ').find((pair) => pair.startsWith('session='))!
    const forged = session.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect(await currentUser(forged)).toBeNull()
  })
})

describe('the guard', () => {
  it('refuses unauthenticated writes and admin reads with 401', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/books', payload: {} })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/books/1' })).statusCode).toBe(401)
    expect((await ctx.app.inject({ url: '/api/admin/terms' })).statusCode).toBe(401)
  })

  it('answers unknown API paths with a JSON 404 for a logged-in user', async () => {
    const cookie = await loginAs(ctx, 'erin')
    const response = await ctx.app.inject({ url: '/api/no-such-thing', headers: { cookie } })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toHaveProperty('error')
  })
})

describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors none, nosniff and a referrer policy', async () => {
    const response = await ctx.app.inject({ url: '/api/health' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})
