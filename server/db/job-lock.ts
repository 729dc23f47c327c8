// A job that runs once at a time across every server process of a database (and within one): its
// lock is a row in job_locks, taken with one INSERT, so two processes asking at once cannot both
// win. The same SQL works on PGlite, where a session-level advisory lock would have to keep the only
// connection for the whole job. The holder refreshes the row while it works; a process that died
// holding it leaves a row that stops being refreshed, and after `staleMs` the next run takes it over.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from './client.ts'
import { jobLocks } from './schema.ts'

/** The lock a running job holds. */
export interface HeldLock {
  /**
   * Frees the lock inside `tx`: the job's last write (its "finished") and the freeing land together,
   * so nobody who sees the job finished is refused a new run. Freed at the job's end in any case.
   */
  release(tx: DbOrTx): Promise<void>
}

export interface JobLockTimes {
  /** How often the holder refreshes its row. */
  heartbeatMs: number
  /** A row not refreshed for this long is taken over. */
  staleMs: number
}

const JOB_LOCK_TIMES: JobLockTimes = { heartbeatMs: 30_000, staleMs: 5 * 60_000 }

/**
 * Runs `job` holding the lock `name`, or answers `{ ran: false }` at once when another run (in this
 * process or another) holds it.
 */
export async function withJobLock<T>(
  db: Db,
  name: string,
  job: (lock: HeldLock) => Promise<T>,
  times: JobLockTimes = JOB_LOCK_TIMES,
): Promise<{ ran: true; result: T } | { ran: false }> {
  const holder = randomUUID()
  const staleBefore = sql`now() - make_interval(secs => ${times.staleMs / 1000})`
  const taken = await db
    .insert(jobLocks)
    .values({ name, holder })
    .onConflictDoUpdate({
      target: jobLocks.name,
      set: { holder, acquiredAt: sql`now()`, heartbeatAt: sql`now()` },
      setWhere: sql`${jobLocks.heartbeatAt} < ${staleBefore}`,
    })
    .returning({ holder: jobLocks.holder })
  if (taken[0]?.holder !== holder) return { ran: false }

  const mine = and(eq(jobLocks.name, name), eq(jobLocks.holder, holder))
  const heartbeat = setInterval(() => {
    // A missed refresh only brings the takeover nearer; the next one may succeed.
    db.update(jobLocks)
      .set({ heartbeatAt: sql`now()` })
      .where(mine)
      .catch(() => {})
  }, times.heartbeatMs).unref()
  const lock: HeldLock = {
    release: async (tx) => {
      await tx.delete(jobLocks).where(mine)
    },
  }
  try {
    return { ran: true, result: await job(lock) }
  } finally {
    clearInterval(heartbeat)
    await db.delete(jobLocks).where(mine)
  }
}

/** Whether a live run holds the lock `name` now: its row exists and was refreshed within `staleMs`. */
export async function jobLockIsHeld(db: Db, name: string, staleMs: number = JOB_LOCK_TIMES.staleMs) {
  const [row] = await db
    .select({ name: jobLocks.name })
    .from(jobLocks)
    .where(
      and(eq(jobLocks.name, name), sql`${jobLocks.heartbeatAt} >= now() - make_interval(secs => ${staleMs / 1000})`),
    )
  return row !== undefined
}
