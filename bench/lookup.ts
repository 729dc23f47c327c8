// How well the lexicon lookup reads the words of the texts (issue 29), measured in-process on the
// library's own lexicon with the forms the server generates (server/modules/terms/term-forms.ts):
// - forms → headword: the pairs an editor marked in the texts (`<a data-term="HEADWORD">form</a>`,
//   the form not the headword's spelling; a form marked with two headwords is left out), found
//   first (top-1) or among the first three (top-3). For the real corpus they are kept in
//   bench/lookup-cases.json (written by `CORPUS_DIR=… node --import tsx bench/lookup.ts`);
//   the generated library's marks are read when the bench starts.
// - English false positives: the most common words of the translations (English blocks, marked
//   terms left out, plain ASCII, never a word of the Pāli text) that match any term at all;
// - coverage: the share of the Pāli word tokens (Pāli blocks, told by their letters, and lang="pi"
//   elements) that find an entry, against exact matching of the headword's spelling (before);
// - the lookup's own time per word.
import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { plainKey } from '#shared/pali/spelling.ts'
import { formsOf } from '../server/modules/terms/term-forms.ts'
import { buildLexiconIndex, lookupWord, type LexiconIndex } from '../server/modules/terms/term-lookup.ts'
import { allPages, readCorpus, type Corpus } from './lib/corpus.ts'
import { declinedCases } from './lookup-grammar.ts'
import type { Figure } from './lib/results.ts'
import { percentile } from './lib/stats.ts'

export interface LookupCase {
  form: string
  term: string
  /** How often the editor marked it so. */
  count: number
}

const CASES_FILE = path.join(import.meta.dirname, 'lookup-cases.json')
/** How many of the translations' most common words are asked. */
const ENGLISH_WORDS = 500
const TERM_MARK = /<a\b[^>]*\bdata-term="([^"]*)"[^>]*>([^<]*)<\/a>/g
const PALI_ELEMENT = /<(\w+)\b[^>]*\blang="pi"[^>]*>([\s\S]*?)<\/\1>/g
const WORD = /[\p{L}\p{M}]+/gu

const decode = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
const bare = (word: string) => word.normalize('NFC').replace(/^[^\p{L}\p{M}]+|[^\p{L}\p{M}]+$/gu, '')
const stripTags = (html: string) => decode(html.replace(/<[^>]*>/g, ' '))

