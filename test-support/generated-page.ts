// A large content page in the shape of the institute's Word exports, made up
// here so that tests need nothing outside the repository: headings h1–h4 with Pāli and Estonian
// diacritics, paragraphs with footnote markers, verses, lists, tables, and at the end of the main HTML
// one note per marker (`_ftn`/`_ftnref`, numbered 1…n), then the links marker and a links section.
// The words are invented from syllables by a seeded generator: the same options give the same bytes.
// Optional extras (off by default, so the default page stays byte for byte what it was): a
// "Contents:" list of links to headings, and `data-term` marks on words of a given lexicon.
import { LINKS_MARKER } from '#shared/limits.ts'

export interface GeneratedPageOptions {
  /** UTF-8 bytes to reach (the page ends a little above it). Default: the corpus's 9 MB page, 9,289,160. */
  bytes?: number
  seed?: number
  /** Link every nth section heading from a "Contents:" list after the intro (as the corpus's multi-text pages do). */
  contentsEvery?: number
  /** Lexicon terms to mark now and then as `<a data-term="TERM">surface</a>`. */
  terms?: readonly string[]
}

export interface GeneratedPage {
  /** What the editor holds: main HTML, the links marker on its own line, the links section. */
  content: string
  footnotes: number
  headings: number
  /** `<a href="#slug">` links to headings. */
  internalLinks: number
  /** `data-term` marks. */
  termMarks: number
}

// Syllables with the letters the corpus's texts use (ā ī ū ṁ ṃ ṅ ñ ṭ ḍ ṇ ḷ) and Estonian ones (ä ö õ ü š ž).
export const SYLLABLES = [
  'ka',
  'kā',
  'ma',
  'mā',
  'ni',
  'nī',
  'su',
  'sū',
  'ta',
  'ṭa',
  'ḍa',
  'ṇa',
  'ḷa',
  'ñā',
  'ṅga',
  'ṁ',
  'ṃ',
  'vi',
  'pa',
  'bha',
  'dha',
  'ca',
  'ja',
  'ri',
  'lo',
  'ke',
  'go',
  'ya',
  'sa',
  'ha',
  'tu',
  'no',
  'mä',
  'jõ',
  'kö',
  'sü',
  'ša',
  'žu',
  'va',
  'le',
  'pe',
  'te',
]
export const SMALL_WORDS = ['the', 'and', 'of', 'in', 'to', 'ja', 'on', 'ning', 'see', 'with', 'as', 'et', 'kui']
export const SIGLA = ['bj', 'sya-all', 'pts1ed', 'mr', 'km', 'cck']

/** mulberry32: small, fast, and the same numbers on every platform. */
export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PLAIN: Readonly<Record<string, string>> = { ä: 'a', ö: 'o', õ: 'o', ü: 'u', š: 's', ž: 'z', ß: 'ss' }

/**
 * The corpus README's slug rule, written out here on its own (not the product's slugify) so that a
 * link the generator writes checks the product's heading ids rather than agreeing with them by
 * construction: lowercase, Estonian letters made plain, entities dropped, other runs one hyphen.
 */
