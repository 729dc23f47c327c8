// Which word of the reader's text a reader wants looked up in the lexicon: the word a double-click,
// a long press or a keyboard selection points at. A word is a run of letters (Pāli and Latin with
// their diacritics, ṁ and ṃ written with a combining dot too); an apostrophe between letters belongs
// to it (gacchāmī'ti). A selection of more than one word, or of more than LOOKUP_WORD_MAX_CHARS,
// is no word. Pure text rules here; the DOM is only read (use-word-lookup.ts handles the events).

/** The longest word the lexicon lookup accepts (GET /api/terms/lookup: 1–100 characters). */
export const LOOKUP_WORD_MAX_CHARS = 100

/** The text lookups work in: the page body's chunks (not the title bar, menus or the links section). */
export const LOOKUP_TEXT_SELECTOR = '.reader-chunk'

const LETTER = /[\p{L}\p{M}]/u
const APOSTROPHE = /['’ʼ]/u
/** One word, whole: letters, with apostrophes only between letters. */
const ONE_WORD = /^[\p{L}\p{M}]+(?:['’ʼ][\p{L}\p{M}]+)*$/u
/** What may surround a selected word and is not part of it: spaces, punctuation, quotes, brackets. */
const EDGE = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu

/** The word a selected text is, or null when it is none, several or too long. */
export function wordOf(text: string): string | null {
  if (text.length > LOOKUP_WORD_MAX_CHARS * 2) return null
  const word = text.replace(EDGE, '').normalize('NFC')
  if (word === '' || word.length > LOOKUP_WORD_MAX_CHARS || !ONE_WORD.test(word)) return null
  return word
}

const isLetterAt = (text: string, index: number) => index >= 0 && index < text.length && LETTER.test(text[index]!)

/**
 * The word of `text` around `offset` (a caret position: the word the character after it, or else
 * before it, belongs to) as [start, end), or null when the caret is not at a word.
 */
export function wordRangeAt(text: string, offset: number): [number, number] | null {
  let at = offset
  if (!isLetterAt(text, at)) at = offset - 1
  if (!isLetterAt(text, at)) return null
  let start = at
  let end = at + 1
  for (;;) {
    if (isLetterAt(text, start - 1)) start -= 1
    else if (APOSTROPHE.test(text[start - 1] ?? '') && isLetterAt(text, start - 2)) start -= 2
    else break
  }
  for (;;) {
    if (isLetterAt(text, end)) end += 1
    else if (APOSTROPHE.test(text[end] ?? '') && isLetterAt(text, end + 1)) end += 2
    else break
  }
  return end - start > LOOKUP_WORD_MAX_CHARS ? null : [start, end]
}

/** The element a range boundary is in (or the child it points at, when it sits between children). */
function elementAt(node: Node, offset: number): Element | null {
  if (node.nodeType === Node.ELEMENT_NODE) {
    const child = node.childNodes[offset]
    return child?.nodeType === Node.ELEMENT_NODE ? (child as Element) : (node as Element)
  }
  return node.parentElement
}

/** The block (a chunk's child) an element of the body is in, or null outside the body's text. */
export function blockOf(element: Element | null, within: Element): Element | null {
  const chunk = element?.closest(LOOKUP_TEXT_SELECTOR)
  if (!element || !chunk || !within.contains(chunk)) return null
  let block: Element = element
  while (block.parentElement && block.parentElement !== chunk) block = block.parentElement
  return block === chunk ? null : block
}

/**
 * The word the reader selected inside `within`'s text, or null: nothing selected, a selection
 * outside the text or across blocks (never read out: a select-all of a 9 MB page stays cheap), or
 * more than one word.
 */
export function selectedWord(selection: Selection | null, within: Element): { word: string; range: Range } | null {
  if (!selection || selection.isCollapsed || selection.rangeCount !== 1) return null
  const range = selection.getRangeAt(0)
  const startBlock = blockOf(elementAt(range.startContainer, range.startOffset), within)
  if (!startBlock) return null
  if (range.startContainer !== range.endContainer) {
    const endBlock = blockOf(elementAt(range.endContainer, range.endOffset), within)
    if (endBlock !== startBlock) return null
  } else if (range.endOffset - range.startOffset > LOOKUP_WORD_MAX_CHARS * 2) {
    return null
  }
  const word = wordOf(range.toString())
  return word ? { word, range: range.cloneRange() } : null
}

/** The word under a point of the body's text (a long press), with its range, or null. */
export function wordAtPoint(x: number, y: number, within: Element): { word: string; range: Range } | null {
  const caret = caretAt(x, y)
  if (!caret || caret.node.nodeType !== Node.TEXT_NODE) return null
  if (!blockOf(caret.node.parentElement, within)) return null
  const text = caret.node.nodeValue ?? ''
  const found = wordRangeAt(text, caret.offset)
  if (!found) return null
  const word = wordOf(text.slice(found[0], found[1]))
  if (!word) return null
  const range = document.createRange()
  range.setStart(caret.node, found[0])
  range.setEnd(caret.node, found[1])
  // the caret lands at the nearest text even beside it: the word must be under the finger
  const box = range.getBoundingClientRect()
  const slack = 4
  if (x < box.left - slack || x > box.right + slack || y < box.top - slack || y > box.bottom + slack) return null
  return { word, range }
}

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  if (typeof document.caretPositionFromPoint === 'function') {
    const position = document.caretPositionFromPoint(x, y)
    return position ? { node: position.offsetNode, offset: position.offset } : null
  }
  const legacy = (document as { caretRangeFromPoint?: (x: number, y: number) => Range | null }).caretRangeFromPoint
  const range = legacy?.call(document, x, y)
  return range ? { node: range.startContainer, offset: range.startOffset } : null
}
