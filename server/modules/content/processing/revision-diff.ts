// Comparing two versions of a page without diffing 9 MB as one string: the versions are compared
// as sequences of top-level blocks (equal blocks are equal strings, interned to numbers), and only
// the blocks that changed are compared word by word (jsdiff's diffWords on their plain text).
// Both run in the processing worker (processing.worker.ts), never on the main thread (decision 042).
import { hash } from 'node:crypto'
import { diffArrays, diffWords } from 'diff'
import { decodeHTML } from 'entities'
import type { ChangeSummary, DiffBlock, DiffHunk, WordChange } from '#shared/api/revisions.ts'
import { processPage } from './process-page.ts'

/** A run of equal blocks, or a region where `fromCount` blocks were replaced by `toCount`. */
export type Segment =
  | { kind: 'same'; fromStart: number; toStart: number; count: number }
  | { kind: 'replace'; fromStart: number; toStart: number; fromCount: number; toCount: number }

/**
 * The alignment's work is bounded by the size of the two versions: about this many steps of Myers'
 * diff per block of both (a step costs ~10–20 ns in jsdiff), at least ALIGN_STEPS_MIN. A stretch
 * that would need more becomes one replaced region; so does one whose versions share too few blocks
 * for any alignment to fit (found in linear time, before Myers starts). Decision 042.
 */
const ALIGN_STEPS_PER_BLOCK = 200
const ALIGN_STEPS_MIN = 2_000_000

/**
 * jsdiff's Myers diff of n + m items with d edits costs about (n + m)·d steps, and about 30·d² more
 * for the paths it keeps (measured on jsdiff 9: ~550 ns per d² on short sequences).
 */
const myersSteps = (size: number, edits: number) => size * edits + 30 * edits * edits

/** The most edits a Myers diff of `size` items may look for within `steps`. */
function affordableEdits(size: number, steps: number): number {
  if (steps <= 0) return 0
  return Math.min(size, Math.floor((Math.sqrt(size * size + 120 * steps) - size) / 60))
}

/** How many items a and b have in common, counted with repeats (their multiset intersection). */
function commonCount<T>(a: readonly T[], b: readonly T[]): number {
  const counts = new Map<T, number>()
  for (const id of a) counts.set(id, (counts.get(id) ?? 0) + 1)
  let common = 0
  for (const id of b) {
    const left = counts.get(id)
    if (left) {
      counts.set(id, left - 1)
      common++
    }
  }
  return common
}

/**
 * Cuts a revision's stored text into its blocks by their UTF-8 lengths (blocks are joined by one
 * newline); null when the lengths do not fit the text (then the caller processes the text again).
 * Counts bytes over the string itself: no 9 MB buffer, and each block is a slice of the text.
 */
export function splitBlocks(content: string, blockBytes: readonly number[] | null): string[] | null {
  if (!blockBytes) return null
  if (blockBytes.length === 0) return content === '' ? [] : null
  const blocks: string[] = new Array<string>(blockBytes.length)
  let at = 0
  for (let i = 0; i < blockBytes.length; i++) {
    if (i > 0) {
      if (content.charCodeAt(at) !== 0x0a) return null
      at++
    }
    const start = at
    const length = blockBytes[i]!
    let bytes = 0
    while (bytes < length && at < content.length) {
      const code = content.charCodeAt(at++)
      if (code < 0x80) bytes += 1
      else if (code < 0x800) bytes += 2
      else if (code >= 0xd800 && code <= 0xdbff) {
        bytes += 4 // a surrogate pair: one four-byte letter
        at++
      } else bytes += 3
    }
    if (bytes !== length) return null
    blocks[i] = content.slice(start, at)
  }
  return at === content.length ? blocks : null
}

/**
 * Aligns two sequences of block keys (the blocks' HTML, or hashes of it): runs of equal blocks and
 * replaced regions. Patience-style: blocks that occur once in each version and keep their order
 * anchor the alignment (a longest increasing subsequence), and jsdiff's Myers diff runs only on the
 * short stretches between anchors, so a few hundred scattered edits in 30,000 blocks stay cheap.
 */