export function headingSlug(text: string): string {
  return text
    .replace(/<[^<>]*>/g, '')
    .replace(/&[#a-zA-Z0-9]+;/g, '')
    .toLowerCase()
    .replace(/[äöõüšžß]/g, (letter) => PLAIN[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The surface form a text writes for a dictionary term: the texts write ṁ where the dictionary has ṃ. */
export const termSurface = (term: string) => term.replaceAll('ṃ', 'ṁ')

export function generatePage(options: GeneratedPageOptions = {}): GeneratedPage {
  const target = options.bytes ?? 9_289_160
  const next = random(options.seed ?? 12)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))

  const word = () => {
    if (next() < 0.3) return pick(SMALL_WORDS)
    let text = ''
    for (let i = between(1, 4); i > 0; i--) text += pick(SYLLABLES)
    return text
  }
  const words = (min: number, max: number) => Array.from({ length: between(min, max) }, word).join(' ')
  const title = (min: number, max: number) => {
    const text = words(min, max)
    return text.charAt(0).toUpperCase() + text.slice(1)
  }

  const terms = options.terms?.length ? options.terms : undefined
  let termMarks = 0
  const notes: string[] = []
  let notesBytes = 0
  const marker = () => {
    const n = notes.length + 1
    const note =
      next() < 0.7
        ? `Variant reading: <i lang="pi">${word()}</i> → ${word()} (${pick(SIGLA)}, ${pick(SIGLA)}).`
        : `${title(8, 30)}.`
    notes.push(`<p><a href="#_ftnref${n}" name="_ftn${n}" id="_ftn${n}">[${n}]</a> ${note}</p>`)
    notesBytes += Buffer.byteLength(notes[n - 1]!) + 1
    return `<a href="#_ftn${n}" name="_ftnref${n}" id="_ftnref${n}">[${n}]</a>`
  }
  // A sentence-like run of words with inline marks, and a footnote marker now and then.
  const inline = (min: number, max: number) => {
    const parts: string[] = []
    for (let i = between(min, max); i > 0; i--) {
      const roll = next()
      if (roll < 0.04) parts.push(`<i lang="pi">${word()}</i>`)
      else if (roll < 0.06) parts.push(`<strong>${word()}</strong>`)
      else if (roll < 0.08) parts.push(`<em>${word()}</em>`)
      else if (terms && roll < 0.095) {
        const term = pick(terms)
        parts.push(`<a data-term="${term}">${termSurface(term)}</a>`)
        termMarks++
      } else parts.push(word())
      if (next() < 0.014) parts[parts.length - 1] += marker()
    }
    return `${parts.join(' ')}.`
  }

  const blocks: string[] = [
    '<h1>II. Sutta Piṭaka</h1>',
    '<h2>Khuddaka Nikāya</h2>',
    `<h1>${title(3, 6)}: üks dokument</h1>`,
    `<p>${inline(40, 80)}</p>`,
  ]
  let bytes = blocks.reduce((sum, block) => sum + Buffer.byteLength(block) + 1, 0)
  let headings = 3
  const add = (block: string) => {
    blocks.push(block)
    bytes += Buffer.byteLength(block) + 1
  }
  let section = 0
  const linked: string[] = []
  // The notes go after the body, so the body stops where body and notes together reach the target.
  while (bytes + notesBytes < target) {
    section++
    headings++
    const level = between(2, 4)
    const heading = `${section}. ${title(2, 9)}`
    if (options.contentsEvery && section % options.contentsEvery === 1) linked.push(heading)
    add(`<h${level}>${heading}</h${level}>`)
    for (let i = between(3, 10); i > 0; i--) {
      const roll = next()
      if (roll < 0.62) add(`<p>${inline(15, 90)}</p>`)
      else if (roll < 0.82) {
        const lines = Array.from({ length: between(2, 4) }, () => inline(4, 8))
        add(`<blockquote>\n<p>${lines.join('<br>')}</p></blockquote>`)
      } else if (roll < 0.95) {
        const items = Array.from({ length: between(2, 6) }, () => `<li>${inline(3, 15)}</li>`)
        const list = next() < 0.5 ? 'ul' : 'ol'
        add(`<${list}>\n${items.join('\n')}\n</${list}>`)
      } else {
        const rows = Array.from(
          { length: between(2, 5) },
          () => `<tr>${Array.from({ length: 3 }, () => `<td>${words(1, 4)}</td>`).join('')}</tr>`,
        )
        add(`<table>\n${rows.join('\n')}\n</table>`)
      }
    }
  }
  const links = [
    '<h2>Allikad ja viited</h2>',
    '<ul>',
    ...Array.from({ length: 40 }, (_, i) => `<li><a href="https://example.org/text/${i + 1}">${title(2, 5)}</a></li>`),
    '</ul>',
    '<p>Generated for tests; no real text.</p>',
  ]
  if (linked.length > 0) {
    const items = linked.map((heading) => `<li><a href="#${headingSlug(heading)}">${heading}</a></li>`)
    blocks.splice(4, 0, '<p><strong>Contents:</strong></p>', `<ul>\n${items.join('\n')}\n</ul>`)
  }
  const content = [...blocks, '<hr>', ...notes].join('\n') + `\n${LINKS_MARKER}\n` + links.join('\n')
  return { content, footnotes: notes.length, headings, internalLinks: linked.length, termMarks }
}
