// Saving pages (directly or through staged upload chunks), reading them in chunks, jumping to an
// anchor, and reprocessing every page. Processing runs in a worker thread before the transaction,
// so the database is held only for the short write that makes the new version visible.
import { LRUCache } from 'lru-cache'
import type { CurrentUser } from '../../../shared/api/auth.ts'
import type { ChunkUpload, FinalizeInput } from '../../../shared/api/content.ts'
import { CONTENT_SIZE_LIMIT_BYTES } from '../../../shared/limits.ts'
import type { Db, Tx } from '../../db/client.ts'
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts'
import { recordAudit } from '../audit/audit.repo.ts'
import * as repo from './content.repo.ts'
import { sanitizePageHtml } from './processing/sanitize.ts'
import { splitLinks } from './processing/split-links.ts'
import { processPageInWorker } from './processing/run-in-worker.ts'
import type { StoredPage } from './processing/stored-page.ts'

/** A build no page shows is being written by a save for seconds; after an hour it is left over. */
const STALE_BUILD_MS = 60 * 60 * 1000

/** Staged chunks nobody finalized are dropped after a day. */
const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000

export interface PageMetadata {
  title: string
  chapterId: number
  order: number
  published: boolean
  baseVersion?: number | undefined
  overwrite?: boolean | undefined
}

const tooLarge = (bytes: number) =>
  new AppError(
    413,
    `The page is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${CONTENT_SIZE_LIMIT_BYTES / 1024 / 1024} MB.`,
  )

/**
 * Saves a page: a new one (`target` 'new') or a new version of an existing one. The previous text is
 * kept as a revision; a save based on an older version is refused (409) unless `overwrite`.
 */
export async function savePage(
  db: Db,
  user: CurrentUser,
  target: 'new' | number,
  metadata: PageMetadata,
  html: { content: string; linksContent?: string | null | undefined },
) {
  const split = html.linksContent == null ? splitLinks(html.content) : { main: html.content, links: html.linksContent }
  const sizeBytes = Buffer.byteLength(split.main) + Buffer.byteLength(split.links ?? '')
  if (sizeBytes > CONTENT_SIZE_LIMIT_BYTES) throw tooLarge(sizeBytes)
  if (!(await repo.chapterExists(db, metadata.chapterId))) throw badRequest('Please select a valid chapter')
  if (target !== 'new') await assertSavable(db, target, metadata) // fail fast, before the slow part

  const processed = await processPageInWorker({ content: split.main, linksContent: split.links })
  const values = {
    chapterId: metadata.chapterId,
    title: metadata.title,
    order: metadata.order,
    published: metadata.published,
    updatedBy: user.id,
    sizeBytes,
  }
  // The new reader data is written first, under a build nobody reads yet; the transaction that
  // makes it the page's is short. The build that was shown before goes afterwards.
  const id = await withBuild(db, processed, async (tx, buildId) => {
    if (target === 'new') {
      const newId = await repo.insertPage(tx, values, processed, buildId)
      await recordAudit(tx, user, 'create', 'content', newId, { title: values.title, sizeBytes })
      return { result: newId, previousBuild: null }
    }
    const locked = await repo.lockPage(tx, target)
    if (!locked) throw notFound('Content')
    await assertSavable(tx, target, metadata) // again, under the row lock: another save may have won
    await repo.keepRevision(tx, target)
    await repo.updatePage(tx, target, values, processed, buildId)
    await recordAudit(tx, user, 'update', 'content', target, { title: values.title, sizeBytes })
    return { result: target, previousBuild: locked.buildId }
  })
  return (await repo.findPage(db, id))!
}

/**
 * Writes `processed` as a new build and runs `switchTo` in a transaction to make a page show it.
 * The build the page showed before is removed after the caller has its answer; when the switch
 * fails, the new build goes instead. (Builds left by a server that stopped half-way, or whose
 * removal failed, are removed by `removeStaleBuilds` at the next start.)
 */
async function withBuild<T>(
  db: Db,
  processed: StoredPage,
  switchTo: (tx: Tx, buildId: number) => Promise<{ result: T; previousBuild: number | null }>,
): Promise<T> {
  const buildId = await repo.writeBuild(db, processed)
  let switched: { result: T; previousBuild: number | null }
  try {
    switched = await db.transaction((tx) => switchTo(tx, buildId))
  } catch (error) {
    await repo.deleteBuild(db, buildId).catch(() => {}) // removeStaleBuilds will, if this fails too
    throw error
  }
  const previous = switched.previousBuild
  if (previous !== null) inBackground(() => repo.deleteBuild(db, previous))
  return switched.result
}

const backgroundWork = new Set<Promise<void>>()

