// Accounts and sessions: login with throttling, race-free first registration, session lifetimes.
import { normalizeIP } from '@fastify/rate-limit'
import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { CurrentUser } from '#shared/api/auth.ts'
import type { Db } from '../../db/client.ts'
import { AppError, forbidden, tooManyRequests } from '../../http/errors.ts'
import * as repo from './auth.repo.ts'
import { recordAudit } from '../audit/audit.service.ts'
import * as throttle from '../rate-limits/rate-limits.service.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { makeSetupCode, type SetupCode } from './first-run.ts'

/** A session ends after this long without a request … */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000
/** … and in any case this long after login. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000
/** Writing lastSeenAt on every request would turn every read into a write. */
const TOUCH_INTERVAL_MS = 60 * 1000

/** Failed logins allowed per client and per username within the window before 429. */
export const LOGIN_MAX_FAILURES = 10
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

const REGISTRATION_LOCK = 7_345_002
const registrationClosed = () => forbidden('Registration is closed: an administrator must be logged in to add users')
const firstUserRefused = () =>
  forbidden(
    'The first administrator can be registered only from the server itself or with the setup code the server printed at start (X-Setup-Code)',
  )

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function createSession(db: Db, userId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS)
  await repo.insertSession(db, hashSessionToken(token), userId, expiresAt)
  return { token, expiresAt }
}

/** The user behind a session token, or null when the session is unknown, expired or idle too long. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<CurrentUser | null> {
  const idHash = hashSessionToken(token)
  const row = await repo.findSessionUser(db, idHash, now, new Date(now.getTime() - SESSION_IDLE_MS))
  if (!row) return null
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(db, idHash, now)
  return { id: row.id, username: row.username }
}

export const endSession = (db: Db, token: string) => repo.deleteSession(db, hashSessionToken(token))

export const purgeExpiredSessions = (db: Db, now = new Date()) =>
  repo.deleteExpiredSessions(db, now, new Date(now.getTime() - SESSION_IDLE_MS))

const throttleKeys = (clientIp: string, username: string) => ({
  // An IPv6 client counts as its /64 network: fresh addresses from one network are not "clean".
  address: `login-address:${normalizeIP(clientIp)}`,
  username: `login-user:${username.toLowerCase()}`,
})

/**
 * Checks the password with throttling that strangers cannot turn against the administrator:
 * - every verification is counted before it starts, in the same statement that reads the counts,
 *   so a burst of parallel attempts cannot verify more passwords than the limit allows;
 * - an address with LOGIN_MAX_FAILURES failures is refused (429) whatever the username;
 * - a username with that many failures (from any addresses) is refused to addresses that have
 *   failed themselves, while an address without failures may still try it: the right password from
 *   a clean address logs in even while the name is attacked from elsewhere.
 * Refused and successful attempts take their count back, so only failures stay counted.
 */
export async function login(db: Db, username: string, password: string, clientIp: string) {
  const keys = throttleKeys(clientIp, username)
  const [address, name] = await throttle.hit(db, [keys.address, keys.username], LOGIN_WINDOW_MS)
  const addressBlocked = address!.hits > LOGIN_MAX_FAILURES
  const nameBlocked = name!.hits > LOGIN_MAX_FAILURES && address!.hits > 1
  if (addressBlocked || nameBlocked) {
    await throttle.release(db, [keys.address, keys.username])
    const waitMs = addressBlocked ? address!.ttlMs : name!.ttlMs
    throw tooManyRequests('Too many failed login attempts. Please try again in 15 minutes.', Math.ceil(waitMs / 1000))
  }
  const user = await repo.findUserByUsername(db, username)
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password)
  // A disabled account gets the same answer as a wrong password: no telling which names exist.
  if (!user || !ok || user.disabledAt !== null) throw new AppError(401, 'login_refused', 'Invalid username or password')
  await throttle.release(db, [keys.address, keys.username])
  await repo.recordLogin(db, user.id, new Date())
  return { id: user.id, username: user.username }
}

/** A setup code for this process while the site has no user yet (decision 058), else none. */
export async function setupCodeIfNoUser(db: Db): Promise<SetupCode | undefined> {
  return (await repo.countUsers(db)) === 0 ? makeSetupCode() : undefined
}

/** How a visitor's request for the very first user is judged (first-run.ts). */
export interface FirstUserRequest {
  /** The request came from the server's own machine, or carried this process's setup code. */
  allowed: boolean
  /** This process's setup code: forgotten as soon as a user is seen to exist. */
  setupCode: SetupCode | undefined
}

/**
 * Creates a user when an administrator asks, or the very first one for a request `firstUser`
 * allows. The check and the insert run under one lock so parallel first registrations create
 * exactly one user.
 */
export async function register(
  db: Db,
  username: string,
  password: string,
  admin: CurrentUser | null,
  firstUser: FirstUserRequest,
) {
  const byAdmin = admin !== null
  const closed = () => {
    firstUser.setupCode?.forget()
    return registrationClosed()
  }
  // A visitor is refused before the (deliberately slow) hashing, so repeated attempts cost no more
  // than a health check and leave nothing behind. The count is checked again under the lock.
  if (!byAdmin && (await repo.countUsers(db)) > 0) throw closed()
  if (!byAdmin && !firstUser.allowed) throw firstUserRefused()
  const passwordHash = await hashPassword(password)
  const user = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK})`)
    if (!byAdmin && (await repo.countUsers(tx)) > 0) {
      throw closed()
    }
    if (await repo.findUserByUsername(tx, username)) {
      throw new AppError(409, 'already_exists', 'A user with this username already exists')
    }
    const user = await repo.insertUser(tx, username, passwordHash)
    // An administrator adding a user is a change like any other; the very first user has nobody to name.
    if (admin) await recordAudit(tx, admin, 'create', 'user', user.id, { username })
    return user
  })
  firstUser.setupCode?.forget()
  return user
}

/**
 * Creates the user, or (with `resetPassword`) gives an existing one a new password, enables it if
 * it was disabled, and ends its sessions. Used by ADMIN_USERNAME/ADMIN_PASSWORD at start and by
 * `npm run user:create`.
 */
export async function ensureUser(
  db: Db,
  username: string,
  password: string,
  { resetPassword }: { resetPassword: boolean },
) {
  const passwordHash = await hashPassword(password)
  const inserted = await repo.insertUserIfAbsent(db, username, passwordHash)
  if (inserted) return { user: inserted, created: true }
  const existing = (await repo.findUserByUsername(db, username))!
  if (resetPassword) {
    // The operator's way back in: a reset also enables a disabled account.
    await db.transaction(async (tx) => {
      await repo.setPassword(tx, existing.id, passwordHash)
      await repo.enableUser(tx, existing.id)
      await repo.deleteUserSessions(tx, existing.id)
    })
  }
  return { user: { id: existing.id, username: existing.username }, created: false }
}
