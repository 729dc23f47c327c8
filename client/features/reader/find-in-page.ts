// Find in page, in the page: the occurrences the server listed (block id, index in the block) as
// DOM ranges in the blocks the reader has loaded, found by folding each block's text as the server
// folded the same stored block (shared/text/find-in-page.ts), and drawn with the CSS Custom
// Highlight API, which changes neither the page's nodes nor its layout (decision 030).
import type { FindAnswer } from '#shared/api/content.ts'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import {
  type FoldOrigins,
  INLINE_TAGS,
  type TextPiece,
  foldPieces,
  foldQuery,
  occurrences,
  pieceRange,
} from '#shared/text/find-in-page.ts'

export type Occurrence = FindAnswer['occurrences'][number]

/** The names reader.css styles with ::highlight(): every occurrence, and the current one. */
export const HIGHLIGHT_ALL = 'reader-find'
export const HIGHLIGHT_CURRENT = 'reader-find-current'

/** A block's text pieces in document order (null where the text breaks) and the text nodes they are. */
export function blockPieces(block: Element): { pieces: TextPiece[]; nodes: Array<Text | null> } {
  const pieces: TextPiece[] = []
  const nodes: Array<Text | null> = []
  const walk = (parent: Node) => {
    for (let node = parent.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === Node.TEXT_NODE) {
        pieces.push((node as Text).data)
        nodes.push(node as Text)
      } else if (node.nodeType === Node.ELEMENT_NODE) {
        const inline = INLINE_TAGS.has((node as Element).localName)
        if (!inline) {
          pieces.push(null)
          nodes.push(null)
        }
        walk(node)
        if (!inline) {
          pieces.push(null)
          nodes.push(null)
        }
      }
    }
  }
  walk(block)
  return { pieces, nodes }
}

/**
 * The ranges of a block's occurrences of `query` that are the `indexes`th (counted as the server
 * counts them); an index the block does not have (the page changed) has none.
 */
export function occurrenceRanges(block: Element, query: string, indexes: readonly number[]): Map<number, Range> {
  const ranges = new Map<number, Range>()
  const needle = foldQuery(query)
  if (needle === '' || indexes.length === 0) return ranges
  const { pieces, nodes } = blockPieces(block)
  const origins: FoldOrigins = { piece: [], start: [], end: [] }
  const text = foldPieces(pieces, origins)
  const starts = occurrences(text, needle, Math.max(...indexes) + 1)
  for (const index of indexes) {
    const at = starts[index]
    if (at === undefined) continue
    const place = pieceRange(origins, at, needle.length)
    const startNode = nodes[place.startPiece]
    const endNode = nodes[place.endPiece]
    if (!startNode || !endNode) continue
    const range = block.ownerDocument.createRange()
    range.setStart(startNode, place.start)
    range.setEnd(endNode, place.end)
    ranges.set(index, range)
  }
  return ranges
}

/** The chunk (of the reader's size) that holds an occurrence's block. */
export const chunkOf = (occurrence: Occurrence) => Math.floor(occurrence.position / READER_CHUNK_SIZE)

/** The position of the page's block an element is in (chunk element's child), or null. */
export function blockPosition(element: Element | null): number | null {
  const block = element?.closest('.reader-chunk > *')
  const chunk = block?.parentElement
  if (!block || !chunk) return null
  const index = Number(chunk.getAttribute('data-chunk'))
  return Number.isInteger(index)
    ? index * READER_CHUNK_SIZE + Array.prototype.indexOf.call(chunk.children, block)
    : null
}

/** The first occurrence at or after block `position` (the reader's place), else the first. */
export function firstFrom(list: readonly Occurrence[], position: number | null): number {
  if (position === null) return 0
  const at = list.findIndex((occurrence) => occurrence.position >= position)
  return at === -1 ? 0 : at
}

/** "3 / 17", or "3 / 1000+" when the server listed only the first thousand. */
export function findStatus(current: number | null, answer: Pick<FindAnswer, 'total' | 'capped'>): string {
  return `${current === null ? 0 : current + 1} / ${answer.total}${answer.capped ? '+' : ''}`
}

/** Whether the browser draws highlights (CSS Custom Highlight API); without it the block is marked. */
export const canHighlight = () => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function'
