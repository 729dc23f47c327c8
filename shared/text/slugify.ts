// The heading slug rule of the reader's heading ids. Links already written into pages
// rely on exactly this rule, so it works on the heading's HTML source: tags stripped, character
// references removed (not decoded), lowercase, Estonian and German letters made plain, every other
// run of characters one hyphen.

const TAG = /<[^<>]*>/g
const CHARACTER_REFERENCE = /&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  ä: 'a',
  ö: 'o',
  õ: 'o',
  ü: 'u',
  š: 's',
  ž: 'z',
  ß: 'ss',
}
const PLAIN_LETTER = /[äöõüšžß]/g
const OTHER_CHARACTERS = /[^a-z0-9]+/g

/** `1.1. Mindfulness of Breathing` → `1-1-mindfulness-of-breathing`; `Rock&amp;Roll` → `rockroll`. */
export function slugify(headingSource: string): string {
  const hyphenated = headingSource
    .replace(TAG, '')
    .replace(CHARACTER_REFERENCE, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(PLAIN_LETTER, (letter) => PLAIN_LETTERS[letter] ?? '')
    .replace(OTHER_CHARACTERS, '-')
  return trimHyphens(hyphenated)
}

function trimHyphens(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && text.charCodeAt(start) === 45) start++
  while (end > start && text.charCodeAt(end - 1) === 45) end--
  return text.slice(start, end)
}
