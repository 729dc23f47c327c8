// Reading a page's current build: chunks of its blocks, the whole processed body, and the chunk that
// holds an anchor. Each answer is made once per build and cached in the app's content context.
import { LRUCache } from 'lru-cache'
import { AppError, notFound } from '../../../http/errors.ts'
import type { Db } from '../../../db/client.ts'
import type { ReaderContext } from './reader-context.ts'
import { type ChunkBytes, type ChunkEncoding, chunkKey } from './chunk-store.ts'
import { type PageOutline, pageOutline, withOutlineLevels } from '../processing/reader-headings.ts'
import { sanitizePageHtml } from '../processing/sanitize.ts'
import * as builds from './reader-builds.repo.ts'
import { findLinksOfBuild } from './reader.repo.ts'

/** Blocks of a chunk, and chunks of the processed body, are joined with this. */
export const BLOCK_JOINER = '\n'

/** Who reads a page: visitors only see published pages, administrators drafts too. */
export interface PageReader {
  canSeeDrafts: boolean
}

/** A read of the page's current build: done again once when the page moves to a new build meanwhile. */
export interface BuildRead extends PageReader {
  /** False for that second read. */
  retry?: boolean
}

/** The page's reader state from memory (page-states.ts); visitors only see published pages. */
export async function readableState({ pageStates }: ReaderContext, id: number, { canSeeDrafts }: PageReader) {
  const state = await pageStates.get(id)
  if (!state || (!state.published && !canSeeDrafts)) throw notFound('Content')
  return state
}

/**
 * Blocks `from … to-1` of a build, each sanitised again (block by block, so none can leave a tag
 * open: stored blocks are clean and the sanitiser is idempotent, so the bytes are the same), or
 * undefined when the build lost them: a save switched the page to a new build and removed this one.
 */
async function sentBlocks({ db }: ReaderContext, buildId: number | null, from: number, to: number) {
  if (buildId === null) return []
  const blocks = await builds.readBlocks(db, buildId, from, to)
  return blocks.length < to - from ? undefined : blocks.map((html) => sanitizePageHtml(html))
}

/**
 * Blocks `from … to-1` of a build as stored, not sanitised again: the EPUB export reads a page this
 * way, a batch at a time, and sanitises in its worker thread; undefined when the build is gone.
 */
export async function readStoredBlocks({ db }: ReaderContext, buildId: number, from: number, to: number) {
  const blocks = await builds.readBlocks(db, buildId, from, to)
  return blocks.length < to - from ? undefined : blocks
}

/**
 * Blocks `from … to-1` of the page's build as readers get them: sanitised again, headings given the
 * levels of the page's outline (processing/reader-headings.ts); undefined when the build is gone.
 */
async function readerBlocks(
  content: ReaderContext,
  build: { buildId: number | null; blockCount: number },
  from: number,
  to: number,
) {
  const blocks = await sentBlocks(content, build.buildId, from, to)
  if (!blocks || blocks.length === 0 || build.buildId === null) return blocks
  const whole = from === 0 && to === build.blockCount
  const outline = whole
    ? outlineFromBlocks(content, build.buildId, blocks)
    : await fetchOutline(content, build.buildId, build.blockCount)
  return outline && withOutlineLevels(blocks, from, outline)
}

/**
 * The build's outline, read once however many readers ask (undefined when the build is gone). A save
 * that sets the outline it made of the same build while a read of it runs (processedBodyOfSave, after
 * its commit, when readers may already be on the new build) makes the cache abort that read: the
 * readers waiting on it then take the outline the save set.
 */
export async function fetchOutline(content: ReaderContext, buildId: number, blockCount: number) {
  const cache = content.outlines
  try {
    return await cache.fetch(buildId, { context: blockCount })
  } catch (error) {
    const set = cache.get(buildId)
    if (set) return set
    throw error
  }
}

/**
 * The processed body of a build a save has just written from `blocks` (its stored blocks, the same
 * bytes the chunks send): the chunks joined, without reading the build back. Keeps the build's
 * outline, so its chunks need no look at its blocks for it.
 */
