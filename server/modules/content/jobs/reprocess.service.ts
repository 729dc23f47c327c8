// Running the pipeline again over every page (after its rules changed) as a background job: the
// request starts it and answers at once; the run holds the job lock (one at a time across every
// server process), switches each page to its new build in its own short transaction, so readers and
// editors carry on meanwhile, and writes its progress to its jobs row (decision 035).
import type { CurrentUser } from '#shared/api/auth.ts'
import type { ReprocessJob } from '#shared/api/content.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { jobLockIsHeld, withJobLock, type HeldLock, type JobLockTimes } from '../../../db/job-lock.ts'
import { AppError, conflict, notFound } from '../../../http/errors.ts'
import { recordAudit } from '../../audit/audit.service.ts'
import type { ContentContext } from '../content-state.ts'
import * as pages from '../pages/index.ts'
import { withBuild } from '../reader/index.ts'
import * as jobs from './jobs.repo.ts'

export const REPROCESS_RUNNING = 'Headers are already being reprocessed; try again when that run has finished.'
export const REPROCESS_STARTED = 'Reprocessing started'

const KIND = 'reprocess-headers'
/**
 * The run refreshes its lock often, so a run whose process died reads as interrupted (and its lock
 * can be taken over) within a minute rather than the default five.
 */
export const REPROCESS_LOCK_TIMES: JobLockTimes = { heartbeatMs: 10_000, staleMs: 60_000 }
/** Progress is written at most this often (and at the end). */
const PROGRESS_EVERY_MS = 500

/**
 * Starts a run and answers its job once it holds the lock and has its row; a run already going
 * (in any process) is a 409. The run goes on after the answer, in `content.jobs`.
 */
export async function startReprocessing(content: ContentContext, user: CurrentUser): Promise<ReprocessJob> {
  const { db } = content
  return new Promise<ReprocessJob>((resolve, reject) => {
    let started = false
    content.jobs.start(async () => {
      try {
        const run = await withJobLock(
          db,
          KIND,
          async (lock) => {
            await jobs.interruptRunning(db, KIND) // a run whose process stopped left its row running
            const ids = await pages.listPageIds(db)
            const row = await jobs.insertJob(db, {
              kind: KIND,
              startedBy: user.id,
              startedByName: user.username,
              total: ids.length,
            })
            started = true
            resolve(present(row))
            await reprocessEveryPage(content, user, row.id, ids, lock)
          },
          REPROCESS_LOCK_TIMES,
        )
        if (!run.ran) reject(conflict(REPROCESS_RUNNING))
      } catch (error) {
        if (!started) reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  })
}

/** The running job, or else the last one; a job left running by a stopped process is marked interrupted. */
export async function currentReprocessing(db: Db): Promise<ReprocessJob | null> {
  const row = await jobs.latestJob(db, KIND)
  if (!row) return null
  if (row.state === 'running' && !(await jobLockIsHeld(db, KIND, REPROCESS_LOCK_TIMES.staleMs))) {
    await jobs.interruptRunning(db, KIND)
    return present((await jobs.latestJob(db, KIND)) ?? row)
  }
  return present(row)
}

/** At start-up: runs left running by a process that is gone (no live lock) are interrupted. */
export async function markInterruptedReprocessing(db: Db) {
  if (!(await jobLockIsHeld(db, KIND, REPROCESS_LOCK_TIMES.staleMs))) await jobs.interruptRunning(db, KIND)
}

function present(row: jobs.JobRow): ReprocessJob {
  return {
    id: row.id,
    state: row.state as ReprocessJob['state'],
    total: row.total,
    done: row.done,
    failedIds: row.failedIds,
    message: row.message,
    startedBy: row.startedByName,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

async function reprocessEveryPage(
  content: ContentContext,
  user: CurrentUser,
  jobId: number,
  ids: number[],
  lock: HeldLock,
) {
  const { db } = content
  /** The job's end and the lock's freeing, together. */
  const end = (values: Parameters<typeof jobs.endJob>[2], also?: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      await also?.(tx)
      await jobs.endJob(tx, jobId, values)
      await lock.release(tx)
    })
  let done = 0
  const failed: number[] = []
  let lastWrite = Date.now()
  try {
    for (const id of ids) {
      if (content.jobs.signal.aborted) {
        await end({ state: 'interrupted', done, failedIds: failed, message: 'Interrupted: the server stopped' })
        return
      }
      if (!(await reprocessPage(content, id))) failed.push(id)
      done++
      if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) {
        await jobs.updateProgress(db, jobId, { done, failedIds: failed })
        lastWrite = Date.now()
      }
    }
    const message = `Headers reprocessed in ${done - failed.length} ${done - failed.length === 1 ? 'page' : 'pages'}${failed.length ? `; ${failed.length} failed (ids ${failed.join(', ')})` : ''}`
    await end({ state: 'finished', done, failedIds: failed, message }, async (tx) => {
      await recordAudit(tx, user, 'update', 'content', null, { reprocessed: done - failed.length, failed })
    })
  } catch (error) {
    const message = content.jobs.signal.aborted
      ? 'Interrupted: the server stopped'
      : `Stopped: ${error instanceof Error ? error.message : String(error)}`
    const state = content.jobs.signal.aborted ? 'interrupted' : 'failed'
    await end({ state, done, failedIds: failed, message }).catch(() => {})
  }
}

/** One page again through the pipeline; false when it failed (a page deleted or saved meanwhile is fine). */
async function reprocessPage(content: ContentContext, id: number): Promise<boolean> {
  const { db } = content
  const source = await pages.findPageSource(db, id)
  if (!source) return true // deleted meanwhile
  try {
    const termIds = await pages.termIdsOfPage(db, source.content, source.linksContent)
    const result = await content.worker.process({ content: source.content, linksContent: source.linksContent, termIds })
    // Readers' page states are forgotten while a page switches, as during an editor's save.
    content.pageStates.writeStarted()
    try {
      await withBuild(content, result, undefined, async (tx, buildId) => {
        const locked = await pages.lockPage(tx, id)
        if (!locked) throw notFound('Content')
        // Saved meanwhile: that save processed the newer text already; ours is of the old one.
        if (locked.version !== source.version) throw conflict('Saved while it was being reprocessed')
        await pages.storeReprocessed(tx, id, result, buildId)
        return { result: id, previousBuild: locked.buildId }
      })
    } finally {
      await content.pageStates.writeEnded()
    }
    return true
  } catch (error) {
    if (content.jobs.signal.aborted) throw error
    // Thrown above: saved meanwhile (that save processed the newer text) or deleted meanwhile.
    return error instanceof AppError && (error.code === 'conflict' || error.code === 'not_found')
  }
}
