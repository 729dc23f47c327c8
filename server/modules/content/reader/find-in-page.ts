// Find in page: every occurrence of what a reader typed in the whole page, loaded in the reader or
// not, in order, each as its block (id and position) and its place among the block's occurrences.
// The page's text is folded once per build from the build's stored blocks and its links section (the
// notes), by the rule the reader uses on the blocks it shows (shared/text/find-in-page.ts), and kept
// in memory; a query is then one indexOf pass over it (decision 030).
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
import type { ReaderContext } from './reader-context.ts'
import { type BuildRead, linksSection, readableState } from './reader.service.ts'
import * as builds from './reader-builds.repo.ts'

/**
 * A build's text as find sees it: the blocks' folded texts joined by breaks, where each starts, and
 * their ids; the blocks are the page's, then from `firstNote` on the links section's top-level elements.
 */
export interface PageText {
  text: string
  starts: Uint32Array
  ids: string[]
  firstNote: number
}

/** What a page text is made from besides its build: the page and how many blocks the build has. */
export interface PageTextSource {
  id: number
  blockCount: number
}

/** Blocks read per statement (the 9 MB page's 28,000 blocks in 14 reads), so none holds the database long. */
const READ_BATCH_BLOCKS = 2000
/**
 * What the folded texts kept may hold together, in characters: the 9 MB page folds to about 7 million
 * (one byte each when, as there, diacritics are all folded away), so two or three such pages.
 */
const PAGE_TEXT_CACHE_CHARS = 24_000_000

/** Folded page texts by build (the content context's `pageTexts`). */
export type PageTextCache = LRUCache<number, PageText, PageTextSource>

/**
 * The content context's folded page texts by build, each made once (concurrent finds share the
 * making) from the build's blocks and the page's links section.
 */
export function pageTextCache(content: Pick<ReaderContext, 'db' | 'pageHtml'>): PageTextCache {
  return new LRUCache<number, PageText, PageTextSource>({
    maxSize: PAGE_TEXT_CACHE_CHARS,
    sizeCalculation: (page) => page.text.length + 16 * page.ids.length + 1,
    fetchMethod: (buildId, _stale, { context }) => readPageText(content, buildId, context),
  })
}

/** The build's page text, or undefined when the build is gone (a save replaced it meanwhile). */
async function readPageText(
  content: Pick<ReaderContext, 'db' | 'pageHtml'>,
  buildId: number,
  { id, blockCount }: PageTextSource,
) {
  const texts: string[] = []
  const ids: string[] = []
  const starts: number[] = []
  let length = 0
  const add = (block: { id: string; text: string }) => {
    starts.push(length)
    ids.push(block.id)
    texts.push(block.text)
    length += block.text.length + FOLDED_BREAK.length
  }
  for (let from = 0; from < blockCount; from += READ_BATCH_BLOCKS) {
    const to = Math.min(from + READ_BATCH_BLOCKS, blockCount)
    const blocks = await builds.readBlocks(content.db, buildId, from, to)
    if (blocks.length < to - from) return undefined
    for (const html of blocks) add(blockText(html))
  }
  // The notes, as the reader shows them with the last chunk (sanitised as readers get them).
  const links = await linksSection(content, id, buildId)
  if (links === undefined) return undefined
  const firstNote = ids.length
  if (links !== null) for (const note of topLevelTexts(links)) add(note)
  return { text: texts.join(FOLDED_BREAK), starts: Uint32Array.from(starts), ids, firstNote }
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

/**
 * Each top-level element of an HTML fragment (the links section) with its id and its text folded as
 * blockText folds one block; text between elements is not in any and is left out, as the reader's
 * find, which looks in elements, leaves it.
 */
export function topLevelTexts(html: string): Array<{ id: string; text: string }> {
  const found: Array<{ id: string; text: string }> = []
  let pieces: TextPiece[] = []
  let id = ''
  let depth = 0
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (depth === 0) {
          pieces = []
          id = attributes.id ?? ''
        }
        depth++
        if (!INLINE_TAGS.has(tag)) pieces.push(null)
      },
      ontext(text) {
        if (depth > 0) pieces.push(text)
      },
      onclosetag(tag) {
        depth--
        if (!INLINE_TAGS.has(tag)) pieces.push(null)
        if (depth === 0) found.push({ id, text: foldPieces(pieces) })
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return found
}

/** The page's text for the build it shows now, made once per build. */
async function fetchPageText(content: ReaderContext, id: number, buildId: number, blockCount: number) {
  return content.pageTexts.fetch(buildId, { context: { id, blockCount } })
}

/**
 * Every occurrence of `query` in the page (at most FIND_MAX_OCCURRENCES, `capped` when there are
 * more), case and diacritics aside; visitors only find in published pages.
 */
export async function findInPage(
  content: ReaderContext,
  id: number,
  query: string,
  { canSeeDrafts, retry = true }: BuildRead,
): Promise<FindAnswer> {
  const state = await readableState(content, id, { canSeeDrafts })
  const needle = foldQuery(query)
  const empty: FindAnswer = { buildId: state.buildId, total: 0, capped: false, occurrences: [] }
  if (needle === '' || state.buildId === null || state.blockCount === 0) return empty
  const page = await fetchPageText(content, id, state.buildId, state.blockCount)
  if (!page) {
    // A save switched the page to a new build and removed this one after we looked: look again.
    content.pageStates.drop(id, state)
    if (retry) return findInPage(content, id, query, { canSeeDrafts, retry: false })
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

/**
 * Each occurrence (ascending offsets) as its block and its index among that block's occurrences; one
 * in the notes names which note, and has the last block's position (the notes come with the last chunk).
 */
function place(page: PageText, offsets: readonly number[]): FindAnswer['occurrences'] {
  const placed: FindAnswer['occurrences'] = []
  let block = 0
  let index = 0
  for (const at of offsets) {
    const before = block
    block = blockAt(page.starts, at, block)
    index = block === before && placed.length > 0 ? index + 1 : 0
    if (block < page.firstNote) placed.push({ block: page.ids[block]!, position: block, index })
    else placed.push({ block: page.ids[block]!, position: page.firstNote - 1, index, note: block - page.firstNote })
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
