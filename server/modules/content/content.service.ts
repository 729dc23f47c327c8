// Pages: saving one (the pipeline runs in the app's worker thread before the transaction, so the
// database is held only for the short write that makes the new version visible), reading one, and
// removing one. Chunked uploads are in upload-staging.service.ts, reader chunks in reader.service.ts,
// reprocessing in reprocess.service.ts.
import { createHash } from 'node:crypto'
import type { CurrentUser } from '#shared/api/auth.ts'
import { CONTENT_SIZE_LIMIT_BYTES } from '#shared/limits.ts'
import type { DbOrTx } from '../../db/client.ts'
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import type { ContentContext } from './content-state.ts'
import * as repo from './content.repo.ts'
import { sanitizePageHtml } from './processing/sanitize.ts'
import { termMarkNames } from './processing/term-links.ts'
import { termIdsByName } from '../terms/terms.service.ts'
import { splitLinks } from '#shared/text/links-section.ts'
import { BLOCK_JOINER, processedBodyOfSave, readProcessedBody } from './reader.service.ts'
import { withBuild } from './reader-builds.service.ts'
import { alignBlocks, summarize } from './revision-diff.ts'
import * as revisionsRepo from './revisions.repo.ts'

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
 * older version is refused (409) unless `overwrite`.
 */
export async function savePage(
  content: ContentContext,
  user: CurrentUser,
  target: 'new' | number,
  metadata: PageMetadata,
  html: { content: string; linksContent?: string | null | undefined },
  auditAs?: SaveAudit,
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

  const termIds = await termIdsOfPage(db, split.main, split.links)
  const processed = await content.worker.process({ content: split.main, linksContent: split.links, termIds })
  // What this save changes, in blocks, against the build shown now (kept with the version; the
  // history lists it). Fingerprints of the old blocks are read, not their 9 MB of text.
  const comparedBuild = before?.buildId ?? null
  const changeSummary =
    target === 'new'
      ? { added: processed.blocks.length, removed: 0, changed: 0 }
      : comparedBuild === null
        ? null
        : summaryOfChange(await revisionsRepo.readBuildBlockHashes(db, comparedBuild), processed.blocks)
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
  const id = await withBuild(content, processed, async (tx, buildId) => {
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
    await revisionsRepo.pruneRevisions(tx, target, new Date())
    const details = { title: values.title, sizeBytes, ...auditAs?.details }
    await recordAudit(tx, user, auditAs?.action ?? 'update', 'content', target, details)
    return { result: target, previousBuild: locked.buildId }
  })
  // The stored body is the blocks joined as chunks join them (the database joins the same rows, see
  // insertPage), and so is the processed body: answered from here, so the 10 MB text is not read back.
  const page = (await repo.findPage(db, id, false))!
  const body = processed.blocks.join(BLOCK_JOINER)
  return { ...page, content: body, processedContent: processedBodyOfSave(content, written, processed.blocks) }
}

/** The lexicon's ids of the terms a page's HTML marks with data-term (processing/term-links.ts). */
export async function termIdsOfPage(db: DbOrTx, main: string, links: string | null | undefined) {
  const names = new Set(termMarkNames(main))
  if (links) for (const name of termMarkNames(links)) names.add(name)
  return termIdsByName(db, [...names])
}

function summaryOfChange(previousHashes: string[], blocks: readonly string[]) {
  const hashes = blocks.map((html) => createHash('md5').update(html).digest('hex'))
  const { added, removed, changed } = summarize(alignBlocks(previousHashes, hashes))
  return { added, removed, changed }
}

async function assertSavable(db: DbOrTx, id: number, metadata: PageMetadata) {
  const state = await repo.findPageState(db, id)
  if (!state) throw notFound('Content')
  if (metadata.baseVersion !== undefined && metadata.baseVersion !== state.version && !metadata.overwrite) {
    const who = state.updatedBy ?? 'someone'
    throw conflict(`This page was saved by ${who} at ${state.updatedAt.toISOString()} after you opened it.`, {
      version: state.version,
      updatedBy: state.updatedBy,
      updatedAt: state.updatedAt.toISOString(),
    })
  }
  return state
}

/**
 * A page for GET /api/content/{id}: its stored HTML and the processed body of its build, each
 * sanitised again before it is sent (and cached, so a repeat costs a lookup: a 9 MB body takes ~0.2 s
 * once). Without `withBody` both bodies are ''. Visitors only see published pages.
 */
export async function readPage(
  content: ContentContext,
  id: number,
  withBody: boolean,
  canSeeDrafts: boolean,
  retry = true,
): Promise<NonNullable<Awaited<ReturnType<typeof repo.findPage>>> & { processedContent: string }> {
  const page = await repo.findPage(content.db, id, withBody)
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
    if (retry) return readPage(content, id, withBody, canSeeDrafts, false)
    throw new Error(`Build ${page.buildId} of page ${id} is gone`)
  }
  const body = pageHtml.through(`body:${id}:${page.version}`, () => sanitizePageHtml(page.content))
  return { ...page, content: body, linksContent, processedContent }
}

export async function removePage({ db }: ContentContext, user: CurrentUser, id: number) {
  await db.transaction(async (tx) => {
    const removed = await repo.deletePage(tx, id)
    if (!removed) throw notFound('Content')
    await recordAudit(tx, user, 'delete', 'content', id, { title: removed.title })
  })
}
