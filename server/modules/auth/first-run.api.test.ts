// The very first user of a fresh site (decision 058): only from the server's own machine, not through
// a proxy, or with this process's setup code. Its own file: these tests need an empty database.
// TRUST_PROXY is on, so Fastify itself would believe a forwarded 127.0.0.1: the refusal must not.
import { describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { sessions, users } from '../../db/schema.ts'
import { argon2Hashes } from '../../test/counting-argon2.ts'
import { cookieHeader, useTestApp } from '../../test/test-app.ts'
import { makeSetupCode } from './first-run.ts'

/** Every password the app hashes is counted (the real argon2 still hashes it). */
vi.mock('@node-rs/argon2', async (real) => (await import('../../test/counting-argon2.ts')).countingArgon2(real))

const setupCode = makeSetupCode()
const code = setupCode.current!
const ctx = useTestApp({ trustProxy: true, setupCode })

const register = (
  username: string,
  options: { headers?: Record<string, string>; remoteAddress?: string; setupCode?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      username,
      password: 'a long enough password',
      ...(options.setupCode === undefined ? {} : { setupCode: options.setupCode }),
    },
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })

const nothingWritten = async () => {
  expect(await ctx.database.db.select().from(users)).toHaveLength(0)
  expect(await ctx.database.db.select().from(sessions)).toHaveLength(0)
}

describe('the first registration', () => {
  it('is refused without the code when a proxy forwarded it, even from a loopback address', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
      { 'x-forwarded-proto': 'https' },
    ]
    for (const headers of forwarded) {
      const answer = await register('through-proxy', { headers })
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403)
      expect(answer.json()).toMatchObject({ code: 'forbidden', error: expect.stringMatching(/setup code/) })
    }
    await nothingWritten()
  })

  it('is refused without the code from another machine, or under a name that is not loopback', async () => {
    expect((await register('stranger', { remoteAddress: '198.51.100.4' })).statusCode).toBe(403)
    // A rebound DNS name that points at 127.0.0.1: the browser sends its own host name.
    expect((await register('rebound', { headers: { host: 'evil.example:3000' } })).statusCode).toBe(403)
    await nothingWritten()
  })

  it('is refused with a wrong code, in the header or the body, before anything is hashed', async () => {
    const proxied = { 'x-forwarded-for': '203.0.113.7' }
    const wrong = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`
    expect((await register('guess', { headers: { ...proxied, 'x-setup-code': wrong } })).statusCode).toBe(403)
    expect((await register('guess', { headers: proxied, setupCode: wrong })).statusCode).toBe(403)
    expect((await register('guess', { headers: proxied, setupCode: '' })).statusCode).toBe(403)
    // Forty at once, as a flood would send them: none costs a password hash (argon2id, 19 MiB).
    const before = argon2Hashes.count
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => register('guess', { headers: { ...proxied, 'x-setup-code': wrong } })),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(403))
    expect(argon2Hashes.count).toBe(before)
    await nothingWritten()
  })

  it('with the right code creates exactly one of 20 parallel registrations and logs it in', async () => {
    const before = argon2Hashes.count
    const typed = code.toLowerCase().replaceAll('-', ' ')
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(`first-${i}`, { headers: { 'x-forwarded-for': '203.0.113.7', 'x-setup-code': typed } }),
      ),
    )
    const created = answers.filter((a) => a.statusCode === 201)
    expect(created).toHaveLength(1)
    expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(19)
    expect(argon2Hashes.count - before, 'passwords hashed').toBeGreaterThan(0)
    expect(await ctx.database.db.select().from(users)).toHaveLength(1)
    const me = await ctx.app.inject({ url: '/api/user', headers: { cookie: cookieHeader(created[0]!) } })
    expect(me.json()).toEqual(created[0]!.json())
  })

  it('forgets the code once a user exists: neither it nor this machine registers anyone more', async () => {
    expect(setupCode.current).toBeUndefined()
    expect((await register('late', { headers: { 'x-setup-code': code } })).statusCode).toBe(403)
    expect((await register('late', { setupCode: code })).statusCode).toBe(403)
    expect((await register('late')).statusCode).toBe(403)
    expect(await ctx.database.db.select().from(users)).toHaveLength(1)
  })

  it('takes the code in the body too, on another process with a code of its own', async () => {
    // A fresh site again, served by a second app instance as a second server process would.
    await ctx.database.db.delete(sessions)
    await ctx.database.db.delete(users)
    const ownCode = makeSetupCode()
    const second = await buildApp({
      database: ctx.database,
      config: { sessionSecret: 'second-instance-secret-second-instance-0123', trustProxy: true, logLevel: 'silent' },
      logger: false,
      setupCode: ownCode,
    })
    try {
      const send = (setupCode: string) =>
        second.inject({
          method: 'POST',
          url: '/api/register',
          headers: { 'x-forwarded-for': '203.0.113.7' },
          payload: { username: 'second-first', password: 'a long enough password', setupCode },
        })
      // Each process knows only the code it printed.
      expect((await send(makeSetupCode().current!)).statusCode).toBe(403)
      await nothingWritten()
      expect((await send(ownCode.current!)).statusCode).toBe(201)
      expect(ownCode.current).toBeUndefined()
    } finally {
      await second.close()
    }
  })
})
