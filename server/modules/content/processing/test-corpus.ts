// Test support: the real pages of ../shared/corpus, read at test time (never copied into the repo).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface CorpusPage {
  title: string
  content: string
}

interface Corpus {
  books: Array<{ chapters: Array<{ pages: CorpusPage[] }> }>
}

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

export const TINY_CORPUS = path.resolve(repoRoot, '../shared/corpus/tiny/corpus.json')
export const FULL_CORPUS = path.resolve(repoRoot, '../shared/corpus/corpus.json')

export function corpusPages(file: string): CorpusPage[] {
  const corpus = JSON.parse(readFileSync(file, 'utf8')) as Corpus
  return corpus.books.flatMap((book) => book.chapters.flatMap((chapter) => chapter.pages))
}

const INTERNAL_LINK = /<a href="#([^"_][^"]*)"/g

/** The targets of `<a href="#slug">` links to headings (footnote links, `#_ftn…`, left out). */
export function internalLinkTargets(html: string): string[] {
  return [...html.matchAll(INTERNAL_LINK)].map((match) => match[1] ?? '')
}
