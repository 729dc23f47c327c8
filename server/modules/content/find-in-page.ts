// Find in page: every occurrence of what a reader typed in the whole page, loaded in the reader or
// not, in order, each as its block (id and position) and its place among the block's occurrences.
// The page's text is folded once per build from the build's stored blocks (shared/text/find-in-page.ts,
// the same rule the reader uses on the blocks it shows) and kept in memory; a query is then one
// indexOf pass over it (decision 030).
import { Parser } from 'htmlparser2'
import { LRUCache } from 'lru-cache'
import type { FindAnswer } from '#shared/api/content.ts'
import { FIND_MAX_OCCURRENCES } from '#shared/limits.ts'
import {
  FOLDED_BREAK,
  INLINE_TAGS,
  type TextPiece,
  foldPieces,
  foldQuery,
  occurrences,
} from '#shared/text/find-in-page.ts'
import type { ContentContext } from './content-state.ts'
import { readableState } from './reader.service.ts'
import * as builds from './reader-builds.repo.ts'

/** A build's text as find sees it: the blocks' folded texts joined by breaks, where each starts, and their ids. */
export interface PageText {
  text: string
  starts: Uint32Array
  ids: string[]
}

/** Blocks read per statement (the 9 MB page's 28,000 blocks in 14 reads), so none holds the database long. */
const READ_BATCH_BLOCKS = 2000
/**
 * What the folded texts kept may hold together, in characters: the 9 MB page folds to about 7 million
 * (one byte each when, as there, diacritics are all folded away), so two or three such pages.
 */
const PAGE_TEXT_CACHE_CHARS = 24_000_000

const pageTextCaches = new WeakMap<ContentContext, LRUCache<number, PageText, number>>()

/** The content context's folded page texts by build, each made once (concurrent finds share the making). */
function pageTexts(content: ContentContext): LRUCache<number, PageText, number> {
  let cache = pageTextCaches.get(content)
  if (!cache) {
    cache = new LRUCache<number, PageText, number>({
      maxSize: PAGE_TEXT_CACHE_CHARS,
      sizeCalculation: (page) => page.text.length + 16 * page.ids.length + 1,
      fetchMethod: (buildId, _stale, { context: blockCount }) => readPageText(content, buildId, blockCount),
    })
    pageTextCaches.set(content, cache)
  }
  return cache
}

/** The build's page text, or undefined when the build is gone (a save replaced it meanwhile). */
async function readPageText({ db }: ContentContext, buildId: number, blockCount: number) {
  const texts: string[] = []
  const ids: string[] = []
  const starts = new Uint32Array(blockCount)
  let length = 0
  for (let from = 0; from < blockCount; from += READ_BATCH_BLOCKS) {
    const to = Math.min(from + READ_BATCH_BLOCKS, blockCount)
    const blocks = await builds.readBlocks(db, buildId, from, to)
    if (blocks.length < to - from) return undefined
    for (const html of blocks) {
      const block = blockText(html)
      starts[ids.length] = length
      ids.push(block.id)
      texts.push(block.text)
      length += block.text.length + FOLDED_BREAK.length
    }
  }
  return { text: texts.join(FOLDED_BREAK), starts, ids }
}

/**
 * A stored block's id (its top-level element's) and its text folded as the reader's find folds the
 * same block in the page: text pieces in order, a break at each element that is not inline.
 */
export function blockText(html: string): { id: string; text: string } {
  const pieces: TextPiece[] = []
  let id = ''
  let depth = 0
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (depth === 0 && id === '') id = attributes.id ?? ''
        depth++
        if (!INLINE_TAGS.has(tag)) pieces.push(null)
      },
      ontext(text) {
        pieces.push(text)
      },
      onclosetag(tag) {
        depth--
        if (!INLINE_TAGS.has(tag)) pieces.push(null)
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return { id, text: foldPieces(pieces) }
}

/** The page's text for the build it shows now, made once per build. */
async function fetchPageText(content: ContentContext, buildId: number, blockCount: number) {
  return pageTexts(content).fetch(buildId, { context: blockCount })
}

/**
 * Every occurrence of `query` in the page (at most FIND_MAX_OCCURRENCES, `capped` when there are
 * more), case and diacritics aside; visitors only find in published pages.
 */
export async function findInPage(
  content: ContentContext,
  id: number,
  query: string,
  canSeeDrafts: boolean,
  retry = true,
): Promise<FindAnswer> {
  const state = await readableState(content, id, canSeeDrafts)
  const needle = foldQuery(query)
  const empty: FindAnswer = { buildId: state.buildId, total: 0, capped: false, occurrences: [] }
  if (needle === '' || state.buildId === null || state.blockCount === 0) return empty
  const page = await fetchPageText(content, state.buildId, state.blockCount)
  if (!page) {
    // A save switched the page to a new build and removed this one after we looked: look again.
    content.pageStates.drop(id, state)
    if (retry) return findInPage(content, id, query, canSeeDrafts, false)
    throw new Error(`Build ${state.buildId} of page ${id} is gone`)
  }
  const found = occurrences(page.text, needle, FIND_MAX_OCCURRENCES + 1)
  const kept = found.slice(0, FIND_MAX_OCCURRENCES)
  return {
    buildId: state.buildId,
    total: kept.length,
    capped: found.length > kept.length,
    occurrences: place(page, kept),
  }
}

/** Each occurrence (ascending offsets) as its block and its index among that block's occurrences. */
function place(page: PageText, offsets: readonly number[]): FindAnswer['occurrences'] {
  const placed: FindAnswer['occurrences'] = []
  let block = 0
  let index = 0
  for (const at of offsets) {
    const before = block
    block = blockAt(page.starts, at, block)
    index = block === before && placed.length > 0 ? index + 1 : 0
    placed.push({ block: page.ids[block]!, position: block, index })
  }
  return placed
}

/** The block whose text holds offset `at`, searching from block `from` on (offsets come in order). */
function blockAt(starts: Uint32Array, at: number, from: number): number {
  let low = from
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >>> 1
    if (starts[middle]! <= at) low = middle
    else high = middle - 1
  }
  return low
}
