// SQL for users and sessions (failed logins are counted in rate-limits.repo.ts).
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { sessions, users } from '../../db/schema.ts'

const publicUser = { id: users.id, username: users.username }

export async function findUserByUsername(db: DbOrTx, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username))
  return user
}

export async function countUsers(db: DbOrTx) {
  const [row] = await db.select({ n: count() }).from(users)
  return row?.n ?? 0
}

export async function insertUser(db: DbOrTx, username: string, passwordHash: string) {
  const [user] = await db.insert(users).values({ username, passwordHash }).returning(publicUser)
  return user!
}

/** Inserts the user unless one of that name exists (another process may be creating it right now). */
export async function insertUserIfAbsent(db: DbOrTx, username: string, passwordHash: string) {
  const [user] = await db.insert(users).values({ username, passwordHash }).onConflictDoNothing().returning(publicUser)
  return user
}

export async function setPassword(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

export async function insertSession(db: DbOrTx, idHash: string, userId: number, expiresAt: Date) {
  await db.insert(sessions).values({ idHash, userId, expiresAt })
}

/** The session's user, if the session exists, has not expired and was used within `idleSince`. */
export async function findSessionUser(db: DbOrTx, idHash: string, now: Date, idleSince: Date) {
  const [row] = await db
    .select({ id: users.id, username: users.username, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        // A disabled user's sessions are deleted with the disabling; this keeps them dead regardless.
        isNull(users.disabledAt),
      ),
    )
  return row
}

export async function recordLogin(db: DbOrTx, userId: number, now: Date) {
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId))
}

/** Lets an operator's password reset (`npm run user:create`) bring a disabled account back. */
export async function enableUser(db: DbOrTx, userId: number) {
  await db.update(users).set({ disabledAt: null }).where(eq(users.id, userId))
}

export async function touchSession(db: DbOrTx, idHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash))
}

export async function deleteSession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash))
}

export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date, idleSince: Date) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now} OR ${sessions.lastSeenAt} <= ${idleSince}`)
}
