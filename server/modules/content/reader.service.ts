// Reading a page's current build: chunks of its blocks, the whole processed body, and the chunk that
// holds an anchor. Each answer is made once per build and cached in the app's content context.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { AppError, notFound } from '../../http/errors.ts'
import type { ContentContext } from './content-state.ts'
import { sanitizePageHtml } from './processing/sanitize.ts'
import * as builds from './reader-builds.repo.ts'

/** Blocks of a chunk, and chunks of the processed body, are joined with this. */
export const BLOCK_JOINER = '\n'

/** The page's reader state from memory (page-states.ts); visitors only see published pages. */
async function readableState({ pageStates }: ContentContext, id: number, canSeeDrafts: boolean) {
  const state = await pageStates.get(id)
  if (!state || (!state.published && !canSeeDrafts)) throw notFound('Content')
  return state
}

/**
 * Blocks `from … to-1` of a build, each sanitised again (block by block, so none can leave a tag
 * open: stored blocks are clean and the sanitiser is idempotent, so the bytes are the same), or
 * undefined when the build lost them: a save switched the page to a new build and removed this one.
 */
async function sentBlocks({ db }: ContentContext, buildId: number | null, from: number, to: number) {
  if (buildId === null) return []
  const blocks = await builds.readBlocks(db, buildId, from, to)
  return blocks.length < to - from ? undefined : blocks.map(sanitizePageHtml)
}

export type ChunkEncoding = 'br' | 'gzip' | 'identity'

/**
 * Chunk `chunk` of the page, `size` blocks long, as JSON text, and as the bytes sent for an encoding
 * (compressed once, when first asked for, and kept beside the text); visitors only see published pages.
 */
export async function readChunk(
  content: ContentContext,
  id: number,
  chunk: number,
  size: number,
  canSeeDrafts: boolean,
  retry = true,
) {
  const state = await readableState(content, id, canSeeDrafts)
  const totalChunks = Math.max(1, Math.ceil(state.blockCount / size))
  if (chunk >= totalChunks) throw new AppError(404, `Chunk ${chunk} does not exist: the page has ${totalChunks} chunks`)
  const key = `${id}:${state.buildId}:${chunk}:${size}`
  const json = async (): Promise<string> => {
    const cached = content.chunks.get(key)
    if (cached !== undefined) return cached
    const from = chunk * size
    const blocks = await sentBlocks(content, state.buildId, from, Math.min(from + size, state.blockCount))
    if (!blocks) {
      // The page moved to a new build after we looked: read again.
      if (retry) return (await readChunk(content, id, chunk, size, canSeeDrafts, false)).json()
      throw new Error(`Build ${state.buildId} of page ${id} lacks blocks ${from}…${from + size - 1}`)
    }
    const made = JSON.stringify({
      chunk: blocks.join(BLOCK_JOINER),
      hasMore: chunk < totalChunks - 1,
      totalChunks,
      buildId: state.buildId,
    })
    content.chunks.set(key, made)
    return made
  }
  return {
    version: state.version,
    buildId: state.buildId,
    published: state.published,
    json,
    body: async (encoding: ChunkEncoding): Promise<string | Buffer> => {
      if (encoding === 'identity') return json()
      const encodedKey = `${key}:${encoding}`
      const cached = content.encodedChunks.get(encodedKey)
      if (cached) return cached
      const encoded = await compress(await json(), encoding)
      content.encodedChunks.set(encodedKey, encoded)
      return encoded
    },
  }
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Brotli at quality 5 and gzip at 6: a 100 KB chunk in a few milliseconds, close to the best size. */
function compress(text: string, encoding: 'br' | 'gzip') {
  const bytes = Buffer.from(text)
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzip(bytes, { level: 6 })
}

/**
 * The page's processed body: every block of its build, as the chunks send them, joined the way
 * chunks are (so it equals chunks 0 … n-1 joined with BLOCK_JOINER); undefined when the build is gone.
 */
export async function readProcessedBody(
  content: ContentContext,
  page: { id: number; buildId: number | null; blockCount: number },
): Promise<string | undefined> {
  const key = `processed:${page.id}:${page.buildId}`
  const cached = content.pageHtml.get(key)
  if (cached !== undefined) return cached
  const blocks = await sentBlocks(content, page.buildId, 0, page.blockCount)
  if (!blocks) return undefined
  const html = blocks.join(BLOCK_JOINER)
  content.pageHtml.set(key, html)
  return html
}

async function anchorIndex(content: ContentContext, buildId: number): Promise<Map<string, number> | undefined> {
  const cached = content.anchors.get(buildId)
  if (cached) return cached
  const stored = await builds.readAnchorIndex(content.db, buildId)
  if (stored === undefined) return undefined
  const index = new Map(JSON.parse(stored) as Array<[string, number]>)
  content.anchors.set(buildId, index)
  return index
}

export async function locateAnchor(
  content: ContentContext,
  id: number,
  anchor: string,
  size: number,
  canSeeDrafts: boolean,
  retry = true,
): Promise<{ chunk: number }> {
  const state = await readableState(content, id, canSeeDrafts)
  const index = state.buildId === null ? new Map<string, number>() : await anchorIndex(content, state.buildId)
  if (!index) {
    // A save switched the page to a new build and removed this one after we looked: look again.
    if (retry) return locateAnchor(content, id, anchor, size, canSeeDrafts, false)
    throw new Error(`Build ${state.buildId} of page ${id} is gone`)
  }
  const block = index.get(anchor)
  if (block === undefined) throw new AppError(404, `No element with id "${anchor}" on this page`)
  return { chunk: Math.floor(block / size) }
}
