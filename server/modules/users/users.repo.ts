// SQL for the users screen: the accounts with when each was last seen, and the writes that
// disable, enable, delete and re-password them (sessions included, in the caller's transaction).
import { and, asc, count, eq, isNull, max, ne, sql } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../../db/client.ts'
import { sessions, users } from '../../db/schema.ts'

const summaryColumns = {
  id: users.id,
  username: users.username,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
  // greatest() skips nulls: the last login, or a live session's later request.
  lastSeenAt: sql<Date | null>`greatest(${users.lastLoginAt}, ${max(sessions.lastSeenAt)})`.mapWith(users.lastLoginAt),
}

export async function listUsers(db: DbOrTx) {
  return db
    .select(summaryColumns)
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .groupBy(users.id)
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
}

export async function findUserSummary(db: DbOrTx, id: number) {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.id, id))
    .groupBy(users.id)
  return row
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  return row
}

/** The new user's id, or undefined when the name is taken. */
export async function insertUserIfAbsent(tx: Tx, username: string, passwordHash: string) {
  const [row] = await tx
    .insert(users)
    .values({ username, passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id })
  return row
}

/** Active (not disabled) users other than `exceptId`. */
export async function countOtherActiveUsers(tx: Tx, exceptId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(isNull(users.disabledAt), ne(users.id, exceptId)))
  return row?.n ?? 0
}

export async function setDisabledAt(tx: Tx, id: number, disabledAt: Date | null) {
  await tx.update(users).set({ disabledAt }).where(eq(users.id, id))
}

export async function deleteUser(tx: Tx, id: number) {
  await tx.delete(users).where(eq(users.id, id))
}

export async function setPasswordHash(tx: Tx, id: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, id))
}

/** Ends every session of the user, or every one but `keepIdHash`; answers how many ended. */
export async function deleteSessionsOf(tx: Tx, userId: number, keepIdHash?: string) {
  const ended = await tx
    .delete(sessions)
    .where(keepIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)) : eq(sessions.userId, userId))
    .returning({ idHash: sessions.idHash })
  return ended.length
}

const USER_ADMINISTRATION_LOCK = 7_345_015

/** Serialises the writes that could leave no active administrator (two admins disabling each other). */
export async function lockUserAdministration(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${USER_ADMINISTRATION_LOCK})`)
}