export function processedBodyOfSave(content: ReaderContext, buildId: number | null, blocks: readonly string[]) {
  const sent = buildId === null ? blocks : withOutlineLevels(blocks, 0, outlineFromBlocks(content, buildId, blocks))
  return sent.join(BLOCK_JOINER)
}

/** Blocks read for an outline in statements of this many positions, so none holds the database long. */
const OUTLINE_BATCH_BLOCKS = 4000
/** Headings the outlines kept in memory may have together (a few bytes each). */
const OUTLINE_CACHE_HEADINGS = 500_000

/** Outlines by build (the content context's `outlines`); a fetch's context is the build's block count. */
export type OutlineCache = LRUCache<number, PageOutline, number>

/**
 * The content context's outlines by build, each read once (concurrent chunk requests share the read)
 * from the build's blocks that hold headings.
 */
export function outlineCache(db: Db): OutlineCache {
  return new LRUCache<number, PageOutline, number>({
    maxSize: OUTLINE_CACHE_HEADINGS,
    sizeCalculation: (outline) => outline.blocks.length + 1,
    fetchMethod: (buildId, _stale, { context: blockCount }) => readOutline(db, buildId, blockCount),
  })
}

function outlineFromBlocks(content: ReaderContext, buildId: number, blocks: readonly string[]): PageOutline {
  const cache = content.outlines
  const known = cache.get(buildId)
  if (known) return known
  const outline = pageOutline(blocks.map((html, position) => ({ position, html })))
  cache.set(buildId, outline)
  return outline
}

/** The build's outline, or undefined when the build is gone (or began to go while it was read). */
async function readOutline(db: Db, buildId: number, blockCount: number) {
  const headingBlocks: Array<{ position: number; html: string }> = []
  for (let from = 0; from < blockCount; from += OUTLINE_BATCH_BLOCKS) {
    const to = Math.min(from + OUTLINE_BATCH_BLOCKS, blockCount)
    for (const row of await builds.readHeadingBlocks(db, buildId, from, to)) {
      headingBlocks.push({ position: row.position, html: sanitizePageHtml(row.html) })
    }
  }
  // A removal deletes blocks before the build: all still there now means all were there when read.
  if ((await builds.countBlocks(db, buildId)) !== blockCount) return undefined
  return pageOutline(headingBlocks)
}

/**
 * The page's links section as readers see it (sanitised, kept by its text), null when it has none,
 * undefined when the page is no longer on this build.
 */
export async function linksSection(
  content: Pick<ReaderContext, 'db' | 'pageHtml'>,
  id: number,
  buildId: number | null,
) {
  if (buildId === null) return null
  const row = await findLinksOfBuild(content.db, id, buildId)
  if (!row) return undefined
  const stored = row.linksContent
  return stored == null ? null : content.pageHtml.through(`links:${stored}`, () => sanitizePageHtml(stored))
}

/**
 * The page's links section of a build as stored (not sanitised again: the EPUB export's worker does),
 * null when it has none, undefined when the page is no longer on this build.
 */
export async function storedLinksSection(content: ReaderContext, id: number, buildId: number) {
  const row = await findLinksOfBuild(content.db, id, buildId)
  if (!row) return undefined
  return row.linksContent ?? null
}

export type { ChunkEncoding } from './chunk-store.ts'

/**
 * Chunk `chunk` of the page, `size` blocks long (blocks chunk·size … chunk·size+size-1, the links
 * section with the last), as the bytes sent for each encoding: made once from the blocks, compressed
 * once, and kept (chunk-store.ts); visitors only see published pages. The page's state and the
 * answer's bytes come from memory when kept: nothing here grows with the page.
 */
