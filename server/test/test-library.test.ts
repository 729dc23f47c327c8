// The generated library exercises the same paths of the page pipeline as the real corpus: every
// feature the pipeline handles (footnotes both ways, h1–h4, lists, verses, internal links, the
// links section, term marks, Pāli and Estonian letters in headings…) is there in numbers, and with
// CORPUS_DIR set, every feature the real corpus has is in the generated library too.
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { isStructuralHeading } from '#shared/text/toc-filter.ts'
import { processPage } from '../modules/content/processing/process-page.ts'
import { internalLinkTargets } from '../modules/content/processing/test-corpus.ts'
import { libraryPages, testLibrary, usingRealCorpus } from '../../test-support/library-source.ts'
import { generateLibrary, type LibrarySize, type TestLibrary } from '../../test-support/test-library.ts'

const PALI_LETTERS = /[āīūṁṃṅñṭḍṇḷ]/i
const ESTONIAN_LETTERS = /[õäöüšž]/i

type Features = Record<string, number>

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length

/** What the pipeline made of each page, counted. */
function pipelineFeatures(library: TestLibrary): Features {
  const features: Features = {
    pages: 0,
    'unpublished pages': 0,
    'footnote markers (#_ftn → _ftnref)': 0,
    'footnote notes (#_ftnref → _ftn)': 0,
    'internal links to headings': 0,
    'links to other pages (/content/N#x)': 0,
    'pages with a links section': 0,
    'data-term marks': 0,
    'h1 headings': 0,
    'h2 headings': 0,
    'h3 headings': 0,
    'h4 headings': 0,
    'structural headings': 0,
    'headings over 80 characters': 0,
    'headings with Pāli letters (id made)': 0,
    'headings with Estonian letters (id made)': 0,
    'lists (ul/ol)': 0,
    tables: 0,
    'verses (blockquote with br)': 0,
    'Pāli words (i lang=pi)': 0,
    'pages with citations': 0,
  }
  for (const source of libraryPages(library.corpus)) {
    const page = processPage({ content: source.content })
    const html = page.processedContent
    features.pages!++
    if (!source.published) features['unpublished pages']!++
    features['footnote markers (#_ftn → _ftnref)']! += count(
      html,
      /<a href="#_ftn\d+" name="_ftnref\d+" id="_ftnref\d+">/g,
    )
    features['footnote notes (#_ftnref → _ftn)']! += count(html, /<a href="#_ftnref\d+" name="_ftn\d+" id="_ftn\d+">/g)
    const ids = new Set(page.headers.map((header) => header.id))
    features['internal links to headings']! += internalLinkTargets(source.content).filter((id) => ids.has(id)).length
    features['links to other pages (/content/N#x)']! += count(html, /<a href="\/content\/\d+#[^"]+"/g)
    if (page.linksContent) features['pages with a links section']!++
    features['data-term marks']! += count(html, /<a data-term="[^"]+"/g)
    for (const header of page.headers) {
      features[`h${header.level} headings`]!++
      if (isStructuralHeading(header.text)) features['structural headings']!++
      if (header.text.length > 80) features['headings over 80 characters']!++
      if (header.id && PALI_LETTERS.test(header.text)) features['headings with Pāli letters (id made)']!++
      if (header.id && ESTONIAN_LETTERS.test(header.text)) features['headings with Estonian letters (id made)']!++
    }
    features['lists (ul/ol)']! += count(html, /<(ul|ol)[ >]/g)
    features.tables! += count(html, /<table[ >]/g)
    features['verses (blockquote with br)']! += page.blocks.filter(
      (b) => b.startsWith('<blockquote') && b.includes('<br>'),
    ).length
    features['Pāli words (i lang=pi)']! += count(html, /<i lang="pi">/g)
    if (page.citations) features['pages with citations']!++
  }
  return features
}

interface LexiconRow {
  term: string
  description: string
  published: string
}

