// The library the bench and the drills import: generated (test-support/test-library.ts, the 9 MB
// page among about thirty others), or with CORPUS_DIR set the real corpus, read where it lives
// and never copied into the repo.
import { testLibrary, type LibraryCorpus, type LibraryPage } from '../../test-support/library-source.ts'

// BENCH_CORPUS_DIR was the bench's own name for it
if (process.env.BENCH_CORPUS_DIR && !process.env.CORPUS_DIR) process.env.CORPUS_DIR = process.env.BENCH_CORPUS_DIR

export type CorpusPage = LibraryPage
export type Corpus = LibraryCorpus

export function readCorpus(): { corpus: Corpus; lexiconCsv: Buffer; source: string } {
  const { corpus, lexiconCsv, source } = testLibrary('full')
  return { corpus, lexiconCsv, source }
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