export function alignBlocks(from: readonly string[], to: readonly string[]): Segment[] {
  const ids = new Map<string, number>()
  const intern = (key: string) => {
    let id = ids.get(key)
    if (id === undefined) ids.set(key, (id = ids.size))
    return id
  }
  const a = from.map(intern)
  const b = to.map(intern)
  const segments: Segment[] = []
  const push = (segment: Segment) => {
    const last = segments.at(-1)
    if (segment.kind === 'same' && segment.count === 0) return
    if (segment.kind === 'replace' && segment.fromCount + segment.toCount === 0) return
    if (last?.kind === 'replace' && segment.kind === 'replace') {
      last.fromCount += segment.fromCount
      last.toCount += segment.toCount
    } else if (last?.kind === 'same' && segment.kind === 'same') {
      last.count += segment.count
    } else segments.push(segment)
  }
  const budget = { steps: Math.max(ALIGN_STEPS_MIN, ALIGN_STEPS_PER_BLOCK * (a.length + b.length)) }
  let i = 0
  let j = 0
  for (const [anchorA, anchorB] of anchors(a, b)) {
    alignStretch(a, b, i, anchorA, j, anchorB, push, budget)
    push({ kind: 'same', fromStart: anchorA, toStart: anchorB, count: 1 })
    i = anchorA + 1
    j = anchorB + 1
  }
  alignStretch(a, b, i, a.length, j, b.length, push, budget)
  return segments
}

/** Pairs (position in a, position in b) of blocks unique in both, the longest run that keeps order. */
function anchors(a: readonly number[], b: readonly number[]): Array<[number, number]> {
  const countA = new Map<number, number>()
  for (const id of a) countA.set(id, (countA.get(id) ?? 0) + 1)
  const onlyInB = new Map<number, number>() // id → position in b, for ids once in b
  const countB = new Map<number, number>()
  b.forEach((id, position) => {
    countB.set(id, (countB.get(id) ?? 0) + 1)
    onlyInB.set(id, position)
  })
  const pairs: Array<[number, number]> = []
  a.forEach((id, position) => {
    if (countA.get(id) === 1 && countB.get(id) === 1) pairs.push([position, onlyInB.get(id)!])
  })
  // Longest increasing subsequence of the b positions (patience sorting), kept with back links.
  const tails: number[] = []
  const previous: number[] = new Array<number>(pairs.length)
  pairs.forEach(([, position], k) => {
    let low = 0
    let high = tails.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (pairs[tails[middle]!]![1] < position) low = middle + 1
      else high = middle
    }
    previous[k] = low > 0 ? tails[low - 1]! : -1
    tails[low] = k
  })
  const chosen: Array<[number, number]> = []
  for (let k = tails.at(-1) ?? -1; k !== -1; k = previous[k]!) chosen.push(pairs[k]!)
  return chosen.reverse()
}

/**
 * Aligns a[i0, i1) with b[j0, j1): the common start and end, then Myers on the rest when the budget
 * allows the edits it needs (at least n + m − 2·common), else the rest is one replaced region.
 */
function alignStretch(
  a: readonly number[],
  b: readonly number[],
  i0: number,
  i1: number,
  j0: number,
  j1: number,
  push: (segment: Segment) => void,
  budget: { steps: number },
) {
  let head = 0
  while (i0 + head < i1 && j0 + head < j1 && a[i0 + head] === b[j0 + head]) head++
  let tail = 0
  while (i1 - tail > i0 + head && j1 - tail > j0 + head && a[i1 - 1 - tail] === b[j1 - 1 - tail]) tail++
  push({ kind: 'same', fromStart: i0, toStart: j0, count: head })
  let i = i0 + head
  let j = j0 + head
  const middleA = a.slice(i, i1 - tail)
  const middleB = b.slice(j, j1 - tail)
  let changes: ReturnType<typeof diffArrays<number>> | undefined
  if (middleA.length && middleB.length) {
    const size = middleA.length + middleB.length
    const allowed = affordableEdits(size, budget.steps)
    if (size - 2 * commonCount(middleA, middleB) <= allowed) {
      changes = diffArrays(middleA, middleB, { maxEditLength: allowed })
      const edits = changes
        ? changes.reduce((sum, change) => sum + (change.added || change.removed ? (change.count ?? 0) : 0), 0)
        : allowed
      budget.steps -= myersSteps(size, edits)
    }
  }
  if (!changes) {
    push({ kind: 'replace', fromStart: i, toStart: j, fromCount: middleA.length, toCount: middleB.length })
  } else {
    for (const change of changes) {
      const n = change.count ?? change.value.length
      if (change.added) {
        push({ kind: 'replace', fromStart: i, toStart: j, fromCount: 0, toCount: n })
        j += n
      } else if (change.removed) {
        push({ kind: 'replace', fromStart: i, toStart: j, fromCount: n, toCount: 0 })
        i += n
      } else {
        push({ kind: 'same', fromStart: i, toStart: j, count: n })
        i += n
        j += n
      }
    }
  }
  push({ kind: 'same', fromStart: i1 - tail, toStart: j1 - tail, count: tail })
}