function lexiconFeatures(library: TestLibrary): Features {
  const rows = parse(library.lexiconCsv, { columns: true }) as LexiconRow[]
  const terms = new Set(rows.map((row) => row.term))
  const marked = libraryPages(library.corpus).flatMap((page) => [...page.content.matchAll(/data-term="([^"]+)"/g)])
  return {
    terms: rows.length,
    'distinct terms': terms.size,
    'descriptions with commas': rows.filter((row) => row.description.includes(',')).length,
    'descriptions with quotes': rows.filter((row) => row.description.includes('"')).length,
    'descriptions with newlines': rows.filter((row) => row.description.includes('\n')).length,
    'unpublished terms': rows.filter((row) => row.published === 'no').length,
    'marks of unknown terms': marked.filter((match) => !terms.has(match[1]!)).length,
  }
}

const ALWAYS_ZERO = new Set(['marks of unknown terms'])

function expectEveryFeature(features: Features) {
  const missing = Object.entries(features).filter(([name, n]) => !ALWAYS_ZERO.has(name) && n === 0)
  expect(missing).toEqual([])
}

describe('the generated library', () => {
  it.each(['tiny', 'full'] as const)(
    '%s: has every feature the pipeline handles',
    (size: LibrarySize) => {
      const library = generateLibrary(size)
      const features = pipelineFeatures(library)
      expectEveryFeature(features)
      expect(features.pages).toBe(library.facts.pages)
      expect(features['internal links to headings']).toBe(library.facts.internalLinks)
      expect(features['footnote markers (#_ftn → _ftnref)']).toBe(library.facts.footnotes)
      expect(features['footnote notes (#_ftnref → _ftn)']).toBe(library.facts.footnotes)
      const lexicon = lexiconFeatures(library)
      expectEveryFeature(lexicon)
      expect(lexicon['distinct terms']).toBe(lexicon.terms)
      expect(lexicon['marks of unknown terms']).toBe(0)
    },
    120_000,
  )

  it('has the tiny corpus’s numbers, with the term the tests look up', () => {
    const library = generateLibrary('tiny')
    const pages = libraryPages(library.corpus)
    expect(pages).toHaveLength(4)
    expect(library.corpus.books[0]!.chapters).toHaveLength(2)
    expect(library.facts.internalLinks).toBe(18)
    expect(pages.map((page) => page.published)).toEqual([true, true, true, false])
    for (const page of pages) expect(Buffer.byteLength(page.content)).toBeGreaterThan(20_000)
    expect(pages[0]!.content).toContain('<h1>II. Sutta Piṭaka</h1>\n<h2>Majjhima Nikāya</h2>')
    expect(pages[0]!.content).toContain('So I have heard.')
    const rows = parse(library.lexiconCsv, { columns: true }) as LexiconRow[]
    expect(rows).toHaveLength(50)
    expect(rows[0]).toEqual({ ...library.sampleTerm, published: 'yes' })
    // the public lexicon's search for 'a' fills more than one page of 25
    expect(rows.filter((row) => row.published === 'yes' && row.term.includes('a')).length).toBeGreaterThan(25)
    expect(library.lexiconCsv.toString('utf8')).toMatch(/\r\n$/)
  })

  it('is the same bytes for the same seed, and other bytes for another', () => {
    const bytes = (library: TestLibrary) => JSON.stringify(library.corpus) + library.lexiconCsv.toString('utf8')
    expect(bytes(generateLibrary('tiny'))).toBe(bytes(generateLibrary('tiny')))
    expect(bytes(generateLibrary('tiny', 8))).not.toBe(bytes(generateLibrary('tiny')))
  })
})

describe.skipIf(!usingRealCorpus())('the generated library against the real corpus (CORPUS_DIR)', () => {
  it.each(['tiny', 'full'] as const)(
    '%s: every feature of the real pages is in the generated ones',
    (size) => {
      const real = testLibrary(size)
      const generated = generateLibrary(size)
      const realFeatures = { ...pipelineFeatures(real), ...lexiconFeatures(real) }
      const generatedFeatures = { ...pipelineFeatures(generated), ...lexiconFeatures(generated) }
      console.info(
        `${size} (${real.source} | generated):\n` +
          Object.keys(realFeatures)
            .map((name) => `  ${name}: ${realFeatures[name]} | ${generatedFeatures[name]}`)
            .join('\n'),
      )
      const missing = Object.keys(realFeatures).filter(
        (name) => !ALWAYS_ZERO.has(name) && realFeatures[name]! > 0 && generatedFeatures[name] === 0,
      )
      expect(missing).toEqual([])
    },
    300_000,
  )
})

if (!usingRealCorpus()) {
  console.info('test-library: CORPUS_DIR is not set, so the comparison with the real corpus is skipped')
}
