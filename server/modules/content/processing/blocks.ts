// Cuts sanitised page HTML into top-level blocks, the unit readers load in chunks. Stray text and
// inline markup between blocks is wrapped in a <p>, so every block is an element. Every block gets
// an id: its own, its heading's slug, or one derived from its text so it stays put when other
// paragraphs change. Ids are decided after the whole page is read (a later element may already own
// an id), so open tags carry a placeholder until then.
import { PHRASING_TAGS, type Attribute } from '../../../lib/html-allowlist.ts'
import { claimId, type HeadingDraft, type IdSlot, type PageIds, pageIds } from './heading-ids.ts'
import { closeTagHtml, escapeAttribute, escapeText, openTagHtml, walkSanitizedHtml } from './sanitize.ts'
import type { TermIds } from './term-links.ts'

export interface BlockDraft {
  tag: string
  /** The block's HTML with ID_PLACEHOLDER where a slot's ` id="…"` goes. */
  html: string
  /** Plain decoded text, whitespace collapsed. */
  text: string
  id: string | IdSlot
  /** Every id and `<a name>` inside the block in document order, the block's own first. */
  anchors: Array<string | IdSlot>
  isHeading: boolean
}

export interface PageDraft {
  blocks: BlockDraft[]
  headings: Array<HeadingDraft & { block: number }>
  ids: PageIds
}

// Safe as a placeholder: the sanitiser never lets NUL through.
const ID_PLACEHOLDER = '\u0000'

const HEADING_LEVELS: ReadonlyMap<string, number> = new Map([
  ['h1', 1],
  ['h2', 2],
  ['h3', 3],
  ['h4', 4],
  ['h5', 5],
  ['h6', 6],
])
const WHITESPACE_RUN = /\s+/g
const NOT_WHITESPACE = /\S/
const NEEDS_COLLAPSING = /[^\S ]| {2}/

const BLOCK_ID_PREFIX = 'p-'

interface OpenBlock {
  tag: string
  html: string
  text: string
  id: string | IdSlot
  anchors: Array<string | IdSlot>
  /** A <p> made around stray top-level text and inline markup. */
  isWrapper: boolean
}

type OpenHeading = HeadingDraft & { block: number }

/** Reads the page once: sanitises, cuts top-level blocks, collects headings and the ids in use. */
export function cutIntoBlocks(mainHtml: string, termIds?: TermIds): PageDraft {
  const blocks: BlockDraft[] = []
  const headings: OpenHeading[] = []
  const existingIds: string[] = []
  const openHeadings: OpenHeading[] = []
  let block: OpenBlock | null = null
  let depth = 0

  const addText = (text: string): void => {
    if (block) block.text += text
    for (const heading of openHeadings) heading.text += text
  }

  const finishBlock = (): void => {
    if (!block) return
    if (block.isWrapper) block.html += '</p>'
    blocks.push({
      tag: block.tag,
      html: block.html,
      text: collapseWhitespace(block.text),
      id: block.id,
      anchors: block.anchors,
      isHeading: HEADING_LEVELS.has(block.tag),
    })
    block = null
  }

  const startBlock = (tag: string): OpenBlock => {
    block = { tag, html: '', text: '', id: '', anchors: [], isWrapper: false }
    return block
  }

  const startWrapper = (): OpenBlock => {
    const slot = blockSlot()
    block = { tag: 'p', html: `<p${ID_PLACEHOLDER}>`, text: '', id: slot, anchors: [slot], isWrapper: true }
    return block
  }

  const openElement = (current: OpenBlock, tag: string, attributes: Attribute[], isTopLevel: boolean): void => {
    const level = HEADING_LEVELS.get(tag)
    const ownId = attributes.find(([name]) => name === 'id')?.[1]
    let id: string | IdSlot | undefined = ownId
    if (ownId === undefined && (level !== undefined || isTopLevel)) {
      id = level !== undefined ? headingSlot() : blockSlot()
      current.anchors.push(id)
    }
    for (const [name, value] of attributes) {
      if (name !== 'id' && name !== 'name') continue
      existingIds.push(value)
      current.anchors.push(value)
    }
    if (isTopLevel && id !== undefined) current.id = id
    if (level !== undefined && id !== undefined) {
      const heading: OpenHeading = { level, source: '', text: '', id, block: blocks.length }
      headings.push(heading)
      openHeadings.push(heading)
    }
    current.html += openTagHtml(tag, attributes, ownId === undefined && id !== undefined ? ID_PLACEHOLDER : '')
    if (!PHRASING_TAGS.has(tag) || tag === 'br') addText(' ')
  }

  walkSanitizedHtml(
    mainHtml,
    {
      openElement(tag, attributes) {
        const isBlockTag = !PHRASING_TAGS.has(tag)
        if (depth === 0 && isBlockTag) finishBlock()
        const current = block ?? (isBlockTag ? startBlock(tag) : startWrapper())
        const isTopLevel = depth === 0 && isBlockTag
        openElement(current, tag, attributes, isTopLevel)
        depth++
      },
      closeElement(tag) {
        depth--
        const current = block
        if (!current) return
        current.html += closeTagHtml(tag)
        if (HEADING_LEVELS.has(tag)) closeHeading(openHeadings.pop())
        if (!PHRASING_TAGS.has(tag)) addText(' ')
        if (depth === 0 && !current.isWrapper) finishBlock()
      },
      text(text, source) {
        if (!block && depth === 0 && !NOT_WHITESPACE.test(text)) return
        const current = block ?? startWrapper()
        current.html += escapeText(text)
        addText(text)
        for (const heading of openHeadings) heading.source += source
      },
    },
    termIds,
  )
  finishBlock()
  return { blocks, headings, ids: pageIds(existingIds) }
}

function blockSlot(): IdSlot {
  return { kind: 'block', id: '' }
}

function headingSlot(): IdSlot {
  return { kind: 'heading', id: '' }
}

function closeHeading(heading: HeadingDraft | undefined): void {
  if (heading) heading.text = collapseWhitespace(heading.text)
}

function collapseWhitespace(text: string): string {
  // Most texts only need the separators at their ends trimmed; replacing is the slow path.
  return NEEDS_COLLAPSING.test(text) ? text.replace(WHITESPACE_RUN, ' ').trim() : text.trim()
}

/** Fills every block slot with `p-` and a hash of the block's text (of its HTML when it has none). */
export function assignBlockIds(blocks: readonly BlockDraft[], ids: PageIds): void {
  for (const block of blocks) {
    if (typeof block.id === 'string' || block.id.kind !== 'block') continue
    block.id.id = claimId(ids, BLOCK_ID_PREFIX + textHash(block.text || block.html))
  }
}

/** The block's final HTML, placeholders replaced by the ids given. */
export function renderBlock(block: BlockDraft): string {
  if (!block.html.includes(ID_PLACEHOLDER)) return block.html
  let html = ''
  let from = 0
  for (const anchor of block.anchors) {
    if (typeof anchor === 'string') continue
    const at = block.html.indexOf(ID_PLACEHOLDER, from)
    html += `${block.html.slice(from, at)} id="${escapeAttribute(anchor.id)}"`
    from = at + 1
  }
  return html + block.html.slice(from)
}

export function blockId(block: BlockDraft): string {
  return typeof block.id === 'string' ? block.id : block.id.id
}

export function anchorIds(block: BlockDraft): string[] {
  return block.anchors.map((anchor) => (typeof anchor === 'string' ? anchor : anchor.id))
}

/** FNV-1a (32 bits) of the UTF-16 code units, as 8 hex digits. */
export function textHash(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}
