// Find in page (the reader's find bar and GET /api/content/{id}/find): how a page's text is seen
// when a reader looks for something in it. The server reads a build's stored blocks and the reader
// the same blocks in the page; both cut a block into the same pieces of text and fold them here, so
// the occurrence the server counts as the nth of its block is the nth the reader finds there.
//
// Folding is search's (search-text.ts): lowercase, diacritics off ("dukkha" finds "dukkhā", "sona"
// finds "sõna"). A run of whitespace is one space. Where an element that is not inline opens or
// closes (a paragraph in a list item, a table cell) and at <br>, the text breaks: a break is '\n',
// which no folded query holds, so an occurrence never runs across one (nor across blocks).
import { foldSearchChar } from './search-text.ts'

/** A piece of a block's text in document order, or null where the text breaks (see above). */
export type TextPiece = string | null

/** Elements whose text runs on in its line; any other element, and <br>, breaks the text. */
export const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'b',
  'cite',
  'code',
  'em',
  'i',
  'img',
  'mark',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
])

/** What a break folds to. */
export const FOLDED_BREAK = '\n'
const WHITESPACE = /\s/u
const WHITESPACE_RUN = /\s+/u
/** Printable ASCII only: such a word folds by lowercasing (anything else goes character by character). */
const ASCII_ONLY = /^[ -~]*$/

/** Where each folded character came from: its piece, and its start and end in that piece's text. */
export interface FoldOrigins {
  piece: number[]
  start: number[]
  end: number[]
}

/** 0: nothing pending, 1: a space, 2: a break. */
type Pending = 0 | 1 | 2

/**
 * The pieces' text folded as find sees it (see above); whitespace and breaks before the first and
 * after the last character are dropped. With `origins`, it is filled for every folded character
 * (a space or break gets the position of the character after it).
 */
export function foldPieces(pieces: Iterable<TextPiece>, origins?: FoldOrigins): string {
  return origins ? foldTracked(pieces, origins) : foldFast(pieces)
}

/** A folded query: what a reader typed, folded as page text is (empty when nothing is left). */
export function foldQuery(query: string): string {
  return foldFast([query])
}

/** The page text path: word by word, ASCII words in one native call. Same result as foldTracked. */
function foldFast(pieces: Iterable<TextPiece>): string {
  const parts: string[] = []
  let pending: Pending = 0
  for (const piece of pieces) {
    if (piece === null) {
      pending = 2
      continue
    }
    const words = piece.split(WHITESPACE_RUN)
    words.forEach((word, i) => {
      if (i > 0 && pending === 0) pending = 1
      if (word === '') return
      const folded = ASCII_ONLY.test(word) ? word.toLowerCase() : foldWord(word)
      if (folded === '') return
      if (pending !== 0 && parts.length > 0) parts.push(pending === 2 ? FOLDED_BREAK : ' ')
      pending = 0
      parts.push(folded)
    })
  }
  return parts.join('')
}

/**
 * Words folded before, and characters: a page's words repeat (its 9 MB fold in a fraction of the
 * time), and folding one character costs a normalisation. Emptied when full.
 */
const foldedWords = new Map<string, string>()
const foldedChars = new Map<string, string>()
const FOLD_MEMORY_ENTRIES = 50_000

function foldWord(word: string): string {
  let out = foldedWords.get(word)
  if (out !== undefined) return out
  out = ''
  for (const char of word) out += foldChar(char)
  if (foldedWords.size >= FOLD_MEMORY_ENTRIES) foldedWords.clear()
  foldedWords.set(word, out)
  return out
}

function foldChar(char: string): string {
  let folded = foldedChars.get(char)
  if (folded === undefined) {
    folded = foldSearchChar(char)
    if (foldedChars.size >= FOLD_MEMORY_ENTRIES) foldedChars.clear()
    foldedChars.set(char, folded)
  }
  return folded
}

/** The reader's path, character by character, remembering where each folded character came from. */
function foldTracked(pieces: Iterable<TextPiece>, origins: FoldOrigins): string {
  let out = ''
  let pending: Pending = 0
  let index = 0
  for (const piece of pieces) {
    if (piece === null) {
      pending = 2
      index++
      continue
    }
    let at = 0
    for (const char of piece) {
      const start = at
      at += char.length
      if (WHITESPACE.test(char)) {
        if (pending === 0) pending = 1
        continue
      }
      const folded = foldChar(char)
      if (folded === '') continue
      if (pending !== 0 && out.length > 0) {
        out += pending === 2 ? FOLDED_BREAK : ' '
        origins.piece.push(index)
        origins.start.push(start)
        origins.end.push(start)
      }
      pending = 0
      for (let k = 0; k < folded.length; k++) {
        origins.piece.push(index)
        origins.start.push(start)
        origins.end.push(at)
      }
      out += folded
    }
    index++
  }
  return out
}

/**
 * Where `needle` (folded) occurs in `folded`, left to right without overlapping, at most `limit`
 * start offsets. An empty needle occurs nowhere.
 */
export function occurrences(folded: string, needle: string, limit = Number.POSITIVE_INFINITY): number[] {
  const found: number[] = []
  if (needle === '') return found
  for (
    let at = folded.indexOf(needle);
    at !== -1 && found.length < limit;
    at = folded.indexOf(needle, at + needle.length)
  ) {
    found.push(at)
  }
  return found
}

/** A found occurrence as positions in the pieces: from `start` in piece `startPiece` to `end` in `endPiece`. */
export interface PieceRange {
  startPiece: number
  start: number
  endPiece: number
  end: number
}

/** The pieces' stretch that the folded text's `[at, at + length)` came from (origins from foldPieces). */
export function pieceRange(origins: FoldOrigins, at: number, length: number): PieceRange {
  const last = at + length - 1
  return {
    startPiece: origins.piece[at]!,
    start: origins.start[at]!,
    endPiece: origins.piece[last]!,
    end: origins.end[last]!,
  }
}
