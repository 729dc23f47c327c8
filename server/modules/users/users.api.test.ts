// The users screen's API on both databases: who may call it, the last active administrator, a
// disabled user's sessions ending at once, and changing one's own password.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, sessions, users } from '../../db/schema.ts'
import { cookieHeader, loginAs, useTestApp } from '../../test/test-app.ts'
import { ensureUser } from '../auth/auth.service.ts'

const ctx = useTestApp()
const PASSWORD = 'correct horse battery'

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) })

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })

async function userId(username: string) {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return row!.id
}

async function auditFor(entityId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.entity} = 'user' AND ${auditLog.entityId} = ${entityId}`)
    .orderBy(auditLog.id)
}

/** Whether the cookie's session still lets its holder into the admin API. */
async function sessionWorks(cookie: string) {
  const response = await call('GET', '/api/admin/users', cookie)
  if (response.statusCode === 401) return false
  expect(response.statusCode).toBe(200)
  return true
}

describe('users API access', () => {
  it('answers visitors 401 on every route, before reading the body', async () => {
    const answers = await Promise.all([
      call('GET', '/api/admin/users'),
      call('POST', '/api/admin/users', undefined, { username: 'x', password: PASSWORD }),
      call('PATCH', '/api/admin/users/1', undefined, { disabled: true }),
      call('DELETE', '/api/admin/users/1'),
      call('POST', '/api/admin/password', undefined, { currentPassword: 'a', newPassword: PASSWORD }),
    ])
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401])
    for (const answer of answers)
      expect(answer.json()).toEqual({ error: 'Authentication required', code: 'unauthenticated' })
  })
})

describe('listing and adding users', () => {
  it('lists every user with when they were last seen, never a password hash', async () => {
    const cookie = await loginAs(ctx, 'lister')
    const response = await call('GET', '/api/admin/users', cookie)
    expect(response.statusCode).toBe(200)
    const lister = response.json().find((u: { username: string }) => u.username === 'lister')
    expect(Object.keys(lister).sort()).toEqual(['createdAt', 'disabled', 'disabledAt', 'id', 'lastSeenAt', 'username'])
    expect(lister.disabled).toBe(false)
    expect(Date.now() - Date.parse(lister.lastSeenAt)).toBeLessThan(60_000)
    expect(response.body).not.toMatch(/argon2|passwordHash/)
  })

  it('adds an administrator who can log in, records it without the password, refuses a taken name', async () => {
    const cookie = await loginAs(ctx, 'adder')
    const added = await call('POST', '/api/admin/users', cookie, {
      username: 'newcomer',
      password: 'a new long password',
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ username: 'newcomer', disabled: false, lastSeenAt: null })
    expect((await login('newcomer', 'a new long password')).statusCode).toBe(200)

    const [entry] = await auditFor(added.json().id)
    expect(entry).toMatchObject({ action: 'create', username: 'adder' })
    expect(JSON.parse(entry!.details!)).toEqual({ username: 'newcomer' })

    const again = await call('POST', '/api/admin/users', cookie, { username: 'newcomer', password: 'another password' })
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatch(/already exists/)
    const short = await call('POST', '/api/admin/users', cookie, { username: 'shorty', password: 'short' })
    expect(short.statusCode).toBe(400)
    expect(short.json().error).toMatch(/password/)
    const auditText = JSON.stringify(await ctx.database.db.select().from(auditLog))
    expect(auditText).not.toContain('a new long password')
  })
})

describe('disabling and enabling', () => {
  it("ends a disabled user's sessions at once and keeps them out with the neutral login error", async () => {
    const admin = await loginAs(ctx, 'disabler')
    const victim = await loginAs(ctx, 'victim')
    const victimId = await userId('victim')
    expect(await sessionWorks(victim)).toBe(true)

    const disabled = await call('PATCH', `/api/admin/users/${victimId}`, admin, { disabled: true })
    expect(disabled.statusCode).toBe(200)
    expect(disabled.json()).toMatchObject({ id: victimId, disabled: true })
    expect(disabled.json().disabledAt).not.toBeNull()
    // the very next request of the disabled user is refused
    expect(await sessionWorks(victim)).toBe(false)
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, victimId))).toEqual([])

    const refused = await login('victim', PASSWORD)
    const wrong = await login('victim', 'not the password')
    expect(refused.statusCode).toBe(401)
    expect(refused.json()).toEqual({ error: 'Invalid username or password', code: 'login_refused' })
    expect(wrong.json()).toEqual(refused.json())

    const enabled = await call('PATCH', `/api/admin/users/${victimId}`, admin, { disabled: false })
    expect(enabled.json()).toMatchObject({ disabled: false, disabledAt: null })
    expect((await login('victim', PASSWORD)).statusCode).toBe(200)

    const entries = await auditFor(victimId)
    expect(entries.map((e) => e.action)).toEqual(['disable', 'enable'])
    expect(entries.every((e) => e.username === 'disabler')).toBe(true)
  })

  it('answers 404 for an unknown user and 400 for a malformed id or body', async () => {
    const admin = await loginAs(ctx, 'checker')
    expect((await call('PATCH', '/api/admin/users/999999', admin, { disabled: true })).statusCode).toBe(404)
    expect((await call('PATCH', '/api/admin/users/abc', admin, { disabled: true })).statusCode).toBe(400)
    const noFlag = await call('PATCH', `/api/admin/users/${await userId('checker')}`, admin, { disabled: 'yes' })
    expect(noFlag.statusCode).toBe(400)
    expect(noFlag.json().error).toMatch(/disabled/)
    expect((await call('DELETE', '/api/admin/users/999999', admin)).statusCode).toBe(404)
  })
})

describe("the operators' ways in", () => {
  it('lets `npm run user:create` (a password reset) enable a disabled user; the start-up admin leaves it', async () => {
    const admin = await loginAs(ctx, 'operator-check')
    await ensureUser(ctx.database.db, 'locked-out', PASSWORD, { resetPassword: false })
    await call('PATCH', `/api/admin/users/${await userId('locked-out')}`, admin, { disabled: true })
    // ADMIN_USERNAME/ADMIN_PASSWORD at start: an existing user is left as it is
    await ensureUser(ctx.database.db, 'locked-out', PASSWORD, { resetPassword: false })
    expect((await login('locked-out', PASSWORD)).statusCode).toBe(401)
    // user:create resets the password and brings the account back
    await ensureUser(ctx.database.db, 'locked-out', 'a reset password', { resetPassword: true })
    expect((await login('locked-out', 'a reset password')).statusCode).toBe(200)
  })
})

describe('deleting', () => {
  it('deletes a user, ends their sessions and records who did it', async () => {
    const admin = await loginAs(ctx, 'deleter')
    const leaving = await loginAs(ctx, 'leaving')
    const leavingId = await userId('leaving')
    const book = await call('POST', '/api/books', leaving, { title: 'Left behind', order: 0 })
    expect(book.statusCode).toBe(201)
    const response = await call('DELETE', `/api/admin/users/${leavingId}`, admin)
    expect(response.statusCode).toBe(204)
    expect(await sessionWorks(leaving)).toBe(false)
    expect((await login('leaving', PASSWORD)).statusCode).toBe(401)
    const list = (await call('GET', '/api/admin/users', admin)).json() as { username: string }[]
    expect(list.map((u) => u.username)).not.toContain('leaving')
    const [entry] = await auditFor(leavingId)
    expect(entry).toMatchObject({ action: 'delete', username: 'deleter' })
    expect(JSON.parse(entry!.details!)).toEqual({ username: 'leaving' })
    // what they did stays, and the log still names them
    expect((await call('GET', `/api/books/${book.json().id}`, admin)).statusCode).toBe(200)
    const [created] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'book' AND ${auditLog.entityId} = ${book.json().id}`)
    expect(created).toMatchObject({ action: 'create', username: 'leaving', userId: null })
  })
})

