// HSTS and the Secure session cookie behind a TLS-terminating reverse proxy: only when the request
// really arrived over HTTPS (X-Forwarded-Proto from a trusted proxy), never over plain HTTP, so
// `npm start` on http://127.0.0.1 keeps working.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { ensureUser } from '../modules/auth/auth.service.ts'
import { useTestApp, type TestContext } from '../test/test-app.ts'

// TRUST_PROXY=1, as README's production example has it: the one proxy in front is trusted.
const behindProxy = useTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy })
const direct = useTestApp()
const trustsOtherProxy = useTestApp({ trustProxy: ['10.0.0.1'] })
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-client-'))
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>')
const withClient = useTestApp({ clientDir })
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

const HTTPS = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'teachings.example.ee' }
const USER = { username: 'proxied', password: 'correct horse battery' }

async function loginThrough(ctx: TestContext, headers: Record<string, string>) {
  await ensureUser(ctx.database.db, USER.username, USER.password, { resetPassword: false })
  const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: USER, headers })
  expect(response.statusCode).toBe(200)
  return response
}

const sessionCookie = (response: { headers: Record<string, unknown> }) => {
  const raw = response.headers['set-cookie']
  const cookies = Array.isArray(raw) ? raw.map(String) : [String(raw)]
  const cookie = cookies.find((c) => c.startsWith('session='))
  expect(cookie).toBeDefined()
  return cookie!
}

describe('behind a trusted proxy (TRUST_PROXY set)', () => {
  it('sends Strict-Transport-Security on requests that arrived over HTTPS, errors and pages alike', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/content/999999']) {
      const response = await behindProxy.app.inject({ url, headers: HTTPS })
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('marks the session cookie Secure (and clears it Secure at logout) over HTTPS', async () => {
    const login = await loginThrough(behindProxy, { ...HTTPS, origin: 'https://teachings.example.ee' })
    const cookie = sessionCookie(login)
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/;\s*HttpOnly/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax/i)
    const value = cookie.split(';')[0]!
    const user = await behindProxy.app.inject({ url: '/api/user', headers: { ...HTTPS, cookie: value } })
    expect(user.statusCode).toBe(200)
    const logout = await behindProxy.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...HTTPS, cookie: value },
    })
    expect(logout.statusCode).toBe(200)
    expect(sessionCookie(logout)).toMatch(/;\s*Secure/i)
  })

  it('sends no HSTS and no Secure flag over plain HTTP (no X-Forwarded-Proto, or http)', async () => {
    const plain: Record<string, string>[] = [{}, { 'x-forwarded-proto': 'http' }]
    for (const headers of plain) {
      const health = await behindProxy.app.inject({ url: '/api/health', headers })
      expect(health.headers['strict-transport-security']).toBeUndefined()
      const login = await loginThrough(behindProxy, headers)
      expect(sessionCookie(login)).not.toMatch(/Secure/i)
    }
  })
})

describe('without a trusted proxy', () => {
  it('plain HTTP (npm start on localhost): no HSTS, a cookie without Secure', async () => {
    const health = await direct.app.inject({ url: '/api/health' })
    expect(health.headers['strict-transport-security']).toBeUndefined()
    const login = await loginThrough(direct, {})
    expect(sessionCookie(login)).not.toMatch(/Secure/i)
  })

  it('ignores a forged X-Forwarded-Proto when TRUST_PROXY is unset', async () => {
    const health = await direct.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })
    expect(health.headers['strict-transport-security']).toBeUndefined()
    const login = await loginThrough(direct, { 'x-forwarded-proto': 'https' })
    expect(sessionCookie(login)).not.toMatch(/Secure/i)
  })

  it('ignores X-Forwarded-Proto from an address that is not the configured proxy', async () => {
    const fromStranger = await trustsOtherProxy.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '192.0.2.7',
    })
    expect(fromStranger.headers['strict-transport-security']).toBeUndefined()
    const fromProxy = await trustsOtherProxy.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '10.0.0.1',
    })
    expect(fromProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  })
})

describe('helmet headers, worked out once', () => {
  it('sends the same strict headers on answers, errors and pages', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/api/content/999999/chunks?chunk=0']) {
      const response = await direct.app.inject({ url })
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;connect-src 'self';manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      )
      expect(response.headers).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      })
      expect(response.headers['strict-transport-security']).toBeUndefined()
    }
  })
})

describe('Cross-Origin-Opener-Policy on pages (decision 039)', () => {
  it("keeps it on the administrator's screens, the login and any path that is not a visitor's page", async () => {
    for (const url of [
      '/admin',
      '/admin/books',
      '/ADMIN/content/edit/3?section=x',
      '/auth',
      '/auth?next=/admin',
      '/%61dmin',
      '//admin',
      '/content/../admin',
      '/content/1/',
      '/Content/1',
      '/content/01',
      '/no-such-page',
      '/administrator',
    ]) {
      // the page shell mostly, whatever the answer: COOP is never taken off it
      const response = await withClient.app.inject({ url })
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin')
    }
  })

  it("leaves it out of the visitors' pages, which keep every other strict header", async () => {
    for (const url of ['/', '/content/1', '/lexicon', '/term/2', '/book/3', '/chapter/4', '/otsing?q=x']) {
      const response = await withClient.app.inject({ url })
      expect(response.headers['content-type'], url).toMatch(/^text\/html/)
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined()
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(response.headers['x-frame-options'], url).toBe('DENY')
    }
  })

  it('keeps it on every API answer', async () => {
    const response = await withClient.app.inject({ url: '/api/health' })
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
  })
})