/** Blocks added, removed and changed (a replaced region pairs its blocks: min(from, to) changed). */
export function summarize(segments: readonly Segment[]): ChangeSummary & { unchanged: number } {
  const summary = { added: 0, removed: 0, changed: 0, unchanged: 0 }
  for (const segment of segments) {
    if (segment.kind === 'same') {
      summary.unchanged += segment.count
      continue
    }
    const paired = Math.min(segment.fromCount, segment.toCount)
    summary.changed += paired
    summary.added += segment.toCount - paired
    summary.removed += segment.fromCount - paired
  }
  return summary
}

const LINE_BREAKING_TAG = /<br\s*\/?>|<\/(?:p|li|td|th|tr|div|h[1-6]|dd|dt|blockquote|pre)>/gi
const TAG = /<[^>]*>/g
// Runs of whitespace, or one whitespace that is not a space: /\s+/ matched every single space too,
// which took a third of a second on a 2 MB block.
const SPACES = /\s\s+|[^\S ]/g

/** A block's text as a reader sees it: tags out, entities decoded, whitespace collapsed. */
export function blockText(html: string): string {
  return decodeHTML(html.replace(LINE_BREAKING_TAG, ' ').replace(TAG, '')).replace(SPACES, ' ').trim()
}

export function blockTag(html: string): string {
  return /^<([a-z][a-z0-9]*)/i.exec(html)?.[1]?.toLowerCase() ?? 'p'
}

/**
 * The word diff of one block is bounded like the alignment: Myers steps over its words (both texts),
 * at most WORD_STEPS_PER_BLOCK; a comparison's word diffs together at most WORD_STEPS_PER_ANSWER.
 * A block past its share is answered as all its old words removed and all its new words added.
 */
const WORD_STEPS_PER_BLOCK = 1_000_000
const WORD_STEPS_PER_ANSWER = 20_000_000
const WORDS = /\S+/g

/**
 * Words added and removed inside one changed block, neighbouring parts of one kind merged. Bounded:
 * at most `steps` steps of the diff (the whole block replaced past them); the steps used are taken off.
 */
export function wordChanges(
  fromText: string,
  toText: string,
  budget: { steps: number } = { steps: WORD_STEPS_PER_BLOCK },
): WordChange[] {
  // jsdiff's tokens are words, the spaces between them and punctuation: about two per word.
  const fromWords = fromText.match(WORDS) ?? []
  const toWords = toText.match(WORDS) ?? []
  const size = 2 * (fromWords.length + toWords.length)
  const allowed = affordableEdits(size, Math.min(budget.steps, WORD_STEPS_PER_BLOCK))
  // Words only one text has are each an edit: past the allowance, Myers is not started at all.
  const fewestEdits = fromWords.length + toWords.length - 2 * commonCount(fromWords, toWords)
  const changes =
    allowed > 0 && fewestEdits <= allowed ? diffWords(fromText, toText, { maxEditLength: allowed }) : undefined
  if (!changes) {
    if (allowed > 0 && fewestEdits <= allowed) budget.steps -= myersSteps(size, allowed)
    const whole: WordChange[] = []
    if (fromText) whole.push({ kind: 'removed', text: fromText })
    if (toText) whole.push({ kind: 'added', text: toText })
    return whole
  }
  const parts: WordChange[] = []
  let edits = 0
  for (const change of changes) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same'
    if (kind !== 'same') edits += change.count ?? 1
    const last = parts.at(-1)
    if (last?.kind === kind) last.text += change.value
    else parts.push({ kind, text: change.value })
  }
  budget.steps -= myersSteps(size, edits)
  return parts
}

export interface ComparisonOptions {
  /** Unchanged blocks shown before and after each changed region. */
  context: number
  /** Changed, added and removed blocks answered at most; past it the answer says `truncated`. */
  maxChangedBlocks: number
}