describe('the last active administrator', () => {
  it('cannot be disabled or deleted, by themselves or anyone, until another is active', async () => {
    const last = await loginAs(ctx, 'last-one')
    const lastId = await userId('last-one')
    const other = await loginAs(ctx, 'other-one')
    const otherId = await userId('other-one')
    // everyone else is disabled already
    await ctx.database.db.execute(
      sql`UPDATE users SET disabled_at = now() WHERE username NOT IN ('last-one', 'other-one')`,
    )
    // other-one disables themselves: allowed, last-one remains
    expect((await call('PATCH', `/api/admin/users/${otherId}`, other, { disabled: true })).statusCode).toBe(200)
    expect(await sessionWorks(other)).toBe(false)

    for (const [method, payload] of [
      ['PATCH', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(method, `/api/admin/users/${lastId}`, last, payload)
      expect(refused.statusCode).toBe(409)
      expect(refused.json().error).toMatch(/last active administrator/)
    }
    expect(await sessionWorks(last)).toBe(true)

    // a disabled user may be deleted even now: it is not active
    const disabledOne = await loginAs(ctx, 'spare')
    expect(await sessionWorks(disabledOne)).toBe(true)
    await call('PATCH', `/api/admin/users/${await userId('spare')}`, last, { disabled: true })
    expect((await call('DELETE', `/api/admin/users/${await userId('spare')}`, last)).statusCode).toBe(204)

    // with another active administrator, last-one may leave
    await call('PATCH', `/api/admin/users/${otherId}`, last, { disabled: false })
    expect((await call('PATCH', `/api/admin/users/${lastId}`, last, { disabled: true })).statusCode).toBe(200)
    expect(await sessionWorks(last)).toBe(false)
    await ctx.database.db.execute(sql`UPDATE users SET disabled_at = NULL`)
  })

  it('keeps one active even when two administrators disable each other at the same moment', async () => {
    const a = await loginAs(ctx, 'race-a')
    const b = await loginAs(ctx, 'race-b')
    await ctx.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE username NOT IN ('race-a', 'race-b')`)
    const [first, second] = await Promise.all([
      call('PATCH', `/api/admin/users/${await userId('race-b')}`, a, { disabled: true }),
      call('PATCH', `/api/admin/users/${await userId('race-a')}`, b, { disabled: true }),
    ])
    const statuses = [first!.statusCode, second!.statusCode]
    // the second is refused as the last one, or (its session just ended) as nobody
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    const [active] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`disabled_at IS NULL`)
    expect(active!.n).toBe(1)
    await ctx.database.db.execute(sql`UPDATE users SET disabled_at = NULL`)
  })
})

describe("changing one's own password", () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const here = await loginAs(ctx, 'changer')
    const elsewhere = cookieHeader(await login('changer', PASSWORD))
    const changerId = await userId('changer')

    const wrong = await call('POST', '/api/admin/password', here, {
      currentPassword: 'not it',
      newPassword: 'a brand new password',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toBe('The current password is not correct')
    expect(await sessionWorks(elsewhere)).toBe(true)
    expect((await login('changer', PASSWORD)).statusCode).toBe(200)

    const short = await call('POST', '/api/admin/password', here, { currentPassword: PASSWORD, newPassword: 'short' })
    expect(short.statusCode).toBe(400)
    expect(short.json().error).toMatch(/newPassword/)

    const changed = await call('POST', '/api/admin/password', here, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
    })
    expect(changed.statusCode).toBe(200)
    // the other browser's session and the one opened by the login check above
    expect(changed.json()).toEqual({ ok: true, endedSessions: 2 })
    expect(await sessionWorks(here)).toBe(true)
    expect(await sessionWorks(elsewhere)).toBe(false)
    expect((await login('changer', PASSWORD)).statusCode).toBe(401)
    expect((await login('changer', 'a brand new password')).statusCode).toBe(200)

    const entries = await auditFor(changerId)
    expect(entries.map((e) => e.action)).toEqual(['change-password'])
    expect(entries[0]!.details).not.toMatch(/brand new|horse/)
  })

  it('throttles wrong current passwords like logins', async () => {
    const cookie = await loginAs(ctx, 'guesser')
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      const answer = await call('POST', '/api/admin/password', cookie, {
        currentPassword: `guess ${i}`,
        newPassword: 'whatever password',
      })
      statuses.push(answer.statusCode)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400))
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})
