// How search sees text: lowercase, without diacritics (Pali ā ṭ ṃ and Estonian õ ä alike, as the
// database's f_unaccent() does), so readers can type on ordinary keyboards.

const COMBINING_MARKS = /\p{M}/gu
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i' }

/** One character folded for search; may be longer than one character (ß → ss). */
export function foldSearchChar(char: string): string {
  const code = char.charCodeAt(0)
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char // ASCII: fast path
  const lower = char.toLowerCase()
  return SPECIAL[lower] ?? lower.normalize('NFD').replace(COMBINING_MARKS, '')
}

export function foldForSearch(text: string): string {
  let out = ''
  for (const char of text.normalize('NFC')) out += foldSearchChar(char)
  return out
}

export interface SearchQuery {
  /** Single words, folded; each matches as a word prefix, except numbers and single letters (whole). */
  words: string[]
  /** Quoted phrases, folded, as lists of words that must follow one another. */
  phrases: string[][]
}

const MAX_TERMS = 12
const WORD = /[\p{L}\p{N}]+/gu
const WORD_CHAR = /[\p{L}\p{N}]/u

// At most 250 words: the input is cut at 500 characters.
const wordsOf = (text: string) => foldForSearch(text).match(WORD) ?? []

/** Splits what a reader typed into words and "quoted phrases". An unclosed quote counts as closed. */
export function parseSearchQuery(input: string): SearchQuery {
  const text = input.slice(0, 500)
  const words: string[] = []
  const phrases: string[][] = []
  const parts = text.split('"')
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      const phrase = wordsOf(part).slice(0, MAX_TERMS)
      if (phrase.length > 1) phrases.push(phrase)
      else words.push(...phrase)
    } else {
      words.push(...wordsOf(part))
    }
  })
  const unique = [...new Set(words)]
  // A one-letter prefix (`a:*`) reads the postings of every word starting with that letter: twelve
  // of them made one query read the whole index twelve times. Beside longer words a single letter
  // adds almost nothing (an article, or the next word half typed), so it goes; a query of single
  // letters only keeps them, matched as whole words (see toTsQuery).
  const longer = unique.filter((word) => !isSingleLetter(word))
  const kept = longer.length > 0 || phrases.length > 0 ? longer : unique
  return { words: kept.slice(0, MAX_TERMS), phrases: phrases.slice(0, MAX_TERMS) }
}

const isNumber = (word: string) => /^\d+$/.test(word)
const isSingleLetter = (word: string) => [...word].length === 1 && !isNumber(word)
/** Numbers and single letters match whole words, others also as the start of a longer word. */
const matchesWhole = (word: string) => isNumber(word) || isSingleLetter(word)
/**
 * What is marked in a result: besides numbers and single letters, words of two letters only as whole
 * words, or 'in' would mark the start of every 'into' and 'inside' in the snippet.
 */
const marksWhole = (word: string) => matchesWhole(word) || [...word].length <= 2

export const isEmptyQuery = (query: SearchQuery) => query.words.length === 0 && query.phrases.length === 0

/** What may stand as a word in a tsquery written here: letters and digits only. */
const TS_WORD = /^[\p{L}\p{N}]+$/u

/**
 * A PostgreSQL tsquery for the 'simple' configuration: every word as a prefix, every phrase as
 * words in sequence, all required. Only letters and digits reach it (and the dots of a reference's
 * number, server/modules/search/references.ts), so it cannot be malformed.
 */
export function toTsQuery(
  query: SearchQuery,
  otherForms: ReadonlyMap<string, readonly string[]> = new Map(),
  { whole = false }: { whole?: boolean } = {},
): string {
  // Numbers match whole ('MN 10' is not MN 100); words match as prefixes ('satipat' finds satipaṭṭhāna).
  // A word that is a form of a lexicon term matches the term's other forms too, each whole.
  const wordPart = (word: string) => {
    // `whole`: a word that has other forms stands as typed, not as a prefix (the typed form itself)
    const typed = matchesWhole(word) || (whole && otherForms.has(word)) ? word : `${word}:*`
    if (whole) return typed
    const forms = (otherForms.get(word) ?? []).filter((form) => TS_WORD.test(form))
    return forms.length === 0 ? typed : `(${[typed, ...forms].join(' | ')})`
  }
  const parts = [...query.words.map(wordPart), ...query.phrases.map((phrase) => `(${phrase.join(' <-> ')})`)]
  return parts.join(' & ')
}

/** Where the query's words occur in `text` (original positions), for highlighting. */
export function findMatches(text: string, query: SearchQuery): { start: number; end: number }[] {
  const needles = [...new Set([...query.words, ...query.phrases.flat()])].filter(Boolean)
  if (needles.length === 0) return []
  // Fold character by character, remembering where each folded character came from.
  const origin: number[] = []
  let folded = ''
  let index = 0
  for (const char of text) {
    const f = foldSearchChar(char)
    for (let k = 0; k < f.length; k++) origin.push(index)
    folded += f
    index += char.length
  }
  origin.push(index)
  const matches: { start: number; end: number }[] = []
  for (const needle of needles) {
    const whole = marksWhole(needle)
    let from = 0
    while (matches.length < 200) {
      const at = folded.indexOf(needle, from)
      if (at === -1) break
      const startsWord = at === 0 || !WORD_CHAR.test(folded[at - 1]!)
      const endsWord = !whole || at + needle.length === folded.length || !WORD_CHAR.test(folded[at + needle.length]!)
      if (startsWord && endsWord) matches.push({ start: origin[at]!, end: origin[at + needle.length]! })
      from = at + needle.length
    }
  }
  // Where two start together (a word as a prefix, and a longer form of it), the longer comes first.
  return matches.sort((a, b) => a.start - b.start || b.end - a.end)
}

/** The letters and digits of a text, folded, without the spaces, hyphens and marks between them. */
export const searchSpelling = (text: string) => wordsOf(text.slice(0, 500)).join('')

/**
 * The ways a lexicon term's name may be typed: the whole name, the name without its bracketed
 * additions ("Dukkha (kannatus)" → "dukkha"), and each of the names a comma, semicolon or slash
 * separates ("anattā, anattan" → "anatta", "anattan").
 */
export function termNameSpellings(name: string): string[] {
  const bare = name.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
  const spellings = [name, bare, ...bare.split(/[,;/]/)].map(searchSpelling).filter((s) => s.length > 0)
  return [...new Set(spellings)]
}

/**
 * Whether what a reader typed (its searchSpelling, made once per query) spells a lexicon term's
 * name, with or without diacritics, spaces or hyphens: "dukkha" spells "dukkhā", "paticca samuppada"
 * and "paṭiccasamuppāda" spell "paṭicca-samuppāda". Such a term is what the reader looks for, before
 * pages that merely hold the word.
 */
export function spellsTermName(typed: string, name: string): boolean {
  return typed.length > 0 && termNameSpellings(name).includes(typed)
}
