// The one spelling Pāli forms are stored and compared in. Texts write the niggahīta as ṁ (the
// SuttaCentral and Pali Text Society habit), ṃ (the older PTS and most dictionaries) or ŋ, in
// composed or decomposed Unicode and any case: all of them are one word.

const COMBINING_MARKS = /\p{M}/gu
/** Quotes, dashes and punctuation that may stand around a word taken from a text. */
const EDGE_PUNCTUATION = /^[\s’‘'"“”.,;:!?—–\-()[\]]+|[\s’‘'"“”.,;:!?—–\-()[\]]+$/gu
const NIGGAHITA_VARIANTS = /[ṁŋ]/gu

/** The spelling a form is stored and compared in: NFC, lower case, ṁ (U+1E41) and ŋ → ṃ (U+1E43),
 *  surrounding quotes/punctuation (’ ‘ ' " “ ” . , ; : ! ? — – - ( ) [ ]) removed. */
export function paliKey(word: string): string {
  return word.normalize('NFC').toLowerCase().replace(NIGGAHITA_VARIANTS, 'ṃ').replace(EDGE_PUNCTUATION, '')
}

/** paliKey without diacritics: ā→a ī→i ū→u ṃ→m ṅ→n ñ→n ṭ→t ḍ→d ṇ→n ḷ→l (ṛ→r ś→s too). */
export function plainKey(word: string): string {
  return paliKey(word).normalize('NFD').replace(COMBINING_MARKS, '')
}
