// Pages: saving one (the pipeline runs in the app's worker thread before the transaction, so the
// database is held only for the short write that makes the new version visible), reading one, and
// removing one. Chunked uploads are in upload-staging.service.ts, reader chunks and builds in
// reader/, reprocessing in jobs/.
import type { CurrentUser } from '#shared/api/auth.ts'
import type { ChangeSummary } from '#shared/api/revisions.ts'
import { CONTENT_SIZE_LIMIT_BYTES } from '#shared/limits.ts'
import type { DbOrTx } from '../../../db/client.ts'
import { AppError, badRequest, notFound } from '../../../http/errors.ts'
import { recordAudit } from '../../audit/audit.service.ts'
import { moveToTrash } from '../../trash/trash.service.ts'
import type { ContentContext } from '../content-state.ts'
import * as repo from './pages.repo.ts'
import { sanitizePageHtml } from '../processing/sanitize.ts'
import type { StoredPage } from '../processing/stored-page.ts'
import { termMarkNames } from '../processing/term-links.ts'
import { termIdsByName } from '../../terms/terms.service.ts'
import { splitLinks } from '#shared/text/links-section.ts'
import {
  BLOCK_JOINER,
  deleteBuild,
  finishBuild,
  processedBodyOfSave,
  readBuildBlockHashes,
  readProcessedBody,
  startBuild,
  withBuild,
} from '../reader/index.ts'
import { overlapTiming, timed, type PhaseClock } from '../processing/save-timing.ts'

/** The page rows reprocessing reads and switches to a new build (jobs/reprocess.service.ts). */
export { findPageSource, listPageIds, lockPage, storeReprocessed } from './pages.repo.ts'

export interface PageMetadata {
  title: string
  chapterId: number
  order: number
  published: boolean
  baseVersion?: number | undefined
  overwrite?: boolean | undefined
}

/** 413 for a page of `bytes`; details give the size and the limit in bytes. */
export const tooLarge = (bytes: number) =>
  new AppError(
    413,
    'too_large',
    `The page is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${CONTENT_SIZE_LIMIT_BYTES / 1024 / 1024} MB.`,
    { sizeBytes: bytes, limitBytes: CONTENT_SIZE_LIMIT_BYTES },
  )

/** How a save is written in the audit log when it is not an ordinary edit (a restore of a revision). */
export interface SaveAudit {
  action: 'restore'
  details: Record<string, unknown>
}

/**
 * Saves a page: a new one (`target` 'new') or a new version of an existing one. The previous text is
 * kept as a revision (and the page's revisions pruned by the retention policy); a save based on an
 * older version is refused (409) unless `overwrite`. `clock`, when given, gets the time of each
 * phase (save-timing.ts: the answer's Server-Timing header).
 */
export async function savePage(
  content: ContentContext,
  user: CurrentUser,
  target: 'new' | number,
  metadata: PageMetadata,
  html: { content: string; linksContent?: string | null | undefined },
  auditAs?: SaveAudit,
  clock?: PhaseClock,
) {
  const split = html.linksContent == null ? splitLinks(html.content) : { main: html.content, links: html.linksContent }
  const sizeBytes = Buffer.byteLength(split.main) + Buffer.byteLength(split.links ?? '')
  if (sizeBytes > CONTENT_SIZE_LIMIT_BYTES) throw tooLarge(sizeBytes)
  const { db } = content
  if (!(await repo.chapterExists(db, metadata.chapterId))) {
    throw badRequest('Please select a valid chapter', { chapterId: metadata.chapterId })
  }
  // fail fast, before the slow part
  const before = target === 'new' ? null : await assertSavable(db, target, metadata)

  const termIds = await timed(clock, 'terms', () => termIdsOfPage(db, split.main, split.links))
  // What this save changes, in blocks, against the build shown now (kept with the version; the
  // history lists it): fingerprints of the old blocks are read, not their 9 MB of text, and compared
  // with the new blocks in the processing worker, where the page is processed (decision 042).
  const comparedBuild = before?.buildId ?? null
  const input = { content: split.main, linksContent: split.links, termIds }
  const hashes =
    comparedBuild === null ? null : await timed(clock, 'summary', () => readBuildBlockHashes(db, comparedBuild))
  // The worker sends the search passages ahead of the page: their rows, the longest write, are
  // written while it renders the blocks and works out the summary (timing in overlapTiming).
  const overlap = overlapTiming(clock)
  let started: Promise<number> | undefined
  const processing = content.worker.processForSave(input, hashes, {
    passagesFirst: (passages) => {
      overlap.ahead()
      started = startBuild(db, passages, clock).finally(overlap.written)
      started.catch(() => {}) // awaited below; a failure is answered there
    },
    clock: overlap,
  })
  let processed: StoredPage
  let changeSummary: ChangeSummary | null
  try {
    ;({ page: processed, changeSummary } = await processing.finally(overlap.processed))
  } catch (error) {
    // The passages written meanwhile go with the failed save.
    if (started) await started.then((buildId) => deleteBuild(db, buildId)).catch(() => {})
    throw error
  }
  const writeBuild = async () => {
    const buildId = started ? await started : await startBuild(db, processed.passages, clock)
    overlap.settle()
    await finishBuild(db, buildId, processed, clock)
    return buildId
  }
  if (target === 'new') changeSummary = { added: processed.blocks.length, removed: 0, changed: 0 }
  const values = {
    chapterId: metadata.chapterId,
    title: metadata.title,
    order: metadata.order,
    published: metadata.published,
    updatedBy: user.id,
    sizeBytes,
    changeSummary: changeSummary && JSON.stringify(changeSummary),
  }
  // The new reader data is written first, under a build nobody reads yet; the transaction that
  // makes it the page's is short. The build that was shown before goes afterwards.
  let written: number | null = null
  const id = await withBuild(content, writeBuild, clock, async (tx, buildId) => {
    written = buildId
    if (target === 'new') {
      const newId = await repo.insertPage(tx, values, processed, buildId)
      await recordAudit(tx, user, 'create', 'content', newId, { title: values.title, sizeBytes })
      return { result: newId, previousBuild: null }
    }
    const locked = await repo.lockPage(tx, target)
    if (!locked) throw notFound('Content')
    await assertSavable(tx, target, metadata) // again, under the row lock: another save may have won
    await repo.keepRevision(tx, target)
    // Another save (with overwrite) may have come between: then the summary is not against this one.
    const summary = locked.buildId === comparedBuild ? values.changeSummary : null
    await repo.updatePage(tx, target, { ...values, changeSummary: summary }, processed, buildId)
    await repo.pruneRevisions(tx, target, new Date())
    const details = { title: values.title, sizeBytes, ...auditAs?.details }
    await recordAudit(tx, user, auditAs?.action ?? 'update', 'content', target, details)
    return { result: target, previousBuild: locked.buildId }
  })
  // The stored body is the blocks joined as chunks join them (the database joins the same rows, see
  // insertPage), and so is the processed body: answered from here, so the 10 MB text is not read back.
  const page = (await repo.findPage(db, id, { withBody: false }))!
  const body = processed.blocks.join(BLOCK_JOINER)
  return { ...page, content: body, processedContent: processedBodyOfSave(content, written, processed.blocks) }
}

