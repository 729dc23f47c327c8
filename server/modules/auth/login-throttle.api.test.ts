// Login throttling seen from outside, with client addresses taken from X-Forwarded-For as behind a
// reverse proxy (TRUST_PROXY): bursts cannot verify more passwords than the limit, and strangers
// cannot lock the administrator out.
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/test-app.ts'
import { ensureUser, LOGIN_MAX_FAILURES } from './auth.service.ts'

const ctx = useTestApp({ trustProxy: true })

const login = (username: string, password: string, clientAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    headers: { 'x-forwarded-for': clientAddress },
  })

describe('login throttling', () => {
  it('verifies at most the limit of 50 parallel wrong passwords for one user from one address', async () => {
    await ensureUser(ctx.database.db, 'burst', 'correct horse battery', { resetPassword: false })
    const answers = await Promise.all(Array.from({ length: 50 }, () => login('burst', 'wrong', '198.51.100.7')))
    const statuses = answers.map((a) => a.statusCode)
    // 401 is a password that was verified and was wrong; 429 was refused before verifying.
    const verified = statuses.filter((s) => s === 401).length
    console.log(`login burst: 50 parallel wrong passwords, ${verified} verified, ${statuses.length - verified} refused`)
    expect(verified).toBeLessThanOrEqual(LOGIN_MAX_FAILURES)
    expect(verified).toBeGreaterThan(0)
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([])
    expect((await login('burst', 'correct horse battery', '198.51.100.7')).statusCode).toBe(429)
  })

  it('never fails a login with a server error under repeated parallel bursts', async () => {
    // Counting (two rows per attempt) and taking counts back ran into each other's row locks in
    // opposite orders; PostgreSQL broke the deadlock by failing requests with 500.
    const statuses: number[] = []
    for (let round = 0; round < 20; round++) {
      await ensureUser(ctx.database.db, `round-${round}`, 'correct horse battery', { resetPassword: false })
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          login(`round-${round}`, i % 2 ? 'wrong' : 'correct horse battery', `192.0.2.${round}`),
        ),
      )
      statuses.push(...answers.map((a) => a.statusCode))
    }
    expect(statuses.filter((s) => s !== 200 && s !== 401 && s !== 429)).toEqual([])
  })

  it('blocks an address after its failures, whatever the username, and no other address', async () => {
    await ensureUser(ctx.database.db, 'neighbour', 'correct horse battery', { resetPassword: false })
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(`guess-${i}`, 'wrong', '203.0.113.5')).statusCode).toBe(401)
    }
    const refused = await login('neighbour', 'correct horse battery', '203.0.113.5')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await login('neighbour', 'correct horse battery', '203.0.113.6')).statusCode).toBe(200)
  })

  it('lets the administrator in from a clean address while strangers attack the name from many', async () => {
    await ensureUser(ctx.database.db, 'admin', 'correct horse battery', { resetPassword: false })
    const attackers = Array.from({ length: 30 }, (_, i) => `192.0.2.${i + 1}`)
    for (const address of attackers) await login('admin', 'letmein', address)
    // every attacker that has failed is slowed down on this name, even with the right password …
    for (const address of attackers.slice(0, 5)) {
      expect((await login('admin', 'correct horse battery', address)).statusCode).toBe(429)
    }
    // … while the administrator, from an address without failures, logs in
    const admin = await login('admin', 'correct horse battery', '198.18.0.1')
    expect(admin.statusCode).toBe(200)
    expect(admin.json().username).toBe('admin')
    // and a success does not count as a failure: the same address logs in again and again
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++) {
      expect((await login('admin', 'correct horse battery', '198.18.0.1')).statusCode).toBe(200)
    }
  })

  it('treats fresh IPv6 addresses of one network as the same client', async () => {
    await ensureUser(ctx.database.db, 'v6target', 'correct horse battery', { resetPassword: false })
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login('v6target', 'wrong', `2001:db8:aa:bb::${i + 1}`)).statusCode).toBe(401)
    }
    expect((await login('v6target', 'correct horse battery', '2001:db8:aa:bb::99')).statusCode).toBe(429)
    expect((await login('v6target', 'correct horse battery', '2001:db8:ff::1')).statusCode).toBe(200)
  })
})
