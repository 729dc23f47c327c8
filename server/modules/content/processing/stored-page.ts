// What the database stores of a processed page, and how it crosses from the processing worker to
// the main thread. A 9 MB page is ~28,000 blocks, ~47,000 anchors and ~8,800 passages: copied as
// that many objects, receiving it stalls the main thread (and every reader waiting on it) for a
// tenth of a second or more. Packed into a few long strings and typed arrays it costs milliseconds.
import type { Passage } from './passages.ts'
import type { PageHeader, ProcessedPage } from './process-page.ts'
import type { TermUse } from './term-links.ts'

export interface StoredPage {
  /** Each top-level element's HTML, in order (the reader's unit of chunk size). */
  blocks: string[]
  /** Which block holds each element id, as JSON pairs `[["_ftn12", 27810], …]` (see reader_builds). */
  anchorIndex: string
  headers: PageHeader[]
  citations: string
  linksContent: string | null
  passages: Passage[]
  termUses: TermUse[]
}

export function toStoredPage(page: ProcessedPage): StoredPage {
  return {
    blocks: page.blocks,
    // processPage already keeps only the first block of an id that repeats.
    anchorIndex: JSON.stringify(page.anchors.map(({ anchor, block }) => [anchor, block])),
    headers: page.headers,
    citations: page.citations,
    linksContent: page.linksContent,
    passages: page.passages,
    termUses: page.termUses,
  }
}

/** A StoredPage as a handful of strings and typed arrays (the arrays' buffers can be transferred). */
export interface PackedPage extends PackedPassages {
  blockText: string
  blockEnds: Uint32Array
  anchorIndex: string
  headers: PageHeader[]
  citations: string
  linksContent: string | null
  /** A few per page at most (one per term linked): sent as they are. */
  termUses: TermUse[]
}

/** U+0000 cannot occur in ids or in headings' text: the sanitiser's parser drops it. */
const PACK_SEPARATOR = '\u0000'

/** A page's search passages as a few strings and typed arrays (sent ahead of the page by a save). */
export interface PackedPassages {
  passageText: string
  passageEnds: Uint32Array
  passageBlocks: Int32Array
  /** Anchor and heading of each passage, joined by PACK_SEPARATOR (neither can contain it). */
  passageAnchors: string
  passageHeadings: string
}

export function packPassages(passages: readonly Passage[]): { packed: PackedPassages; transfer: ArrayBuffer[] } {
  const texts = joinWithEnds(passages.map((passage) => passage.text))
  const packed: PackedPassages = {
    passageText: texts.text,
    passageEnds: texts.ends,
    passageBlocks: Int32Array.from(passages, (passage) => passage.block),
    passageAnchors: joinChecked(passages.map((passage) => passage.anchor)),
    passageHeadings: joinChecked(passages.map((passage) => passage.heading)),
  }
  return { packed, transfer: [packed.passageEnds.buffer, packed.passageBlocks.buffer] as ArrayBuffer[] }
}

export function unpackPassages(packed: PackedPassages): Passage[] {
  const texts = splitAtEnds(packed.passageText, packed.passageEnds)
  const count = packed.passageBlocks.length
  const anchors = count === 0 ? [] : packed.passageAnchors.split(PACK_SEPARATOR)
  const headings = count === 0 ? [] : packed.passageHeadings.split(PACK_SEPARATOR)
  const passages: Passage[] = []
  for (let i = 0; i < count; i++) {
    passages.push({ block: packed.passageBlocks[i]!, anchor: anchors[i]!, heading: headings[i]!, text: texts[i]! })
  }
  return passages
}

export function packStoredPage(page: StoredPage): { packed: PackedPage; transfer: ArrayBuffer[] } {
  const blocks = joinWithEnds(page.blocks)
  const passages = packPassages(page.passages)
  const packed: PackedPage = {
    blockText: blocks.text,
    blockEnds: blocks.ends,
    anchorIndex: page.anchorIndex,
    headers: page.headers,
    citations: page.citations,
    linksContent: page.linksContent,
    ...passages.packed,
    termUses: page.termUses,
  }
  return { packed, transfer: [packed.blockEnds.buffer as ArrayBuffer, ...passages.transfer] }
}

export function unpackStoredPage(packed: PackedPage): StoredPage {
  return {
    blocks: splitAtEnds(packed.blockText, packed.blockEnds),
    anchorIndex: packed.anchorIndex,
    headers: packed.headers,
    citations: packed.citations,
    linksContent: packed.linksContent,
    passages: unpackPassages(packed),
    termUses: packed.termUses,
  }
}

function joinWithEnds(parts: readonly string[]): { text: string; ends: Uint32Array } {
  const ends = new Uint32Array(parts.length)
  let length = 0
  parts.forEach((part, i) => {
    length += part.length
    ends[i] = length
  })
  return { text: parts.join(''), ends }
}

function splitAtEnds(text: string, ends: Uint32Array): string[] {
  const parts: string[] = []
  let start = 0
  for (const end of ends) {
    parts.push(text.slice(start, end))
    start = end
  }
  return parts
}

function joinChecked(parts: readonly string[]): string {
  if (parts.some((part) => part.includes(PACK_SEPARATOR))) throw new Error('A passage anchor or heading holds U+0000')
  return parts.join(PACK_SEPARATOR)
}
