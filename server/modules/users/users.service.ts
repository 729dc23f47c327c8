// The rules of the users screen: never leave the site without an active administrator, end a
// disabled user's sessions in the same transaction, ask for the current password before a new
// one, and record every change in the audit log (never a password).
import type { CurrentUser } from '#shared/api/auth.ts'
import type { NewUserInput, PasswordChangeInput, UserSummary } from '#shared/api/users.ts'
import type { Db, Tx } from '../../db/client.ts'
import { AppError, notFound, tooManyRequests } from '../../http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { hashSessionToken, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../auth/auth.service.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import * as throttle from '../rate-limits/rate-limits.service.ts'
import * as repo from './users.repo.ts'
import { toSummary } from './users.presenter.ts'

export const lastAdministratorMessage = (what: 'disabled' | 'deleted') =>
  `The last active administrator cannot be ${what}: add or enable another administrator first`

export async function listUsers(db: Db): Promise<UserSummary[]> {
  return (await repo.listUsers(db)).map(toSummary)
}

async function summaryOf(db: Db, id: number) {
  const row = await repo.findUserSummary(db, id)
  if (!row) throw notFound('User')
  return toSummary(row)
}

export async function addUser(db: Db, actor: CurrentUser, input: NewUserInput) {
  const passwordHash = await hashPassword(input.password)
  const id = await db.transaction(async (tx) => {
    const inserted = await repo.insertUserIfAbsent(tx, input.username, passwordHash)
    if (!inserted) throw new AppError(409, 'already_exists', 'A user with this username already exists')
    await recordAudit(tx, actor, 'create', 'user', inserted.id, { username: input.username })
    return inserted.id
  })
  return summaryOf(db, id)
}

/** Refuses when the user is active and no other active user would remain. */
async function keepOneActive(tx: Tx, target: { id: number; disabledAt: Date | null }, what: 'disabled' | 'deleted') {
  if (target.disabledAt !== null) return
  if ((await repo.countOtherActiveUsers(tx, target.id)) === 0) {
    throw new AppError(409, 'last_administrator', lastAdministratorMessage(what))
  }
}

/** Disables (ending every session at once) or enables a user; asking for the state it has is a no-op. */
export async function setDisabled(db: Db, actor: CurrentUser, id: number, disabled: boolean) {
  await db.transaction(async (tx) => {
    await repo.lockUserAdministration(tx)
    const target = await repo.findUser(tx, id)
    if (!target) throw notFound('User')
    if (disabled === (target.disabledAt !== null)) return
    if (disabled) {
      await keepOneActive(tx, target, 'disabled')
      await repo.setDisabledAt(tx, id, new Date())
      const endedSessions = await repo.deleteSessionsOf(tx, id)
      await recordAudit(tx, actor, 'disable', 'user', id, { username: target.username, endedSessions })
    } else {
      await repo.setDisabledAt(tx, id, null)
      await recordAudit(tx, actor, 'enable', 'user', id, { username: target.username })
    }
  })
  return summaryOf(db, id)
}

export async function deleteUser(db: Db, actor: CurrentUser, id: number) {
  await db.transaction(async (tx) => {
    await repo.lockUserAdministration(tx)
    const target = await repo.findUser(tx, id)
    if (!target) throw notFound('User')
    await keepOneActive(tx, target, 'deleted')
    // Recorded first: the entry names the actor, who may be the user deleted (then set null).
    await recordAudit(tx, actor, 'delete', 'user', id, { username: target.username })
    await repo.deleteUser(tx, id)
  })
}

const passwordChangeKey = (userId: number) => `password-change:${userId}`

/**
 * Sets a new password for the logged-in user after checking the current one. Wrong guesses are
 * throttled like logins (a session left open must not become a way to try passwords). Every other
 * session of the user ends; the one asking stays.
 */
export async function changeOwnPassword(db: Db, actor: CurrentUser, sessionToken: string, input: PasswordChangeInput) {
  const key = passwordChangeKey(actor.id)
  const [counter] = await throttle.hit(db, [key], LOGIN_WINDOW_MS)
  if (counter!.hits > LOGIN_MAX_FAILURES) {
    await throttle.release(db, [key])
    throw tooManyRequests('Too many wrong passwords. Please try again in 15 minutes.', Math.ceil(counter!.ttlMs / 1000))
  }
  const user = await repo.findUser(db, actor.id)
  if (!user) throw notFound('User')
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(400, 'wrong_current_password', 'The current password is not correct', [
      { path: '/currentPassword', message: 'The current password is not correct' },
    ])
  }
  await throttle.release(db, [key])
  const passwordHash = await hashPassword(input.newPassword)
  const endedSessions = await db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, actor.id, passwordHash)
    const ended = await repo.deleteSessionsOf(tx, actor.id, hashSessionToken(sessionToken))
    await recordAudit(tx, actor, 'change-password', 'user', actor.id, { endedSessions: ended })
    return ended
  })
  return { ok: true as const, endedSessions }
}