/** The lexicon's ids of the terms a page's HTML marks with data-term (processing/term-links.ts). */
export async function termIdsOfPage(db: DbOrTx, main: string, links: string | null | undefined) {
  const names = new Set(termMarkNames(main))
  if (links) for (const name of termMarkNames(links)) names.add(name)
  return termIdsByName(db, [...names])
}

async function assertSavable(db: DbOrTx, id: number, metadata: PageMetadata) {
  const state = await repo.findPageState(db, id)
  if (!state) throw notFound('Content')
  if (metadata.baseVersion !== undefined && metadata.baseVersion !== state.version && !metadata.overwrite) {
    const who = state.updatedBy ?? 'someone'
    throw new AppError(
      409,
      'edit_conflict',
      `This page was saved by ${who} at ${state.updatedAt.toISOString()} after you opened it.`,
      {
        version: state.version,
        updatedBy: state.updatedBy,
        updatedAt: state.updatedAt.toISOString(),
      },
    )
  }
  return state
}

/** Who reads a page (visitors only published ones) and whether with its bodies. */
export interface PageRead {
  withBody: boolean
  canSeeDrafts: boolean
  /** False for the second read, after the page moved to a new build meanwhile. */
  retry?: boolean
}

/**
 * A page for GET /api/content/{id}: its stored HTML and the processed body of its build, each
 * sanitised again before it is sent (and cached, so a repeat costs a lookup: a 9 MB body takes ~0.2 s
 * once). Without `withBody` both bodies are ''. Visitors only see published pages.
 */
export async function readPage(
  content: ContentContext,
  id: number,
  { withBody, canSeeDrafts, retry = true }: PageRead,
): Promise<NonNullable<Awaited<ReturnType<typeof repo.findPage>>> & { processedContent: string }> {
  const page = await repo.findPage(content.db, id, { withBody })
  if (!page || (!page.published && !canSeeDrafts)) throw notFound('Content')
  const { pageHtml } = content
  // The body changes only with the version; the links section also with reprocessing, so it is
  // keyed by its own text.
  const linksContent =
    page.linksContent == null
      ? null
      : pageHtml.through(`links:${page.linksContent}`, () => sanitizePageHtml(page.linksContent!))
  if (!withBody) return { ...page, linksContent, processedContent: '' }
  const processedContent = await readProcessedBody(content, page)
  if (processedContent === undefined) {
    // A save switched the page to a new build and removed this one after we looked: read again.
    if (retry) return readPage(content, id, { withBody, canSeeDrafts, retry: false })
    throw new Error(`Build ${page.buildId} of page ${id} is gone`)
  }
  const body = pageHtml.through(`body:${id}:${page.version}`, () => sanitizePageHtml(page.content))
  return { ...page, content: body, linksContent, processedContent }
}

/** Deleting a page copies it into the trash first, with its revisions and reader build (decision 043). */
export async function removePage({ db }: ContentContext, user: CurrentUser, id: number) {
  await db.transaction(async (tx) => {
    await moveToTrash(tx, user, 'content', id)
    const removed = await repo.deletePage(tx, id)
    if (!removed) throw notFound('Content')
    await recordAudit(tx, user, 'delete', 'content', id, { title: removed.title })
  })
}
