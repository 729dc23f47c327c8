// The passage a reader has selected on a reader page, remembered for the feedback form: the text
// (whitespace collapsed, at most FEEDBACK_PASSAGE_MAX_CHARS) and the id of the block it starts in.
// Remembered while it is selected, and kept when the selection goes because the reader reached for
// the feedback button (a phone drops a selection at any tap); forgotten when the reader clicks in
// the text again, selects something else, leaves the page or sends the feedback.
// In the reader's first page: no zod, no shared/api (client/first-page.test.ts).
import { FEEDBACK_BLOCK_ID_MAX_CHARS, FEEDBACK_PASSAGE_MAX_CHARS } from '#shared/limits.ts'

export interface SelectedPassage {
  contentId: number
  passage: string
  /** The block the selection starts in (a top-level block of the body, or a note's element). */
  blockId: string | null
}

/** Where a passage may come from: the page's body and its links section (footnotes). */
const TEXT_SELECTOR = '.reader-body, .reader-links'
const BLOCK_SELECTOR = '.reader-chunk > [id]'
const ID_LIKE = new RegExp(`^[^\\s\\p{Cc}]{1,${FEEDBACK_BLOCK_ID_MAX_CHARS}}$`, 'u')

let remembered: SelectedPassage | null = null

/**
 * Whitespace collapsed and trimmed; longer than `max` characters it is cut (not inside a surrogate
 * pair) and ends with '…', so the result is at most `max` UTF-16 units long.
 */
export function cleanPassage(text: string, max = FEEDBACK_PASSAGE_MAX_CHARS): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  let end = max - 1
  const last = clean.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${clean.slice(0, end).trimEnd()}…`
}

/** The element a range boundary is in (or the child it points at, when it sits between children). */
function elementAt(node: Node, offset: number): Element | null {
  if (node instanceof Element) {
    const child = node.childNodes[offset]
    return child instanceof Element ? child : node
  }
  return node.parentElement
}

/** The selected passage inside `article`'s text, or null when nothing there is selected. */
export function passageOf(
  selection: Selection | null,
  article: HTMLElement,
): Omit<SelectedPassage, 'contentId'> | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null
  const range = selection.getRangeAt(0)
  const start = elementAt(range.startContainer, range.startOffset)
  const text = start?.closest(TEXT_SELECTOR)
  if (!start || !text || !article.contains(text)) return null
  const passage = cleanPassage(selection.toString())
  if (passage === '') return null
  const block = text.matches('.reader-body') ? start.closest(BLOCK_SELECTOR) : start.closest('[id]')
  const blockId = block && text.contains(block) && ID_LIKE.test(block.id) ? block.id : null
  return { passage, blockId }
}

/** Follows the selection on this page until the returned function is called. */
export function rememberSelections(contentId: number, article: HTMLElement): () => void {
  // Was the last press in the text (a click there drops the selection on purpose), not on a button
  // or a key (Tab to the feedback button moves focus, which may drop the selection on the way)?
  let pointerInText = false
  const onPointerDown = (event: PointerEvent) => {
    pointerInText = event.target instanceof Element && !!event.target.closest(TEXT_SELECTOR)
  }
  const onKeyDown = () => {
    pointerInText = false
  }
  const onSelectionChange = () => {
    const selection = document.getSelection()
    if (!selection || selection.isCollapsed) {
      if (pointerInText) remembered = null
      return
    }
    const found = passageOf(selection, article)
    remembered = found ? { contentId, ...found } : null
  }
  document.addEventListener('pointerdown', onPointerDown, true)
  document.addEventListener('keydown', onKeyDown, true)
  document.addEventListener('selectionchange', onSelectionChange)
  return () => {
    document.removeEventListener('pointerdown', onPointerDown, true)
    document.removeEventListener('keydown', onKeyDown, true)
    document.removeEventListener('selectionchange', onSelectionChange)
    if (remembered?.contentId === contentId) remembered = null
  }
}

/** The passage selected on this page, if the reader has one. */
export function selectedPassage(contentId: number): SelectedPassage | null {
  return remembered?.contentId === contentId ? remembered : null
}

export function forgetPassage() {
  remembered = null
}
