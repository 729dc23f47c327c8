// Where the paragraph link points: the top-level blocks of the reader body, the one a pointer or
// focus is in, the one at the reading position, and the next or previous one for the arrow keys.
// DOM look-ups only; BlockLink.tsx holds the state.

/** A top-level block of a chunk: what a paragraph link points at. */
const BLOCK_SELECTOR = '.reader-chunk > [id]'
const CHUNK_SELECTOR = '.reader-chunk, .reader-gap'

/** How many characters of a block a screen reader hears as the link's description. */
const PREVIEW_CHARS = 80

function isBlock(element: Element | null): element is HTMLElement {
  return element instanceof HTMLElement && element.id !== '' && !!element.parentElement?.matches('.reader-chunk')
}

/** The block that holds this node, if it is inside the body. */
export function blockOf(node: EventTarget | null, body: HTMLElement): HTMLElement | null {
  if (!(node instanceof Element)) return null
  const block = node.closest<HTMLElement>(BLOCK_SELECTOR)
  return block && body.contains(block) ? block : null
}

/**
 * Where the arrow keys go from a block: the next (or previous) block, crossing into the next chunk;
 * a placeholder of a chunk not loaded yet stops the walk (its chunk has to come first), and the
 * last block on the page says so with 'end'.
 */
export type Step = { block: HTMLElement } | { gap: number } | { end: true }

export function step(block: HTMLElement, direction: 1 | -1): Step {
  for (let sibling = neighbour(block, direction); sibling; sibling = neighbour(sibling, direction)) {
    if (isBlock(sibling)) return { block: sibling }
  }
  // the chunk is done: look in the chunks after (or before) it
  for (let chunk = neighbour(block.parentElement, direction); chunk; chunk = neighbour(chunk, direction)) {
    if (!chunk.matches(CHUNK_SELECTOR)) continue
    if (chunk.matches('.reader-gap')) return { gap: Number(chunk.getAttribute('data-gap')) }
    const children = [...chunk.children]
    if (direction === -1) children.reverse()
    const found = children.find(isBlock)
    if (found) return { block: found }
  }
  return { end: true }
}

function neighbour(element: Element | null, direction: 1 | -1): Element | null {
  if (!element) return null
  return direction === 1 ? element.nextElementSibling : element.previousElementSibling
}

export function firstBlock(body: HTMLElement): HTMLElement | null {
  const found = body.querySelector(BLOCK_SELECTOR)
  return isBlock(found) ? found : null
}

export function lastBlock(body: HTMLElement): HTMLElement | null {
  const chunks = body.querySelectorAll('.reader-chunk')
  for (let index = chunks.length - 1; index >= 0; index--) {
    const children = [...chunks[index]!.children].reverse()
    const found = children.find(isBlock)
    if (found) return found
  }
  return null
}

/**
 * The first of `count` boxes laid out top to bottom whose bottom edge is below `line` (a binary
 * search: a chunk holds 600 blocks), or -1 when every box ends above it.
 */
export function firstEndingBelow(count: number, bottomOf: (index: number) => number, line: number): number {
  let low = 0
  let high = count
  while (low < high) {
    const middle = (low + high) >> 1
    if (bottomOf(middle) > line) high = middle
    else low = middle + 1
  }
  return low < count ? low : -1
}

/**
 * The block the reader is at, for the reading area from `top` to `bottom`: the first block that
 * starts inside it, or the one that fills it (starts above and ends below `top`). So the link sits
 * in view, and Tab onto it does not scroll.
 */
export function blockInView(body: HTMLElement, top: number, bottom: number): HTMLElement | null {
  const reaching = blockAtLine(body, top)
  if (!reaching || reaching.getBoundingClientRect().top >= top) return reaching
  const next = step(reaching, 1)
  return 'block' in next && next.block.getBoundingClientRect().top < bottom ? next.block : reaching
}

/** The first block that reaches below `line`. */
function blockAtLine(body: HTMLElement, line: number): HTMLElement | null {
  const chunks = [...body.querySelectorAll<HTMLElement>('.reader-chunk')]
  const bottom = (element: Element) => element.getBoundingClientRect().bottom
  const chunkIndex = firstEndingBelow(chunks.length, (index) => bottom(chunks[index]!), line)
  if (chunkIndex === -1) return lastBlock(body)
  const children = [...chunks[chunkIndex]!.children]
  const childIndex = firstEndingBelow(children.length, (index) => bottom(children[index]!), line)
  const from = childIndex === -1 ? children.length - 1 : childIndex
  const after = children.slice(from).find(isBlock)
  return after ?? children.slice(0, from).reverse().find(isBlock) ?? null
}

/** The start of a block's text, for a screen reader to tell which paragraph the link is for. */
export function blockPreview(block: HTMLElement): string {
  const text = (block.textContent ?? '').replace(/\s+/g, ' ').trim()
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : text
}

/** The paragraph's address: the page and the block's id. */
export function blockAddress(origin: string, contentId: number, blockId: string): string {
  return `${origin}/content/${contentId}#${encodeURIComponent(blockId)}`
}
