// The HTML pipeline of a content page, pure: the editor's HTML in, everything the reader and search
// store out. Deterministic and idempotent: processing its own output again changes nothing.
import { anchorIds, assignBlockIds, blockId, cutIntoBlocks, renderBlock } from './blocks.ts'
import { findCitations } from './citations.ts'
import { assignHeadingIds, headingId } from './heading-ids.ts'
import { cutIntoPassages, type Passage } from './passages.ts'
import { collectPlainText, sanitizePageHtml } from './sanitize.ts'
import { termUsesOf, type TermIds, type TermUse } from './term-links.ts'
import { splitLinks } from '#shared/text/links-section.ts'
import { LINKS_MARKER } from '#shared/limits.ts'
import type { SavePhase } from './save-timing.ts'

export interface PageInput {
  /** The main HTML; may still hold the links marker and the links section after it. */
  content: string
  linksContent?: string | null | undefined
  /** The lexicon's ids of the terms the page marks (`data-term`); marks of other names stay marks. */
  termIds?: TermIds | undefined
}

export interface PageHeader {
  text: string
  level: number
  id: string
}

export interface PageAnchor {
  anchor: string
  block: number
}

export interface ProcessedPage {
  /** The blocks joined by '\n'. */
  processedContent: string
  /** Each top-level element's HTML, in order: the reader's unit of chunk size. */
  blocks: string[]
  /** Every id and `<a name>` with the block holding it; the first block wins when one repeats. */
  anchors: PageAnchor[]
  headers: PageHeader[]
  /** Canonical references, one per line. */
  citations: string
  linksContent: string | null
  passages: Passage[]
  /** The terms the blocks link to (`/term/{id}`), for the terms' "where used". */
  termUses: TermUse[]
}

/**
 * `lap(phase)`, when given, is called as each part ends, naming it (save-timing.ts): the save's
 * Server-Timing header reports them. `onPassages`, when given, gets the search passages as soon as
 * they are cut, before the blocks are rendered: a save starts writing them meanwhile.
 */
export function processPage(
  input: PageInput,
  lap?: (phase: SavePhase) => void,
  onPassages?: (passages: Passage[]) => void,
): ProcessedPage {
  const { main, links } = pageHalves(input)
  const draft = cutIntoBlocks(main, input.termIds)
  const linksContent = links == null ? null : sanitizePageHtml(links, input.termIds)
  lap?.('sanitise')
  assignHeadingIds(draft.headings, draft.ids)
  assignBlockIds(draft.blocks, draft.ids)
  lap?.('blocks')
  const passages = cutIntoPassages(
    draft.blocks.map((block) => ({ id: blockId(block), text: block.text, isHeading: block.isHeading })),
  )
  lap?.('passages')
  onPassages?.(passages)

  const blocks = draft.blocks.map(renderBlock)
  const blockTexts = draft.blocks.map((block) => block.text)
  const anchors = pageAnchors(draft.blocks.map(anchorIds))
  const headers = draft.headings.map((heading) => ({
    text: heading.text,
    level: heading.level,
    id: headingId(heading),
  }))
  const citations = findCitations(linksContent == null ? blockTexts : [...blockTexts, collectPlainText(linksContent)])
  lap?.('blocks')
  const termUses = termUsesOf(blocks, draft.blocks.map(blockId))
  lap?.('terms')
  return {
    processedContent: blocks.join('\n'),
    blocks,
    anchors,
    headers,
    citations,
    linksContent,
    passages,
    termUses,
  }
}

function pageHalves(input: PageInput): { main: string; links: string | null } {
  if (typeof input.content !== 'string') throw new TypeError('A page needs its content as a string')
  if (input.content.includes(LINKS_MARKER)) return splitLinks(input.content)
  return { main: input.content, links: input.linksContent ?? null }
}

function pageAnchors(idsByBlock: readonly string[][]): PageAnchor[] {
  const seen = new Set<string>()
  const anchors: PageAnchor[] = []
  idsByBlock.forEach((ids, block) => {
    for (const anchor of ids) {
      if (seen.has(anchor)) continue
      seen.add(anchor)
      anchors.push({ anchor, block })
    }
  })
  return anchors
}
