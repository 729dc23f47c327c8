// The shared corpus, read in place (../shared/corpus beside the repo): never copied into the repo.
import fs from 'node:fs'
import path from 'node:path'
import { repoRoot } from './server.ts'

export const corpusDir = process.env.BENCH_CORPUS_DIR ?? path.resolve(repoRoot, '../shared/corpus')

export interface CorpusPage {
  title: string
  order: number
  published: boolean
  content: string
}
export interface Corpus {
  books: {
    title: string
    description?: string | null
    order: number
    chapters: { title: string; description?: string | null; order: number; pages: CorpusPage[] }[]
  }[]
}

export function readCorpus(): { corpus: Corpus; lexiconCsv: Buffer } {
  const corpus = JSON.parse(fs.readFileSync(path.join(corpusDir, 'corpus.json'), 'utf8')) as Corpus
  return { corpus, lexiconCsv: fs.readFileSync(path.join(corpusDir, 'lexicon.csv')) }
}

export const allPages = (corpus: Corpus) => corpus.books.flatMap((b) => b.chapters.flatMap((c) => c.pages))

export const bytesOf = (text: string) => Buffer.byteLength(text)

/** The largest page (the 9 MB Khuddaka page). */
export function largestPage(corpus: Corpus): CorpusPage {
  return allPages(corpus).reduce((a, b) => (bytesOf(b.content) > bytesOf(a.content) ? b : a))
}

/** The published page whose size is nearest 20 KB. */
export function smallPage(corpus: Corpus): CorpusPage {
  const pages = allPages(corpus).filter((p) => p.published)
  return pages.reduce((a, b) => (Math.abs(bytesOf(b.content) - 20_000) < Math.abs(bytesOf(a.content) - 20_000) ? b : a))
}

/** The first `bytes` of a page's main HTML, cut where a top-level heading or paragraph starts. */
export function cutPage(html: string, bytes: number): string {
  const main = html.split('\n=== LINKS START ===\n')[0]!
  const approx = Buffer.from(main).subarray(0, bytes).toString('utf8').length
  const boundary = /\n<(h[1-4]|p)>/g
  boundary.lastIndex = approx
  const next = boundary.exec(main)
  return next ? main.slice(0, next.index + 1) : main
}

/** `<a data-term="X">` → `<a href="/term/ID" data-term="X">`, as an importer does after the terms exist. */
export function linkTerms(html: string, termIds: ReadonlyMap<string, number>) {
  return html.replace(/<a data-term="([^"<>]*)"/g, (whole, term: string) => {
    const id = termIds.get(term.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'))
    return id === undefined ? whole : `<a href="/term/${id}" data-term="${term}"`
  })
}
