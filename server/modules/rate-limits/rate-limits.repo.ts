// Fixed-window counters in the database (table rate_limits), so every server process counts the
// same hits. Counting and reading the count is one statement: parallel requests cannot overshoot.
// Rows are always locked in key order (sorted before the statement), and a release locks one row at
// a time, so two parallel requests can never wait for each other's rows (a deadlock, which
// PostgreSQL resolves by failing one of them).
import { lte, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { rateLimits } from '../../db/schema.ts'

export interface Hit {
  key: string
  /** Hits in the current window, this one included. */
  hits: number
  /** Milliseconds until the window ends. */
  ttlMs: number
}

/** Counts one hit on each key (a window that has ended starts again at 1) and returns the counts. */
export async function hit(db: DbOrTx, keys: string[], windowMs: number): Promise<Hit[]> {
  const inLockOrder = [...new Set(keys)].sort()
  const result = await db.execute<{ key: string; hits: number; ttl_ms: number }>(sql`
    INSERT INTO rate_limits (key, hits, reset_at)
    SELECT k, 1, now() + make_interval(secs => ${windowMs / 1000}) FROM unnest(${sql.param(inLockOrder)}::text[]) AS k ORDER BY k
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING key, hits, (extract(epoch FROM reset_at - now()) * 1000)::float8 AS ttl_ms`)
  const byKey = new Map(result.rows.map((row) => [row.key, row]))
  return keys.map((key) => {
    const row = byKey.get(key)!
    return { key, hits: Number(row.hits), ttlMs: Math.max(0, Number(row.ttl_ms)) }
  })
}

/** Takes back one hit from each key (a request that should not count after all). */
export async function release(db: DbOrTx, keys: string[]) {
  for (const key of new Set(keys)) {
    await db.execute(sql`UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = ${key} AND reset_at > now()`)
  }
}

export async function deleteExpired(db: DbOrTx) {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`))
}
