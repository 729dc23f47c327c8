// An imported page cut for its preview: the main content and the notes each into pieces of whole
// top-level blocks, about PREVIEW_PIECE_CHARS each, so a 9 MB document is drawn a piece at a time
// as it scrolls into view, never all at once; its headings for the table of contents; and which
// piece holds an id, so a footnote jump can draw its target first. Pure: one pass over the tags.
import { splitLinks } from '#shared/text/links-section.ts'
import { pageHeadings } from '#shared/text/page-sections.ts'

/** A piece's size in characters of HTML: drawing one takes a few milliseconds. */
export const PREVIEW_PIECE_CHARS = 64_000

export interface PreviewPiece {
  part: 'main' | 'links'
  html: string
}

export interface PreviewHeading {
  level: number
  text: string
  /** The piece that holds it (always a main piece). */
  piece: number
  /** Its place among the piece's top-level elements. */
  block: number
}

export interface PreviewDocument {
  pieces: PreviewPiece[]
  headings: PreviewHeading[]
}

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr'])
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*\s*(\/?)>/y

/** Offsets of the start tags that open at the top level, in order (comments skipped). */
export function topLevelStarts(html: string): number[] {
  const starts: number[] = []
  let depth = 0
  let at = html.indexOf('<')
  while (at !== -1) {
    if (html.startsWith('<!--', at)) {
      const close = html.indexOf('-->', at + 4)
      at = close === -1 ? -1 : html.indexOf('<', close + 3)
      continue
    }
    TAG.lastIndex = at
    const tag = TAG.exec(html)
    if (!tag) {
      at = html.indexOf('<', at + 1)
      continue
    }
    const [, closing, name, selfClosing] = tag
    if (closing) {
      if (depth > 0) depth -= 1
    } else {
      if (depth === 0) starts.push(at)
      if (!selfClosing && !VOID_ELEMENTS.has(name!.toLowerCase())) depth += 1
    }
    at = html.indexOf('<', TAG.lastIndex)
  }
  return starts
}

interface Cut {
  html: string
  /** Offset in the part's text where the piece starts. */
  from: number
  /** Offsets of the piece's top-level elements, in the part's text. */
  starts: number[]
}

/** Whole top-level blocks gathered into pieces of about `size` characters. */
function cutIntoPieces(html: string, size: number): Cut[] {
  if (html.trim() === '') return []
  const starts = topLevelStarts(html)
  const cuts: Cut[] = []
  let from = 0
  let pieceStarts: number[] = []
  for (const start of starts) {
    if (start - from >= size && pieceStarts.length > 0) {
      cuts.push({ html: html.slice(from, start), from, starts: pieceStarts })
      from = start
      pieceStarts = []
    }
    pieceStarts.push(start)
  }
  cuts.push({ html: html.slice(from), from, starts: pieceStarts })
  return cuts
}

/** The last index whose value is at most `offset` (values ascending); -1 when none is. */
function lastAtOrBefore(values: readonly number[], offset: number): number {
  let low = 0
  let high = values.length - 1
  let found = -1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (values[middle]! <= offset) {
      found = middle
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

export function previewDocument(html: string, size = PREVIEW_PIECE_CHARS): PreviewDocument {
  const { main, links } = splitLinks(html)
  const mainCuts = cutIntoPieces(main, size)
  const froms = mainCuts.map((cut) => cut.from)
  const headings: PreviewHeading[] = []
  for (const heading of pageHeadings(main)) {
    const piece = lastAtOrBefore(froms, heading.start)
    if (piece === -1) continue
    const block = mainCuts[piece]!.starts.indexOf(heading.start)
    headings.push({ level: heading.level, text: heading.text, piece, block: Math.max(block, 0) })
  }
  const pieces: PreviewPiece[] = [
    ...mainCuts.map((cut) => ({ part: 'main' as const, html: cut.html })),
    ...cutIntoPieces(links ?? '', size).map((cut) => ({ part: 'links' as const, html: cut.html })),
  ]
  return { pieces, headings }
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The piece with an element whose id (or name, as Word writes its anchors) is `id`; -1 when none. */
export function pieceHolding(document: PreviewDocument, id: string): number {
  const escaped = escapeForPattern(id.replace(/&/g, '&amp;').replace(/"/g, '&quot;'))
  const pattern = new RegExp(`\\s(?:id|name)\\s*=\\s*(?:"${escaped}"|'${escaped}'|${escaped}[\\s/>])`)
  return document.pieces.findIndex((piece) => pattern.test(piece.html))
}
