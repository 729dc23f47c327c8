// The bench's search questions, made mechanically from the library (seeded, so they are repeatable):
// rare phrases from known paragraphs (expected page; the passage returned must hold the phrase),
// lexicon terms typed without diacritics (expected term), canonical references such as 'MN 10' and
// page titles' English words (expected page). Only published material: the bench searches as a visitor.
// For the real corpus they are kept in bench/search-queries.json, written by
// CORPUS_DIR=/path/to/corpus node --import tsx bench/make-search-queries.ts; for the generated
// library they are made when the bench starts.
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { allPages, readCorpus, type Corpus, type CorpusPage } from './lib/corpus.ts'

export interface SearchCase {
  q: string
  kind: 'phrase' | 'term' | 'reference' | 'title'
  /** Page title expected for phrase, reference and title queries. */
  page?: string
  /** Term expected for term queries. */
  term?: string
}

const COUNTS = { phrase: 36, term: 16, reference: 10, title: 8 }

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Lowercase, diacritics removed, anything but letters and digits a single space. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

const textOf = (html: string) =>
  html
    .replace(/<a [^>]*name="_ftnref\d+"[^>]*>\[\d+\]<\/a>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')

const mainHtml = (page: CorpusPage) => page.content.split('\n=== LINKS START ===\n')[0]!

function paragraphs(page: CorpusPage) {
  const found: string[] = []
  for (const match of mainHtml(page).matchAll(/<p>(.*?)<\/p>/g)) {
    if (match[1]!.startsWith('<a href="#_ftnref')) continue // footnotes
    found.push(textOf(match[1]!))
  }
  return found
}

const QUERIES_FILE = path.join(import.meta.dirname, 'search-queries.json')

/** The questions for the library the bench imports: the file for the real corpus, else made now. */
export function searchQueries(): SearchCase[] {
  const { corpus, lexiconCsv, source } = readCorpus()
  if (source !== 'generated') return JSON.parse(fs.readFileSync(QUERIES_FILE, 'utf8')) as SearchCase[]
  return makeSearchQueries(corpus, lexiconCsv)
}

export function makeSearchQueries(corpus: Corpus, lexiconCsv: Buffer): SearchCase[] {
  const random = mulberry32(7)
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!
  const published = allPages(corpus).filter((p) => p.published)
  const foldedPages = allPages(corpus).map((p) => ({ page: p, text: ` ${fold(textOf(p.content))} ` }))
  // How many pages each word occurs in: a phrase needs one rare word to be a fair question.
  const pageFrequency = new Map<string, number>()
  for (const { text } of foldedPages)
    for (const word of new Set(text.split(' '))) pageFrequency.set(word, (pageFrequency.get(word) ?? 0) + 1)

  const cases: SearchCase[] = []
  const seen = new Set<string>()
  const add = (c: SearchCase) => {
    if (seen.has(c.q)) return false
    seen.add(c.q)
    cases.push(c)
    return true
  }

  let phrases = 0
  for (let attempt = 0; phrases < COUNTS.phrase && attempt < 20_000; attempt++) {
    const page = pick(published)
    const candidates = paragraphs(page).filter((p) => fold(p).split(' ').length >= 12)
    if (candidates.length === 0) continue
    const words = pick(candidates)
      .trim()
      .split(/[^\p{L}\p{N}’']+/u)
      .filter(Boolean)
    const start = Math.floor(random() * (words.length - 4))
    const phrase = words.slice(start, start + 4).join(' ')
    const folded = fold(phrase)
    if (folded.split(' ').length !== 4) continue
    if (!folded.split(' ').some((w) => w.length >= 5 && (pageFrequency.get(w) ?? 0) <= 5)) continue
    const holders = foldedPages.filter(({ text }) => text.includes(` ${folded} `))
    if (holders.length !== 1 || holders[0]!.page !== page) continue
    // Every other phrase typed the way an ordinary keyboard gives it: no diacritics, lowercase.
    if (add({ q: phrases % 2 ? folded : phrase, kind: 'phrase', page: page.title })) phrases++
  }

  const rows = parse(lexiconCsv, { columns: true, skip_empty_lines: true }) as { term: string; published: string }[]
  const foldedTerms = new Map<string, number>()
  for (const row of rows) foldedTerms.set(fold(row.term), (foldedTerms.get(fold(row.term)) ?? 0) + 1)
  const termPool = rows.filter(
    (row) =>
      row.published === 'yes' &&
      fold(row.term).length >= 5 &&
      foldedTerms.get(fold(row.term)) === 1 &&
      fold(row.term) !== row.term,
  )
  for (let n = 0; n < COUNTS.term && termPool.length > 0;) {
    const row = termPool.splice(Math.floor(random() * termPool.length), 1)[0]!
    if (add({ q: fold(row.term), kind: 'term', term: row.term })) n++
  }

  const referencePool = published.filter((p) => /^(MN|DN) \d+ /.test(p.title))
  for (let n = 0; n < COUNTS.reference && referencePool.length > 0;) {
    const page = referencePool.splice(Math.floor(random() * referencePool.length), 1)[0]!
    if (add({ q: /^(MN|DN) \d+/.exec(page.title)![0], kind: 'reference', page: page.title })) n++
  }

  const titlePool = published.filter((p) => (p.title.split(': ')[1] ?? '').split(' ').length >= 3)
  for (let n = 0; n < COUNTS.title && titlePool.length > 0;) {
    const page = titlePool.splice(Math.floor(random() * titlePool.length), 1)[0]!
    if (add({ q: page.title.split(': ')[1]!, kind: 'title', page: page.title })) n++
  }

  return cases
}

function main() {
  const { corpus, lexiconCsv, source } = readCorpus()
  if (source === 'generated') {
    console.error('CORPUS_DIR is not set: the generated library makes its questions when the bench starts')
    process.exit(1)
  }
  const cases = makeSearchQueries(corpus, lexiconCsv)
  const file = QUERIES_FILE
  fs.writeFileSync(file, `${JSON.stringify(cases, null, 1)}\n`)
  const byKind = Object.keys(COUNTS).map((k) => `${cases.filter((c) => c.kind === k).length} ${k}`)
  console.log(`${cases.length} queries (${byKind.join(', ')}) → ${path.relative(process.cwd(), file)}`)
}

if (import.meta.url === `file://${process.argv[1]}`) main()
