// The words of a text as term suggestions ("Märgi terminid") read them, the same on the server (which
// finds them in the HTML's text) and in the editor (which marks them in its document): a run of
// letters, with apostrophes only between letters (gacchāmī'ti is one word), as the reader's lookup
// reads a word (client/features/reader/word-lookup.ts).

const WORD = /[\p{L}\p{M}]+(?:['’ʼ][\p{L}\p{M}]+)*/gu
const LETTER = /\p{L}/gu

export interface TextWord {
  /** The word as written. */
  word: string
  /** Where it starts and ends in the text, [start, end), in UTF-16 units. */
  start: number
  end: number
}

/** Every word of `text`, in order. */
export function* textWords(text: string): Generator<TextWord> {
  for (const match of text.matchAll(WORD)) {
    yield { word: match[0], start: match.index, end: match.index + match[0].length }
  }
}

/** How many letters a word has (combining marks and apostrophes do not count). */
export function letterCount(word: string): number {
  return word.match(LETTER)?.length ?? 0
}