export async function readChunk(
  content: ReaderContext,
  id: number,
  chunk: number,
  size: number,
  { canSeeDrafts, retry = true }: BuildRead,
) {
  const state = await readableState(content, id, { canSeeDrafts })
  const totalChunks = Math.max(1, Math.ceil(state.blockCount / size))
  if (chunk >= totalChunks) {
    throw new AppError(404, 'not_found', `Chunk ${chunk} does not exist: the page has ${totalChunks} chunks`)
  }
  const key = chunkKey(id, state.buildId, chunk, size)
  const make = async (): Promise<string | undefined> => {
    const from = chunk * size
    const blocks = await readerBlocks(content, state, from, Math.min(from + size, state.blockCount))
    if (!blocks) return undefined
    const last = chunk === totalChunks - 1
    const links = last ? await linksSection(content, id, state.buildId) : null
    if (links === undefined) return undefined
    return JSON.stringify({
      chunk: blocks.join(BLOCK_JOINER),
      hasMore: !last,
      totalChunks,
      buildId: state.buildId,
      // The footnotes come with the last chunk, so the reader's first view never carries them.
      ...(last ? { linksContent: links } : {}),
    })
  }
  /** The chunk's bytes and their key (another build's when the page moved on while this was read). */
  const kept = async (): Promise<{ key: string; bytes: ChunkBytes }> => {
    const found = await content.chunks.bytes(key, size, make)
    if (found) return { key, bytes: found }
    // The page moved to a new build after we looked (its blocks or links are gone): read again, not
    // from the state kept.
    content.pageStates.drop(id, state)
    if (retry) return (await readChunk(content, id, chunk, size, { canSeeDrafts, retry: false })).kept()
    throw new Error(`Page ${id} moved off build ${state.buildId} while chunk ${chunk} was read`)
  }
  return {
    version: state.version,
    buildId: state.buildId,
    published: state.published,
    kept,
    /** The JSON text ({ chunk, hasMore, totalChunks, buildId, linksContent? }, see ReaderChunk). */
    json: async (): Promise<string> => (await kept()).bytes.identity.toString('utf8'),
    /** The bytes sent for `encoding`, compressed once (off the main thread) and kept. */
    body: async (encoding: ChunkEncoding): Promise<Buffer> => {
      const found = await kept()
      return content.chunks.encoded(found.key, size, found.bytes, encoding)
    },
  }
}

/**
 * The page's processed body: every block of its build, as the chunks send them, joined the way
 * chunks are (so it equals chunks 0 … n-1 joined with BLOCK_JOINER); undefined when the build is gone.
 */
export async function readProcessedBody(
  content: ReaderContext,
  page: { id: number; buildId: number | null; blockCount: number },
): Promise<string | undefined> {
  const key = `processed:${page.id}:${page.buildId}`
  const cached = content.pageHtml.get(key)
  if (cached !== undefined) return cached
  const blocks = await readerBlocks(content, page, 0, page.blockCount)
  if (!blocks) return undefined
  const html = blocks.join(BLOCK_JOINER)
  content.pageHtml.set(key, html)
  return html
}

async function anchorIndex(content: ReaderContext, buildId: number): Promise<Map<string, number> | undefined> {
  const cached = content.anchors.get(buildId)
  if (cached) return cached
  const stored = await builds.readAnchorIndex(content.db, buildId)
  if (stored === undefined) return undefined
  const index = new Map(JSON.parse(stored) as Array<[string, number]>)
  content.anchors.set(buildId, index)
  return index
}

export async function locateAnchor(
  content: ReaderContext,
  id: number,
  anchor: string,
  size: number,
  { canSeeDrafts, retry = true }: BuildRead,
): Promise<{ chunk: number }> {
  const state = await readableState(content, id, { canSeeDrafts })
  const index = state.buildId === null ? new Map<string, number>() : await anchorIndex(content, state.buildId)
  if (!index) {
    // A save switched the page to a new build and removed this one after we looked: look again.
    content.pageStates.drop(id, state)
    if (retry) return locateAnchor(content, id, anchor, size, { canSeeDrafts, retry: false })
    throw new Error(`Build ${state.buildId} of page ${id} is gone`)
  }
  const block = index.get(anchor)
  if (block === undefined) throw new AppError(404, 'not_found', `No element with id "${anchor}" on this page`)
  return { chunk: Math.floor(block / size) }
}