function inBackground(work: () => Promise<void>) {
  const running: Promise<void> = work()
    .catch(() => {}) // what is left is a build no page shows: removeStaleBuilds takes it later
    .finally(() => backgroundWork.delete(running))
  backgroundWork.add(running)
}

/** Waits for the removals of superseded builds still running (the server waits before it closes the database). */
export async function settleBackgroundWork() {
  while (backgroundWork.size > 0) await Promise.all(backgroundWork)
}

/** Builds no page shows, older than an hour: what a server stopped in the middle of a save left. */
export async function removeStaleBuilds(db: Db) {
  for (const buildId of await repo.listStaleBuilds(db, new Date(Date.now() - STALE_BUILD_MS))) {
    await repo.deleteBuild(db, buildId)
  }
}

async function assertSavable(db: Parameters<typeof repo.findPageState>[0], id: number, metadata: PageMetadata) {
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
}

const stagingKey = (user: CurrentUser, target: 'new' | number) => ({ userId: user.id, target: String(target) })

/** Stores one chunk of an upload; sending the same chunk again replaces it (a retry never duplicates text). */
export async function stageUploadChunk(db: Db, user: CurrentUser, upload: ChunkUpload) {
  if (upload.chunkIndex >= upload.totalChunks) {
    throw badRequest(`chunkIndex ${upload.chunkIndex} is out of range for ${upload.totalChunks} chunks`)
  }
  const key = stagingKey(user, upload.contentId)
  if (upload.chunkIndex === 0) {
    // A new upload of this page starts: whatever an earlier, unfinished one left goes.
    await repo.clearStaging(db, key)
    await repo.deleteAbandonedStaging(db, new Date(Date.now() - ABANDONED_UPLOAD_MS))
  }
  const before = await repo.stagedSummary(db, key)
  if (before.totals.some((total) => total !== upload.totalChunks)) {
    throw badRequest('totalChunks differs from the earlier chunks of this upload; start again from chunk 0')
  }
  if (before.bytes + Buffer.byteLength(upload.chunk) > CONTENT_SIZE_LIMIT_BYTES * 1.05) {
    throw tooLarge(before.bytes + Buffer.byteLength(upload.chunk))
  }
  const received = before.received + ((await repo.stageChunk(db, key, upload)) ? 1 : 0)
  return {
    chunkIndex: upload.chunkIndex,
    received,
    totalChunks: upload.totalChunks,
    progress: Math.round((received / upload.totalChunks) * 100),
  }
}

/** Joins the staged chunks (all of them, in order) and saves the page in one transaction. */
export async function finalizeUpload(db: Db, user: CurrentUser, input: FinalizeInput) {
  const key = stagingKey(user, input.contentId)
  const staged = await repo.readStagedChunks(db, key)
  const missing: number[] = []
  for (let i = 0; i < input.totalChunks; i++) if (staged[i]?.chunkIndex !== i) missing.push(i)
  if (missing.length > 0 || staged.length !== input.totalChunks) {
    throw badRequest(`The upload is incomplete: ${staged.length} of ${input.totalChunks} chunks received`, {
      missing: missing.slice(0, 50),
    })
  }
  const html = staged.map((row) => row.chunk).join('')
  const page = await savePage(db, user, input.contentId, input.metadata, { content: html })
  await repo.clearStaging(db, key)
  return page
}

/**
 * Serialised chunks, keyed by page, build, chunk and size. Every save and reprocessing makes a new
 * build, so an entry can never be stale, whichever server process made it; the cache only saves
 * the block query and the JSON work for chunks readers ask for again.
 */
const chunkCache = new LRUCache<string, string>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (json) => json.length * 2,
})

/** Chunk `chunk` of the page, `size` blocks long, as JSON text; visitors only see published pages. */
export async function readChunk(db: Db, id: number, chunk: number, size: number, canSeeDrafts: boolean, retry = true) {
  const state = await readableState(db, id, canSeeDrafts)
  const totalChunks = Math.max(1, Math.ceil(state.blockCount / size))
  if (chunk >= totalChunks) throw new AppError(404, `Chunk ${chunk} does not exist: the page has ${totalChunks} chunks`)
  return {
    version: state.version,
    buildId: state.buildId,
    published: state.published,
    json: async (): Promise<string> => {
      const key = `${id}:${state.buildId}:${chunk}:${size}`
      const cached = chunkCache.get(key)
      if (cached !== undefined) return cached
      const from = chunk * size
      const blocks = state.buildId === null ? [] : await repo.readBlocks(db, state.buildId, from, from + size)
      if (blocks.length < Math.min(size, state.blockCount - from)) {
        // A save switched the page to a new build and removed this one after we looked: read again.
        if (retry) return (await readChunk(db, id, chunk, size, canSeeDrafts, false)).json()
        throw new Error(`Build ${state.buildId} of page ${id} lacks blocks ${from}…${from + size - 1}`)
      }
      // Sanitised again (block by block, so none can leave a tag open) when the cache is filled:
      // stored blocks are clean, and the sanitiser is idempotent, so the bytes are the same.
      const html = blocks.map(sanitizePageHtml).join('\n')
      const json = JSON.stringify({ chunk: html, hasMore: chunk < totalChunks - 1, totalChunks })
      chunkCache.set(key, json)
      return json
    },
  }
}

