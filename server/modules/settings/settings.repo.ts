// Small server settings stored in the database (shared by every server process).
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { settings } from '../../db/schema.ts'

/** The stored value of `key`, creating it with `makeValue()` the first time (race-free across processes). */
export async function getOrCreateSetting(db: DbOrTx, key: string, makeValue: () => string) {
  await db.insert(settings).values({ key, value: makeValue() }).onConflictDoNothing()
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key))
  return row!.value
}

/** SESSION_SECRET when configured, otherwise one generated on first start and kept in the database. */
export const sessionSecret = (db: DbOrTx, configured: string | undefined) =>
  configured
    ? Promise.resolve(configured)
    : getOrCreateSetting(db, 'session_secret', () => randomBytes(48).toString('base64url'))
