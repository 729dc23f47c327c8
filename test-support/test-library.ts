// A whole library in the shape of the institute's real corpus,
// made up here so that tests, the bench and the drills need nothing outside the repository: books >
// chapters > pages, each page a Word-export-style document (structural headings, a Sections list of
// links to headings, h1–h4 with Pāli and Estonian letters, verses, lists, a table, `_ftn`/`_ftnref`
// footnotes, a link to another page, `data-term` marks, the links marker and a links section), and a
// lexicon CSV (term,description,published) whose terms are the ones the pages mark. Every word is
// invented from syllables by a seeded generator: the same size and seed give the same bytes.
import { LINKS_MARKER } from '#shared/limits.ts'
import { generatePage, headingSlug, random, SIGLA, SMALL_WORDS, SYLLABLES, termSurface } from './generated-page.ts'

export interface LibraryPage {
  title: string
  order: number
  published: boolean
  content: string
}
export interface LibraryChapter {
  title: string
  description: string | null
  order: number
  pages: LibraryPage[]
}
export interface LibraryBook {
  title: string
  description: string | null
  order: number
  chapters: LibraryChapter[]
}
/** The shape of corpus.json. */
export interface LibraryCorpus {
  books: LibraryBook[]
}

/** What the library is known to hold, counted as it was written (not by the code under test). */
export interface LibraryFacts {
  pages: number
  /** `<a href="#slug">` links to headings, every one the slug of exactly one heading of its page. */
  internalLinks: number
  footnotes: number
  /** The largest page: its title, its headings and its footnotes. */
  largest: { title: string; headers: number; footnotes: number }
}

export interface TestLibrary {
  corpus: LibraryCorpus
  /** RFC 4180, CRLF row ends, bare LF inside multi-line fields, as a spreadsheet exports it. */
  lexiconCsv: Buffer
  /** A published term whose description has a comma and a newline, with that description. */
  sampleTerm: { term: string; description: string }
  facts: LibraryFacts
}

export type LibrarySize = 'tiny' | 'full'

/** The product spec's structural headings: the basket and the collection (the table of contents omits them). */
const BASKET_HEADING = 'II. Sutta Piṭaka'
const TERM_ENDINGS = ['o', 'aṃ', 'ā', 'ako', 'anaṃ', 'atā', 'i', 'u']
const ENGLISH = ['simile', 'discourse', 'chapter', 'teaching', 'river', 'cloth', 'mountain', 'lamp', 'path', 'root']
const LONG_HEADING_CHARS = 80

interface Words {
  next: () => number
  pick: <T>(items: readonly T[]) => T
  between: (min: number, max: number) => number
  word: () => string
  paliWord: () => string
  words: (min: number, max: number) => string
  title: (min: number, max: number) => string
}