async function readableState(db: Db, id: number, canSeeDrafts: boolean) {
  const state = await repo.findPageState(db, id)
  if (!state || (!state.published && !canSeeDrafts)) throw notFound('Content')
  return state
}

/**
 * The stored HTML of a page (its body and links section), sanitised again before it is sent and
 * cached, so a repeat costs a lookup (a 9 MB body takes ~0.2 s once). The body changes only with
 * the version; the links section also with reprocessing, so it is keyed by its own text.
 */
const sentPageHtml = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (html, key) => (html.length + key.length) * 2 + 1,
})

function sentHtml(key: string, stored: string): string {
  const cached = sentPageHtml.get(key)
  if (cached !== undefined) return cached
  const clean = sanitizePageHtml(stored)
  sentPageHtml.set(key, clean)
  return clean
}

/** A page for GET /api/content/{id}, its stored HTML sanitised again; visitors only see published pages. */
export async function readPage(db: Db, id: number, withBody: boolean, canSeeDrafts: boolean) {
  const page = await repo.findPage(db, id, withBody)
  if (!page || (!page.published && !canSeeDrafts)) throw notFound('Content')
  return {
    ...page,
    content: withBody ? sentHtml(`body:${id}:${page.version}`, page.content) : page.content,
    linksContent: page.linksContent == null ? null : sentHtml(`links:${page.linksContent}`, page.linksContent),
  }
}

/** Anchor indexes by build: the 9 MB page has ~47,000 ids, parsed once per build and process. */
const anchorCache = new LRUCache<number, Map<string, number>>({
  maxSize: 2_000_000,
  sizeCalculation: (index) => index.size + 1,
})

async function anchorIndex(db: Db, buildId: number): Promise<Map<string, number> | undefined> {
  const cached = anchorCache.get(buildId)
  if (cached) return cached
  const stored = await repo.readAnchorIndex(db, buildId)
  if (stored === undefined) return undefined
  const index = new Map(JSON.parse(stored) as Array<[string, number]>)
  anchorCache.set(buildId, index)
  return index
}

export async function locateAnchor(
  db: Db,
  id: number,
  anchor: string,
  size: number,
  canSeeDrafts: boolean,
  retry = true,
): Promise<{ chunk: number }> {
  const state = await readableState(db, id, canSeeDrafts)
  const index = state.buildId === null ? new Map<string, number>() : await anchorIndex(db, state.buildId)
  if (!index) {
    // A save switched the page to a new build and removed this one after we looked: look again.
    if (retry) return locateAnchor(db, id, anchor, size, canSeeDrafts, false)
    throw new Error(`Build ${state.buildId} of page ${id} is gone`)
  }
  const block = index.get(anchor)
  if (block === undefined) throw new AppError(404, `No element with id "${anchor}" on this page`)
  return { chunk: Math.floor(block / size) }
}

export async function removePage(db: Db, user: CurrentUser, id: number) {
  await db.transaction(async (tx) => {
    const removed = await repo.deletePage(tx, id)
    if (!removed) throw notFound('Content')
    await recordAudit(tx, user, 'delete', 'content', id, { title: removed.title })
  })
}

let reprocessing = false

/** Runs the pipeline again over every page, one short transaction per page. */
export async function reprocessAll(db: Db, user: CurrentUser) {
  if (reprocessing) throw conflict('Headers are already being reprocessed; try again when that run has finished.')
  reprocessing = true
  try {
    let processed = 0
    const failed: number[] = []
    for (const id of await repo.listPageIds(db)) {
      const source = await repo.findPageSource(db, id)
      if (!source) continue // deleted meanwhile
      try {
        const result = await processPageInWorker({ content: source.content, linksContent: source.linksContent })
        await withBuild(db, result, async (tx, buildId) => {
          const locked = await repo.lockPage(tx, id)
          if (!locked) throw notFound('Content')
          // Saved meanwhile: that save processed the newer text already; ours is of the old one.
          if (locked.version !== source.version) throw conflict('Saved while it was being reprocessed')
          await repo.storeReprocessed(tx, id, result, buildId)
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
  } finally {
    reprocessing = false
  }
}