/** The lexicon CSV as the import reads it, with every term's generated forms, as one index. */
export function lexiconIndexOf(lexiconCsv: Buffer): LexiconIndex {
  const rows = parse(lexiconCsv, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[]
  const names = rows.map((row, i) => ({ id: i + 1, term: row.term!, published: true }))
  const forms = rows.flatMap((row, i) =>
    formsOf({
      term: row.term!,
      pattern: row.pattern || null,
      extraForms: (row.forms ?? '')
        .split(/[;,]/)
        .map((form) => form.trim())
        .filter(Boolean),
    }).map((form) => ({ ...form, termId: i + 1 })),
  )
  return buildLexiconIndex({ names, forms }, 1)
}

/** The inflected forms editors marked with a headword of the lexicon (ambiguous forms left out). */
export function lookupCasesOf(corpus: Corpus, index: LexiconIndex): LookupCase[] {
  const headwords = new Set([...index.terms.values()].map((term) => term.term))
  const counts = new Map<string, LookupCase>()
  const headwordsOf = new Map<string, Set<string>>()
  for (const page of allPages(corpus)) {
    for (const [, rawTerm, rawForm] of page.content.matchAll(TERM_MARK)) {
      const term = decode(rawTerm!)
      const form = bare(decode(rawForm!))
      if (!form || !headwords.has(term) || plainKey(form) === plainKey(term)) continue
      const key = `${form.toLowerCase()}\n${term}`
      const kept = counts.get(key)
      if (kept) kept.count++
      else counts.set(key, { form, term, count: 1 })
      const plain = plainKey(form)
      headwordsOf.set(plain, (headwordsOf.get(plain) ?? new Set()).add(term))
    }
  }
  return [...counts.values()]
    .filter((c) => headwordsOf.get(plainKey(c.form))!.size === 1)
    .sort((a, b) => b.count - a.count || a.form.localeCompare(b.form))
}

const BLOCK = /<(p|h[1-6]|li|dd|dt|td|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/g
/** Letters only Pāli spells with (English text holds them only in the Pāli names it quotes). */
const PALI_LETTER = /[āīūṁṃṅñṭḍṇḷ]/iu

/** The texts' blocks as plain text, each told Pāli (a tenth of its words or more spelled with Pāli letters) or not. */
function* blocksOf(corpus: Corpus): Generator<{ text: string; unmarked: string; pali: boolean }> {
  for (const page of allPages(corpus)) {
    const main = page.content.split('\n=== LINKS START ===\n')[0]!
    for (const [, , inner] of main.matchAll(BLOCK)) {
      // Pāli quoted in an English block (lang="pi") counts as Pāli, the rest by its letters.
      for (const [, , quoted] of inner!.matchAll(PALI_ELEMENT)) {
        const text = stripTags(quoted!).normalize('NFC')
        yield { text, unmarked: text, pali: true }
      }
      const text = stripTags(inner!.replace(PALI_ELEMENT, ' ')).normalize('NFC')
      const words = text.match(WORD) ?? []
      if (words.length === 0) continue
      const spelled = words.filter((word) => PALI_LETTER.test(word)).length
      // `unmarked`: without the words an editor marked as terms (Pāli, even in an English block)
      const unmarked = stripTags(inner!.replace(PALI_ELEMENT, ' ').replace(TERM_MARK, ' ')).normalize('NFC')
      yield { text, unmarked, pali: spelled * 10 >= words.length }
    }
  }
}

/** Every Pāli word token of the texts (Pāli blocks and lang="pi" elements), with how often it occurs. */
export function paliTokens(corpus: Corpus): Map<string, number> {
  const tokens = new Map<string, number>()
  for (const block of blocksOf(corpus)) {
    if (!block.pali) continue
    for (const [word] of block.text.matchAll(WORD)) tokens.set(word, (tokens.get(word) ?? 0) + 1)
  }
  return tokens
}

/**
 * The translations' most common plain-ASCII words (English blocks, words marked as terms left out),
 * never a word that stands in Pāli text anywhere.
 */
export function commonEnglishWords(corpus: Corpus, count = ENGLISH_WORDS): string[] {
  const pali = new Set([...paliTokens(corpus).keys()].map((word) => plainKey(word)))
  const frequency = new Map<string, number>()
  for (const block of blocksOf(corpus)) {
    if (block.pali) continue
    for (const [word] of block.unmarked.toLowerCase().matchAll(/\b[a-z]{2,}\b/g)) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1)
    }
  }
  return [...frequency]
    .filter(([word]) => !pali.has(word))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([word]) => word)
}

const visitor = { publishedOnly: true }
const pct = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole)

export interface LookupMeasure {
  cases: number
  top1: number
  top3: number
  misses: string[]
  english: { asked: number; matched: string[] }
  coverage: { tokens: number; exact: number; found: number }
  ms: number[]
}

/** `maxTokens`: only the most frequent distinct Pāli tokens are asked (a quicker estimate of the coverage). */
export function measureLookup(
  corpus: Corpus,
  index: LexiconIndex,
  cases: LookupCase[],
  { maxTokens = Infinity }: { maxTokens?: number } = {},
): LookupMeasure {
  const ms: number[] = []
  const timed = (word: string) => {
    const start = performance.now()
    const answer = lookupWord(index, word, visitor)
    ms.push(performance.now() - start)
    return answer
  }
  let top1 = 0
  let top3 = 0
  const misses: string[] = []
  for (const c of cases) {
    const terms = [...new Set(timed(c.form).matches.map((match) => match.term))]
    const at = terms.indexOf(c.term)
    if (at === 0) top1++
    if (at >= 0 && at < 3) top3++
    if (at !== 0)
      misses.push(`${c.form} → ${c.term}: ${at < 0 ? 'not found' : `rank ${at + 1}`}; first ${terms[0] ?? '—'}`)
  }
  const englishWords = commonEnglishWords(corpus)
  const matched = englishWords.filter((word) => timed(word).matches.length > 0)
  const headwordPlains = new Set([...index.terms.values()].map((term) => term.plain))
  let tokens = 0
  let exact = 0
  let found = 0
  const asked = [...paliTokens(corpus)].sort((a, b) => b[1] - a[1]).slice(0, maxTokens)
  for (const [token, count] of asked) {
    tokens += count
    if (headwordPlains.has(plainKey(token))) exact += count
    if (timed(token).matches.length > 0) found += count
  }
  return {
    cases: cases.length,
    top1,
    top3,
    misses,
    english: { asked: englishWords.length, matched },
    coverage: { tokens, exact, found },
    ms,
  }
}