function wordsFrom(seed: number): Words {
  const next = random(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const between = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const paliWord = () => {
    let text = ''
    for (let i = between(2, 4); i > 0; i--) text += pick(SYLLABLES)
    // a word never starts with a nasal sign alone
    return text.replace(/^[ṁṃ]+/, 'ka')
  }
  const word = () => (next() < 0.3 ? pick(SMALL_WORDS) : paliWord())
  const words = (min: number, max: number) => Array.from({ length: between(min, max) }, word).join(' ')
  const title = (min: number, max: number) => {
    const text = words(min, max)
    return text.charAt(0).toUpperCase() + text.slice(1)
  }
  return { next, pick, between, word, paliWord, words, title }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

interface LexiconRow {
  term: string
  description: string
  published: boolean
}

/** `count` unique invented terms; the first is the sample (starts with 'a', a comma and a newline in its description). */
function makeLexicon(count: number, seed: number): LexiconRow[] {
  const w = wordsFrom(seed)
  const rows: LexiconRow[] = []
  const seen = new Set<string>()
  while (rows.length < count) {
    const n = rows.length
    const term = n === 0 ? `a${w.paliWord()}aṃ` : `${w.paliWord()}${w.pick(TERM_ENDINGS)}`
    if (seen.has(term) || /["&<>,]/.test(term)) continue
    seen.add(term)
    const roll = w.next()
    let description: string
    if (n === 0 || roll < 0.15) {
      // homonyms merged into a list, as the real lexicon's multi-line rows are
      description = `<ol>\n<li>${capitalised(w.words(2, 5))}, ${w.words(1, 3)}</li>\n<li>${capitalised(w.words(2, 6))}</li>\n</ol>`
    } else if (roll < 0.25) {
      description = `${capitalised(w.words(3, 8))}, called "${w.paliWord()}" in the <i>${w.paliWord()}</i>.`
    } else if (roll < 0.75) {
      description = `${capitalised(w.words(2, 6))}, ${w.words(2, 10)}.`
    } else {
      description = `${capitalised(w.words(2, 12))}.`
    }
    rows.push({ term, description, published: n === 0 || w.next() >= 0.12 })
  }
  return rows
}

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

function lexiconCsv(rows: readonly LexiconRow[]): Buffer {
  const lines = [
    'term,description,published',
    ...rows.map((row) => [row.term, row.description, row.published ? 'yes' : 'no'].map(csvField).join(',')),
  ]
  return Buffer.from(`${lines.join('\r\n')}\r\n`)
}

interface SuttaOptions {
  seed: number
  collection: { abbreviation: string; name: string; english: string }
  number: number
  /** UTF-8 bytes to reach (the page ends a little above it). */
  bytes: number
  /** Open with the basket and collection headings, as each book's first page does. */
  structural: boolean
  /** Links in the Sections list: Translation, Pali text and this many minus two section headings. */
  sectionLinks: number
  longHeadings: number
  /** Footnote markers per 10,000 bytes of text. */
  notesPer10k: number
  terms: readonly string[]
  /** A term that must be marked on the page (the first paragraph marks it). */
  firstTerm: string
  published: boolean
  order: number
}

interface SuttaPage {
  page: LibraryPage
  internalLinks: number
  footnotes: number
  headings: number
}

/** One page in the layout of the corpus's single-sutta pages. */
function suttaPage(options: SuttaOptions): SuttaPage {
  const w = wordsFrom(options.seed)
  const { abbreviation, name, english } = options.collection
  const paliName = `${capitalised(w.paliWord())}sutta`
  const englishTitle = `The ${w.pick(ENGLISH)} of ${capitalised(w.paliWord())}`
  const title = `${abbreviation} ${options.number} ${paliName}: ${englishTitle} ${w.paliWord()}`

  const notes: string[] = []
  const marker = () => {
    const n = notes.length + 1
    let note =
      w.next() < 0.7
        ? `Variant reading: <i lang="pi">${w.paliWord()}</i> → ${w.paliWord()} (${w.pick(SIGLA)}, ${w.pick(SIGLA)}).`
        : `${w.title(8, 24)}.`
    // a note that points at another page of the library, as a reader's link would
    if (n === 2) note += ` See <a href="/content/1#translation">${abbreviation} 1</a>.`
    notes.push(`<p><a href="#_ftnref${n}" name="_ftn${n}" id="_ftn${n}">[${n}]</a> ${note}</p>`)
    return `<a href="#_ftn${n}" name="_ftnref${n}" id="_ftnref${n}">[${n}]</a>`
  }
  const noteChance = options.notesPer10k / 1500
  const inline = (min: number, max: number) => {
    const parts: string[] = []
    for (let i = w.between(min, max); i > 0; i--) {
      const roll = w.next()
      if (roll < 0.03) parts.push(`<i lang="pi">${w.paliWord()}</i>`)
      else if (roll < 0.045) parts.push(`<strong>${w.word()}</strong>`)
      else if (roll < 0.06) parts.push(`<em>${w.word()}</em>`)
      else if (roll < 0.066) {
        const term = w.pick(options.terms)
        parts.push(`<a data-term="${term}">${termSurface(term)}</a>`)
      } else parts.push(w.word())
      if (w.next() < noteChance) parts[parts.length - 1] += marker()
    }
    return `${capitalised(parts.join(' '))}.`
  }

  const head: string[] = []
  let headings = 0
  if (options.structural) {
    head.push(`<h1>${BASKET_HEADING}</h1>`, `<h2>${name}</h2>`)
    headings += 2
  }
  head.push(`<h1>${english} ${options.number} — ${englishTitle} (${paliName})</h1>`)
  headings++
  head.push(`<p><strong>${name} ${options.number}</strong> — ${w.title(2, 4)} (${w.title(3, 6)})</p>`)
  head.push(
    `<p>Invented for tests from syllables; cited as ${abbreviation} ${options.number}, see also Dhp ${w.between(1, 400)}.</p>`,
  )

  const body: string[] = [
    '<h2>Translation</h2>',
    `<p>So I have heard. ${inline(10, 20).slice(0, -1)} <a data-term="${options.firstTerm}">${termSurface(options.firstTerm)}</a> ${inline(5, 12)}</p>`,
  ]
  headings++
  let bytes = [...head, ...body].reduce((sum, block) => sum + Buffer.byteLength(block) + 1, 0)
  const add = (block: string) => {
    body.push(block)
    bytes += Buffer.byteLength(block) + 1
  }
  const sectionHeadings: string[] = []
  let longLeft = options.longHeadings
  let section = 0
  let tableDone = false
  // The translation takes about two thirds of the page, the Pāli the rest.
  while (bytes < options.bytes * 0.65 || section < options.sectionLinks) {
    section++
    headings++
    let heading = `${section}. ${w.title(2, 7)}`
    if (longLeft > 0 && section >= 2) {
      while (heading.length <= LONG_HEADING_CHARS) heading += ` ${w.word()}`
      longLeft--
    }
    if (heading.length <= LONG_HEADING_CHARS) sectionHeadings.push(heading)
    add(`<h${section % 3 === 0 ? 4 : 3}>${heading}</h${section % 3 === 0 ? 4 : 3}>`)
    for (let i = w.between(2, 6); i > 0; i--) {
      const roll = w.next()
      if (roll < 0.6) add(`<p>${inline(15, 80)}</p>`)
      else if (roll < 0.78) {
        const lines = Array.from({ length: w.between(2, 4) }, () => inline(4, 8))
        add(`<blockquote>\n<p>${lines.join('<br>')}</p></blockquote>`)
      } else if (roll < 0.92 || tableDone) {
        const items = Array.from({ length: w.between(2, 5) }, () => `<li>${inline(3, 12)}</li>`)
        const list = w.next() < 0.5 ? 'ul' : 'ol'
        add(`<${list}>\n${items.join('\n')}\n</${list}>`)
      } else {
        tableDone = true
        const rows = Array.from(
          { length: w.between(2, 4) },
          () => `<tr>${Array.from({ length: 3 }, () => `<td>${w.words(1, 3)}</td>`).join('')}</tr>`,
        )
        // with its tbody, as a word processor writes it (a parser would add one anyway)
        add(`<table>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`)
      }
    }
  }
  if (!tableDone) {
    const cells = Array.from({ length: 3 }, () => `<td>${w.words(1, 3)}</td>`).join('')
    add(`<table>\n<tbody>\n<tr>${cells}</tr>\n</tbody>\n</table>`)
  }
  add('<h2>Pali text</h2>')
  headings++
  while (bytes < options.bytes) add(`<p>${inline(20, 90)}</p>`)

  const linked = ['Translation', 'Pali text', ...sectionHeadings.slice(0, Math.max(0, options.sectionLinks - 2))]
  if (linked.length !== options.sectionLinks) throw new Error(`${title}: only ${linked.length} headings to link`)
  const sections = [
    '<p><strong>Sections:</strong></p>',
    '<ul>',
    ...linked.map((heading) => `<li><a href="#${headingSlug(heading)}">${heading}</a></li>`),
    '</ul>',
  ]
  const reference = `${abbreviation.toLowerCase()}${options.number}`
  const links = [
    '<h2>Sources and references</h2>',
    '<ul>',
    `<li><a href="https://example.org/${reference}/en">${abbreviation} ${options.number} ${paliName} — invented English</a> (CC0 1.0 Universal)</li>`,
    `<li><a href="https://example.org/${reference}/pli">${abbreviation} ${options.number} ${paliName} — invented Pāli</a> (public domain)</li>`,
    '</ul>',
    '<h3>Page references</h3>',
    `<ul>${Array.from({ length: 3 }, (_, i) => `<li>pts-${reference}.${i + 1}</li>`).join('')}</ul>`,
    '<p>Generated for tests; no real text.</p>',
  ]
  const main = [...head, ...sections, ...body, '<hr>', ...notes].join('\n')
  return {
    page: {
      title,
      order: options.order,
      published: options.published,
      content: `${main}\n${LINKS_MARKER}\n${links.join('\n')}`,
    },
    internalLinks: linked.length,
    footnotes: notes.length,
    headings,
  }
}

const MAJJHIMA = { abbreviation: 'MN', name: 'Majjhima Nikāya', english: 'Middle Discourses' }
const DIGHA = { abbreviation: 'DN', name: 'Dīgha Nikāya', english: 'Long Discourses' }

interface Tally {
  pages: number
  internalLinks: number
  footnotes: number
}

function tallied(tally: Tally, made: SuttaPage): LibraryPage {
  tally.pages++
  tally.internalLinks += made.internalLinks
  tally.footnotes += made.footnotes
  return made.page
}

/**
 * The tiny library, in the numbers of the corpus's tiny/: one book, two chapters, four pages of
 * 22–33 KB (18 internal links, two headings over 80 characters, structural headings on the first
 * page, the last page unpublished) and 50 terms, every mark on the pages one of them.
 */
function tinyLibrary(seed: number): TestLibrary {
  const rows = makeLexicon(50, seed)
  const terms = rows.map((row) => row.term)
  const published = rows.filter((row) => row.published).map((row) => row.term)
  const tally: Tally = { pages: 0, internalLinks: 0, footnotes: 0 }
  const shapes = [
    { bytes: 22_000, links: 5, long: 0, published: true },
    { bytes: 33_000, links: 5, long: 1, published: true },
    { bytes: 22_000, links: 4, long: 1, published: true },
    { bytes: 30_000, links: 4, long: 0, published: false },
  ]
  const pages = shapes.map((shape, i) =>
    tallied(
      tally,
      suttaPage({
        seed: seed * 100 + i,
        collection: MAJJHIMA,
        number: [7, 8, 11, 14][i]!,
        bytes: shape.bytes,
        structural: i === 0,
        sectionLinks: shape.links,
        longHeadings: shape.long,
        notesPer10k: 3.5,
        terms,
        firstTerm: published[i]!,
        published: shape.published,
        order: (i % 2) + 1,
      }),
    ),
  )
  const w = wordsFrom(seed + 1)
  const corpus: LibraryCorpus = {
    books: [
      {
        title: 'Majjhima Nikāya: Middle Discourses (generated sample)',
        description: 'Four invented discourses for fast tests.',
        order: 1,
        chapters: [0, 1].map((c) => ({
          title: `${capitalised(w.paliWord())}vagga: The ${capitalised(w.pick(ENGLISH))} Chapter`,
          description: `${w.title(2, 4)} · MN ${c * 10 + 1}–${c * 10 + 10}`,
          order: c + 1,
          pages: pages.slice(c * 2, c * 2 + 2),
        })),
      },
    ],
  }
  return finish(corpus, rows, tally)
}

/**
 * The full library, in the corpus's proportions at about half its size: two books of sutta pages
 * (8–300 KB, a fifth unpublished), the 9 MB multi-text page alone in a book, and two large
 * documents (1.7 MB and 1 MB) in a fourth; 1,000 terms.
 */
function fullLibrary(seed: number): TestLibrary {
  const rows = makeLexicon(1000, seed)
  const terms = rows.map((row) => row.term)
  const published = rows.filter((row) => row.published).map((row) => row.term)
  const tally: Tally = { pages: 0, internalLinks: 0, footnotes: 0 }
  const w = wordsFrom(seed + 1)
  let number = 0
  const suttaBook = (
    collection: typeof MAJJHIMA,
    order: number,
    chapters: number,
    perChapter: number,
  ): LibraryBook => ({
    title: `${collection.name}: ${collection.english} (generated)`,
    description: `Invented ${collection.english.toLowerCase()} for tests and the bench.`,
    order,
    chapters: Array.from({ length: chapters }, (_, c) => ({
      title: `${capitalised(w.paliWord())}vagga: The ${capitalised(w.pick(ENGLISH))} Chapter`,
      description: w.title(2, 5),
      order: c + 1,
      pages: Array.from({ length: perChapter }, (_, p) => {
        number++
        const first = c === 0 && p === 0
        return tallied(
          tally,
          suttaPage({
            seed: seed * 1000 + number,
            collection,
            number,
            // log-uniform between 8 KB and 300 KB
            bytes: Math.round(8_000 * Math.exp(w.next() * Math.log(300 / 8))),
            structural: first,
            sectionLinks: w.between(2, 8),
            longHeadings: w.next() < 0.3 ? 1 : 0,
            notesPer10k: w.between(1, 6),
            terms,
            firstTerm: w.pick(published),
            published: first || w.next() >= 0.2,
            order: p + 1,
          }),
        )
      }),
    })),
  })

  const largeTexts: { title: string; bytes?: number; seed: number; contentsEvery: number }[] = [
    { title: 'Khuddaka Nikāya (generated: many invented texts, Pāli with English)', seed: 12, contentsEvery: 20 },
    { title: 'Khandhaka: Invented Legal Topics (generated)', bytes: 1_700_000, seed: 13, contentsEvery: 10 },
    { title: 'Parivāra: The Invented Compendium (generated)', bytes: 1_000_000, seed: 14, contentsEvery: 10 },
  ]
  const large = largeTexts.map((text, i) => {
    const made = generatePage({ bytes: text.bytes, seed: text.seed, contentsEvery: text.contentsEvery, terms })
    tally.pages++
    tally.internalLinks += made.internalLinks
    tally.footnotes += made.footnotes
    return { title: text.title, order: i === 0 ? 1 : i, published: true, content: made.content }
  })
  const corpus: LibraryCorpus = {
    books: [
      suttaBook(MAJJHIMA, 1, 4, 5),
      suttaBook(DIGHA, 2, 2, 4),
      {
        title: 'Khuddaka Nikāya: Minor Collection (generated)',
        description: 'One invented document of many texts, just under 10 MB.',
        order: 3,
        chapters: [{ title: 'Khuddaka Nikāya', description: null, order: 1, pages: [large[0]!] }],
      },
      {
        title: 'Vinaya Piṭaka: Monastic Law (generated)',
        description: 'Two large invented documents.',
        order: 4,
        chapters: [{ title: 'Invented rules', description: null, order: 1, pages: [large[1]!, large[2]!] }],
      },
    ],
  }
  return finish(corpus, rows, tally)
}

function finish(corpus: LibraryCorpus, rows: LexiconRow[], tally: Tally): TestLibrary {
  const sample = rows[0]!
  return {
    corpus,
    lexiconCsv: lexiconCsv(rows),
    sampleTerm: { term: sample.term, description: sample.description },
    facts: { ...tally, largest: largestPageFacts(corpus) },
  }
}

/** The largest page's title, headings and footnotes, counted in its text. */
export function largestPageFacts(corpus: LibraryCorpus): LibraryFacts['largest'] {
  const pages = corpus.books.flatMap((book) => book.chapters.flatMap((chapter) => chapter.pages))
  const largest = pages.reduce((a, b) => (Buffer.byteLength(b.content) > Buffer.byteLength(a.content) ? b : a))
  const main = largest.content.split(`\n${LINKS_MARKER}\n`)[0]!
  return {
    title: largest.title,
    headers: (main.match(/<h[1-4]>/g) ?? []).length,
    footnotes: (main.match(/ id="_ftn\d+"/g) ?? []).length,
  }
}

export function generateLibrary(size: LibrarySize, seed = 7): TestLibrary {
  return size === 'tiny' ? tinyLibrary(seed) : fullLibrary(seed)
}
