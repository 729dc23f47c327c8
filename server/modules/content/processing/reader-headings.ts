// The heading levels readers get. A page's stored blocks keep the text's own heading tags (what the
// editor saved); readers are sent them with `aria-level` where a tag's level would skip one in the
// page's outline (shared/text/heading-outline.ts), so assistive technology hears an outline with no
// gaps while tags and styles stay as written. The outline is of the whole page, so a chunk in the
// middle needs the headings before it: `PageOutline` is made once per build from the blocks that
// hold headings, and each chunk is rewritten from it when the chunk is composed.
import { outlineLevels } from '#shared/text/heading-outline.ts'

// In sanitised HTML every `<` of text or of an attribute value is escaped, so this only meets tags;
// the first `>` after it closes the tag.
const HEADING_OPEN = /<h([1-6])(?=[ >])/g
const HEADING_MARK = '<h'

export interface PageOutline {
  /** The block holding each heading, in document order (never decreasing). */
  blocks: Int32Array
  /** Each heading's tag level. */
  tags: Uint8Array
  /** Each heading's level in the outline readers get (at most its tag's). */
  levels: Uint8Array
  /** Whether any level differs from its tag's: when none does, blocks are sent as stored. */
  changed: boolean
}

/** Whether a block may hold a heading (cheap; `headingLevelsIn` decides). */
export function mayHoldHeading(html: string): boolean {
  return html.includes(HEADING_MARK)
}

/** The tag levels of the headings in sanitised HTML, in document order. */
export function headingLevelsIn(html: string): number[] {
  if (!mayHoldHeading(html)) return []
  return Array.from(html.matchAll(HEADING_OPEN), (match) => Number(match[1]))
}

/**
 * The outline of a page from its blocks that may hold headings, in block order (blocks left out
 * hold none), each with its position in the page.
 */
export function pageOutline(blocks: Iterable<{ position: number; html: string }>, top = 2): PageOutline {
  const positions: number[] = []
  const tags: number[] = []
  for (const { position, html } of blocks) {
    for (const level of headingLevelsIn(html)) {
      positions.push(position)
      tags.push(level)
    }
  }
  const levels = outlineLevels(tags, top)
  return {
    blocks: Int32Array.from(positions),
    tags: Uint8Array.from(tags),
    levels,
    changed: levels.some((level, i) => level !== tags[i]),
  }
}

/** How many of the outline's headings are in blocks before `block`. */
export function headingsBefore(outline: PageOutline, block: number): number {
  let low = 0
  let high = outline.blocks.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (outline.blocks[middle]! < block) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Blocks `from …` of the page as readers get them: each heading whose outline level differs from its
 * tag's gets `aria-level`. Throws when the blocks do not hold the outline's headings (they are of
 * another build).
 */
export function withOutlineLevels(blocks: readonly string[], from: number, outline: PageOutline): string[] {
  if (!outline.changed) return [...blocks]
  let next = headingsBefore(outline, from)
  return blocks.map((html, offset) => {
    const block = from + offset
    if (!mayHoldHeading(html) && outline.blocks[next] !== block) return html
    const sent = html.replace(HEADING_OPEN, (tag: string, level: string) => {
      const i = next++
      if (outline.blocks[i] !== block || outline.tags[i] !== Number(level)) {
        throw new Error(`Block ${block} does not hold heading ${i} of the page's outline`)
      }
      const outlineLevel = outline.levels[i]!
      return outlineLevel === outline.tags[i] ? tag : `${tag} aria-level="${outlineLevel}"`
    })
    if (outline.blocks[next] === block) throw new Error(`Block ${block} lacks heading ${next} of the page's outline`)
    return sent
  })
}
