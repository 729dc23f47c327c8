// SQL for background jobs (the jobs table): one row per run, its progress written as it goes.
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { jobs } from '../../../db/schema.ts'

export type JobRow = typeof jobs.$inferSelect

export async function insertJob(
  db: DbOrTx,
  values: { kind: string; startedBy: number; startedByName: string; total?: number },
) {
  const [row] = await db.insert(jobs).values(values).returning()
  return row!
}

export async function updateProgress(
  db: DbOrTx,
  id: number,
  progress: { total?: number; done: number; failedIds: number[] },
) {
  await db
    .update(jobs)
    .set({ ...progress, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
}

export async function endJob(
  db: DbOrTx,
  id: number,
  end: { state: 'finished' | 'failed' | 'interrupted'; done: number; failedIds: number[]; message: string },
) {
  await db
    .update(jobs)
    .set({ ...end, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'running')))
}

/** Runs of `kind` still marked running, other than `except`: their process stopped (see reprocess.service.ts). */
export async function interruptRunning(db: DbOrTx, kind: string, except?: number) {
  await db
    .update(jobs)
    .set({ state: 'interrupted', finishedAt: sql`now()` })
    .where(and(eq(jobs.kind, kind), eq(jobs.state, 'running'), except === undefined ? undefined : ne(jobs.id, except)))
}

/** The newest run of `kind`. */
export async function latestJob(db: DbOrTx, kind: string) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .orderBy(desc(jobs.startedAt), desc(jobs.id))
    .limit(1)
  return row
}