export function lookupFigures(measure: LookupMeasure, source: string): Figure[] {
  const { cases, top1, top3, english, coverage, ms } = measure
  const row = (
    figure: string,
    value: number,
    unit: string,
    target: string,
    pass: boolean | null,
    note?: string,
  ): Figure => ({
    figure,
    value,
    unit,
    baseline: null,
    ratio: null,
    target,
    pass,
    note,
  })
  const p95 = percentile(ms, 95)
  return [
    row(
      'lookup top-1, marked forms → headword',
      pct(top1, cases),
      '%',
      '≥ 90%',
      pct(top1, cases) >= 90,
      `${cases} inflected forms of ${source}; misses: ${measure.misses.slice(0, 6).join('; ') || 'none'}`,
    ),
    row('lookup top-3, marked forms → headword', pct(top3, cases), '%', '≥ 97%', pct(top3, cases) >= 97),
    row(
      'lookup English false positives',
      pct(english.matched.length, english.asked),
      '%',
      '≤ 5%',
      pct(english.matched.length, english.asked) <= 5,
      `the translations' ${english.asked} most common words that never stand in Pāli text; matched: ${english.matched.join(', ') || 'none'}`,
    ),
    row(
      'lookup coverage of Pāli tokens',
      pct(coverage.found, coverage.tokens),
      '%',
      'reported (aim ≥ 50%)',
      null,
      `${coverage.tokens} tokens; exact headword spelling (before issue 29): ${pct(coverage.exact, coverage.tokens).toFixed(1)} %`,
    ),
    row(
      'lookup p95, in-process',
      p95,
      'ms',
      '≤ 20 ms',
      p95 <= 20,
      `${ms.length} words; p50 ${percentile(ms, 50).toFixed(2)} ms`,
    ),
  ]
}

/** The bench's figures: the kept cases for the real corpus, the marks of the generated library. */
export function lookupBench(): Figure[] {
  const { corpus, lexiconCsv, source } = readCorpus()
  const index = lexiconIndexOf(lexiconCsv)
  const real = Boolean(process.env.CORPUS_DIR)
  // The generated library marks only citation forms: its cases are the grammar table's (lookup-grammar.ts).
  const cases =
    real && fs.existsSync(CASES_FILE)
      ? (JSON.parse(fs.readFileSync(CASES_FILE, 'utf8')) as LookupCase[])
      : declinedCases([...index.terms.values()].map((term) => term.term))
  return lookupFigures(
    measureLookup(corpus, index, cases),
    real
      ? 'the corpus, as its editors marked them (bench/lookup-cases.json)'
      : `the generated library's terms (${source}), declined by bench/lookup-grammar.ts`,
  )
}

// `node --import tsx bench/lookup.ts` with CORPUS_DIR set: writes bench/lookup-cases.json and prints the figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { corpus, lexiconCsv } = readCorpus()
  const index = lexiconIndexOf(lexiconCsv)
  if (process.env.CORPUS_DIR) {
    const cases = lookupCasesOf(corpus, index)
    fs.writeFileSync(CASES_FILE, `${JSON.stringify(cases, null, 2)}\n`)
    console.log(`${cases.length} cases written to ${CASES_FILE}`)
  }
  for (const figure of lookupBench())
    console.log(`${figure.figure}: ${figure.value?.toFixed(1)} ${figure.unit} (${figure.target}) ${figure.note ?? ''}`)
}
