// The lexicon's letter rule: a term is grouped under its first letter with diacritics folded
// (ā → A, ṭ → T, ñ → N), except the letters the Estonian alphabet has of its own (õ ä ö ü š ž).

const ESTONIAN_LETTERS = new Set(['õ', 'ä', 'ö', 'ü', 'š', 'ž'])
const COMBINING_MARKS = /\p{M}/gu
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/** One character folded for grouping, lowercase: `ā` → `a`, `õ` stays `õ`. */
function foldLetter(char: string): string {
  const lower = char.normalize('NFC').toLowerCase()
  if (ESTONIAN_LETTERS.has(lower)) return lower
  return lower.normalize('NFD').replace(COMBINING_MARKS, '')
}

/** Folds a whole text for grouping (same rule as foldLetter, character by character). */
export function foldDiacritics(text: string): string {
  return Array.from(text.normalize('NFC'), foldLetter).join('')
}

/** The uppercase letter a term is listed under; leading punctuation is skipped; '#' when there is none. */
export function termLetter(term: string): string {
  const first = Array.from(term.normalize('NFC')).find((char) => LETTER_OR_DIGIT.test(char))
  return first ? foldLetter(first).toUpperCase() : '#'
}

/** Estonian alphabetical order (… S Š Z Ž T … W Õ Ä Ö Ü X Y). */
export const estonianCollator = new Intl.Collator('et')

/** The distinct letters of these terms, in Estonian order. */
export function termLetters(terms: Iterable<string>): string[] {
  const letters = new Set<string>()
  for (const term of terms) letters.add(termLetter(term))
  return [...letters].sort(estonianCollator.compare)
}
