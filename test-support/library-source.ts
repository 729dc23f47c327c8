// Where the tests, the bench and the drills get their library: the corpus in CORPUS_DIR when that is
// set (a folder holding corpus.json, lexicon.csv, tiny/corpus.json and
// tiny/lexicon.csv), else one generated here (test-support/test-library.ts). Nothing else is read: a
// clone without the corpus beside it runs everything on generated pages, and a CORPUS_DIR that does
// not hold a corpus is an error, never a quiet fallback.
import fs from 'node:fs'
import path from 'node:path'
import {
  generateLibrary,
  largestPageFacts,
  type LibraryCorpus,
  type LibraryFacts,
  type LibraryPage,
  type LibrarySize,
  type TestLibrary,
} from './test-library.ts'

export type {
  LibraryBook,
  LibraryChapter,
  LibraryCorpus,
  LibraryPage,
  LibrarySize,
  TestLibrary,
} from './test-library.ts'

export interface SourcedLibrary extends TestLibrary {
  /** 'generated', or the corpus folder it was read from. */
  source: string
}

/** The corpus folder from CORPUS_DIR, or undefined when the library is to be generated. */
export function corpusDir(): string | undefined {
  const dir = process.env.CORPUS_DIR?.trim()
  return dir ? path.resolve(dir) : undefined
}

/** True when the real corpus is in use (tests that only make sense with it skip otherwise). */
export const usingRealCorpus = () => corpusDir() !== undefined

/**
 * What is known of the real corpus (its README), where a generated library answers from its own
 * bookkeeping. The sample term is a row of tiny/lexicon.csv (and lexicon.csv) with a comma and newlines.
 */
const SAMPLE_TERM = { term: 'ahaṃ', description: '<ol>\n<li>A day</li>\n<li>I, myself</li>\n</ol>' }
const REAL_COUNTS: Record<LibrarySize, Omit<LibraryFacts, 'largest'>> = {
  tiny: { pages: 4, internalLinks: 18, footnotes: 28 },
  full: { pages: 191, internalLinks: 1274, footnotes: 14_087 },
}

function readCorpusFile(dir: string, file: string): Buffer {
  const full = path.join(dir, file)
  try {
    return fs.readFileSync(full)
  } catch (error) {
    throw new Error(
      `CORPUS_DIR=${dir}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error}); ` +
        'point CORPUS_DIR at a corpus folder (corpus.json, lexicon.csv, tiny/) or unset it to use generated pages',
    )
  }
}

function readLibrary(dir: string, size: LibrarySize): SourcedLibrary {
  const prefix = size === 'tiny' ? 'tiny/' : ''
  const corpus = JSON.parse(readCorpusFile(dir, `${prefix}corpus.json`).toString('utf8')) as LibraryCorpus
  return {
    corpus,
    lexiconCsv: readCorpusFile(dir, `${prefix}lexicon.csv`),
    sampleTerm: SAMPLE_TERM,
    facts: { ...REAL_COUNTS[size], largest: largestPageFacts(corpus) },
    source: dir,
  }
}

const cache = new Map<string, SourcedLibrary>()

/** The tiny library (4 pages, 50 terms) or the full one (the 9 MB page among many), read or generated once. */
export function testLibrary(size: LibrarySize): SourcedLibrary {
  const dir = corpusDir()
  const key = `${size}:${dir ?? ''}`
  let library = cache.get(key)
  if (!library) {
    library = dir ? readLibrary(dir, size) : { ...generateLibrary(size), source: 'generated' }
    cache.set(key, library)
  }
  return library
}

export const libraryPages = (corpus: LibraryCorpus): LibraryPage[] =>
  corpus.books.flatMap((book) => book.chapters.flatMap((chapter) => chapter.pages))

/** The page with the most UTF-8 bytes (the 9 MB page in the full library). */
export function largestPage(corpus: LibraryCorpus): LibraryPage {
  return libraryPages(corpus).reduce((a, b) => (Buffer.byteLength(b.content) > Buffer.byteLength(a.content) ? b : a))
}
