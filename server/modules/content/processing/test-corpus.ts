// Test support: the pages of the test library, generated (test-support/test-library.ts) or, with
// CORPUS_DIR set, the real corpus read where it lives (never copied into the repo).
import {
  libraryPages,
  testLibrary,
  type LibraryPage,
  type LibrarySize,
} from '../../../../test-support/library-source.ts'

export type CorpusPage = LibraryPage

/** The tiny library: four pages of 22–33 KB. */
export const TINY_CORPUS: LibrarySize = 'tiny'
/** The full library: the 9 MB page among many. */
export const FULL_CORPUS: LibrarySize = 'full'

export function corpusPages(size: LibrarySize): CorpusPage[] {
  return libraryPages(testLibrary(size).corpus)
}

const INTERNAL_LINK = /<a href="#([^"_][^"]*)"/g

/** The targets of `<a href="#slug">` links to headings (footnote links, `#_ftn…`, left out). */
export function internalLinkTargets(html: string): string[] {
  return [...html.matchAll(INTERNAL_LINK)].map((match) => match[1] ?? '')
}