/** The changed regions of two versions' blocks as hunks with context, word changes inside changed blocks. */
export function compareBlocks(
  from: readonly string[],
  to: readonly string[],
  { context, maxChangedBlocks }: ComparisonOptions,
): { summary: ChangeSummary & { unchanged: number }; hunks: DiffHunk[]; truncated: boolean } {
  const segments = alignBlocks(from, to)
  const hunks: DiffHunk[] = []
  let current: DiffBlock[] | null = null
  let shown = 0
  let truncated = false
  const wordBudget = { steps: WORD_STEPS_PER_ANSWER }
  const same = (fromPosition: number, toPosition: number): DiffBlock => {
    const text = blockText(to[toPosition]!)
    return {
      kind: 'same',
      tag: blockTag(to[toPosition]!),
      fromPosition,
      toPosition,
      fromText: text,
      toText: text,
      words: null,
    }
  }
  const close = () => {
    if (current?.length) hunks.push({ blocks: current })
    current = null
  }
  for (const [index, segment] of segments.entries()) {
    const isLast = index === segments.length - 1
    if (segment.kind === 'same') {
      const lead = current ? Math.min(context, segment.count) : 0
      if (current && segment.count <= 2 * context && !isLast) {
        for (let k = 0; k < segment.count; k++) current.push(same(segment.fromStart + k, segment.toStart + k))
        continue
      }
      for (let k = 0; k < lead; k++) current!.push(same(segment.fromStart + k, segment.toStart + k))
      close()
      if (isLast) break
      const trail = Math.min(context, segment.count - lead)
      current = []
      for (let k = segment.count - trail; k < segment.count; k++) {
        current.push(same(segment.fromStart + k, segment.toStart + k))
      }
      continue
    }
    current ??= []
    // Only the blocks answered are turned into text and compared word by word. In a region the
    // changed (paired) blocks come first, then the removed or the added ones (as a reader of a
    // diff expects); a region has only one of those two kinds left over.
    const paired = Math.min(segment.fromCount, segment.toCount)
    for (let k = 0; k < Math.max(segment.fromCount, segment.toCount); k++) {
      if (shown >= maxChangedBlocks) {
        truncated = true
        break
      }
      const fromPosition = k < segment.fromCount ? segment.fromStart + k : null
      const toPosition = k < segment.toCount ? segment.toStart + k : null
      const fromText = fromPosition === null ? null : blockText(from[fromPosition]!)
      const toText = toPosition === null ? null : blockText(to[toPosition]!)
      const tag = blockTag(toPosition === null ? from[fromPosition!]! : to[toPosition]!)
      if (k < paired) {
        const words = wordChanges(fromText!, toText!, wordBudget)
        current.push({ kind: 'changed', tag, fromPosition, toPosition, fromText, toText, words })
      } else if (fromPosition !== null) {
        current.push({ kind: 'removed', tag, fromPosition, toPosition: null, fromText, toText: null, words: null })
      } else {
        current.push({ kind: 'added', tag, fromPosition: null, toPosition, fromText: null, toText, words: null })
      }
      shown++
    }
    if (truncated) break
  }
  close()
  return { summary: summarize(segments), hunks, truncated }
}

/** A version's text with the UTF-8 length of each block (null when not kept: the text is processed again). */
export interface VersionText {
  content: string
  blockBytes: number[] | null
}

export interface VersionsToCompare {
  from: VersionText
  to: VersionText
  options: ComparisonOptions
}

export type BlockComparison = ReturnType<typeof compareBlocks>

/** The blocks of a version: cut by the lengths kept with it, or by processing its text again. */
function versionBlocks(version: VersionText): string[] {
  return splitBlocks(version.content, version.blockBytes) ?? processPage({ content: version.content }).blocks
}

/** Two versions' texts compared block by block (the processing worker runs this). */
export function compareVersions({ from, to, options }: VersionsToCompare): BlockComparison {
  return compareBlocks(versionBlocks(from), versionBlocks(to), options)
}

/** The length of an md5 in hex. */
const MD5_HEX = 32

/** A block's md5 in hex, as PostgreSQL's md5() gives it. */
export const blockHash = (html: string) => hash('md5', html)

/**
 * What a save's blocks change against the version before it, given as the md5 (hex) of each of its
 * blocks joined into one string (revisions.repo.ts reads them so from the database).
 */
export function changeSummaryAgainst(previousHashes: string, blocks: readonly string[]): ChangeSummary {
  if (previousHashes.length % MD5_HEX !== 0) throw new Error("The previous blocks' hashes are not whole md5s")
  const previous: string[] = []
  for (let at = 0; at < previousHashes.length; at += MD5_HEX) previous.push(previousHashes.slice(at, at + MD5_HEX))
  const { added, removed, changed } = summarize(alignBlocks(previous, blocks.map(blockHash)))
  return { added, removed, changed }
}
