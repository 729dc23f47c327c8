// Search passages: a heading's section (the heading and the blocks up to the next heading), cut so
// that one passage holds a few blocks, each starting at a block whose id a search result opens.
// A tsvector must stay under 1 MB, so no passage is allowed to grow past MAX_PASSAGE_CHARS.

export interface PassageBlock {
  id: string
  /** Plain text, whitespace collapsed. */
  text: string
  isHeading: boolean
}

export interface Passage {
  block: number
  anchor: string
  heading: string
  text: string
}

const PASSAGE_MAX_BLOCKS = 4
const PASSAGE_TARGET_CHARS = 2000
export const MAX_PASSAGE_CHARS = 50_000

interface OpenPassage {
  block: number
  anchor: string
  heading: string
  texts: string[]
  chars: number
}

export function cutIntoPassages(blocks: readonly PassageBlock[]): Passage[] {
  const passages: Passage[] = []
  let heading = ''
  let open: OpenPassage | null = null

  const finish = (): void => {
    if (open) passages.push(...passagePieces(open))
    open = null
  }

  blocks.forEach((block, index) => {
    if (block.text === '') return
    if (block.isHeading) heading = block.text
    const isFull =
      open !== null &&
      (open.texts.length >= PASSAGE_MAX_BLOCKS || open.chars + block.text.length > PASSAGE_TARGET_CHARS)
    if (block.isHeading || isFull) finish()
    open ??= { block: index, anchor: block.id, heading, texts: [], chars: 0 }
    open.texts.push(block.text)
    open.chars += block.text.length + 1
  })
  finish()
  return passages
}

/** One passage, or several with the same start when a single block is longer than the limit. */
function passagePieces(open: OpenPassage): Passage[] {
  const text = open.texts.join('\n')
  const pieces: Passage[] = []
  for (const piece of cutText(text, MAX_PASSAGE_CHARS)) {
    pieces.push({ block: open.block, anchor: open.anchor, heading: open.heading, text: piece })
  }
  return pieces
}

/** Pieces of at most `limit` characters, cut at a space where one is near, never inside a surrogate pair. */
export function cutText(text: string, limit: number): string[] {
  const pieces: string[] = []
  let start = 0
  while (text.length - start > limit) {
    let end = start + limit
    const space = text.lastIndexOf(' ', end)
    if (space > start + limit / 2) end = space
    else if (isHighSurrogate(text.charCodeAt(end - 1))) end--
    pieces.push(text.slice(start, end).trim())
    start = end
  }
  pieces.push(text.slice(start).trim())
  return pieces.filter((piece) => piece !== '')
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
