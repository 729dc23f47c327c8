// Running the pipeline again over every page (after its rules changed): one run at a time across
// every server process of the database, each page switched to its new build in its own short
// transaction, so readers and editors carry on meanwhile.
import type { CurrentUser } from '#shared/api/auth.ts'
import { withJobLock } from '../../db/job-lock.ts'
import { AppError, conflict, notFound } from '../../http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import type { ContentContext } from './content-state.ts'
import * as pages from './content.repo.ts'
import { withBuild } from './reader-builds.service.ts'

export const REPROCESS_RUNNING = 'Headers are already being reprocessed; try again when that run has finished.'

/** Runs the pipeline again over every page; a second request while one runs (anywhere) is a 409. */
export async function reprocessAll(content: ContentContext, user: CurrentUser) {
  const run = await withJobLock(content.db, 'reprocess-headers', () => reprocessEveryPage(content, user))
  if (!run.ran) throw conflict(REPROCESS_RUNNING)
  return run.result
}

async function reprocessEveryPage(content: ContentContext, user: CurrentUser) {
  const { db } = content
  let processed = 0
  const failed: number[] = []
  for (const id of await pages.listPageIds(db)) {
    const source = await pages.findPageSource(db, id)
    if (!source) continue // deleted meanwhile
    try {
      const result = await content.worker.process({ content: source.content, linksContent: source.linksContent })
      await withBuild(content, result, async (tx, buildId) => {
        const locked = await pages.lockPage(tx, id)
        if (!locked) throw notFound('Content')
        // Saved meanwhile: that save processed the newer text already; ours is of the old one.
        if (locked.version !== source.version) throw conflict('Saved while it was being reprocessed')
        await pages.storeReprocessed(tx, id, result, buildId)
        return { result: id, previousBuild: locked.buildId }
      })
      processed++
    } catch (error) {
      if (error instanceof AppError && error.status === 409)
        processed++ // processed by the save
      else if (!(error instanceof AppError && error.status === 404)) failed.push(id) // 404: deleted meanwhile
    }
  }
  await db.transaction((tx) => recordAudit(tx, user, 'update', 'content', null, { reprocessed: processed, failed }))
  const message = `Headers reprocessed in ${processed} ${processed === 1 ? 'page' : 'pages'}${failed.length ? `; ${failed.length} failed (ids ${failed.join(', ')})` : ''}`
  return { message, processed, failed: failed.length }
}
