// The lookup on an index made in memory from terms' generated forms (no database): ranking, compound
// parts, similar terms; and, with CORPUS_DIR set, its time and the index's memory on the real lexicon.
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../../test-support/library-source.ts'
import { formsOf } from './term-forms.ts'
import { buildLexiconIndex, editDistance, lookupWord, type LexiconIndex } from './term-lookup.ts'

interface Source {
  id: number
  term: string
  published: boolean
  pattern?: string | null
  extraForms?: string[]
}

function indexOf(sources: Source[]): LexiconIndex {
  const names = sources.map(({ id, term, published }) => ({ id, term, published }))
  const forms = sources.flatMap((source) =>
    formsOf({ term: source.term, pattern: source.pattern ?? null, extraForms: source.extraForms ?? [] }).map((row) => ({
      termId: source.id,
      ...row,
    })),
  )
  return buildLexiconIndex({ names, forms }, 1)
}

const lexicon = indexOf([
  { id: 1, term: 'nibbānaṃ', published: true },
  { id: 2, term: 'taṇhā', published: true },
  { id: 3, term: 'dhammo', published: true },
  { id: 4, term: 'cakkaṃ', published: true },
  { id: 5, term: 'rājā', published: true, extraForms: ['rañño'] },
  { id: 6, term: 'sati', published: false },
  { id: 7, term: 'dhamma', published: true },
])
const visitor = { publishedOnly: true }
const admin = { publishedOnly: false }

describe('lookupWord', () => {
  it('reads an inflected form as its term, with how it was read', () => {
    const answer = lookupWord(lexicon, 'nibbānassa', visitor)
    expect(answer.matches[0]).toMatchObject({ id: 1, term: 'nibbānaṃ', form: 'nibbānassa', via: 'whole' })
    expect(answer.matches[0]!.grammar).not.toBe('')
    expect(answer.similar).toEqual([])
  })

  it('finds a form written without diacritics or in capitals, the exact spelling first', () => {
    expect(lookupWord(lexicon, 'TANHAYA', visitor).matches[0]).toMatchObject({ id: 2, form: 'taṇhāya' })
    // "dhamma" is a form of both dhammo (vocative) and the stem entry dhamma: the citation form wins.
    expect(lookupWord(lexicon, 'dhamma', visitor).matches[0]).toMatchObject({ id: 7 })
  })

  it('takes off an enclitic', () => {
    const match = lookupWord(lexicon, 'nibbānanti', visitor).matches.find((m) => m.id === 1)
    expect(match).toMatchObject({ via: expect.stringMatching(/enclitic|sandhi/) })
  })

  it('finds extra forms', () => {
    expect(lookupWord(lexicon, 'rañño', visitor).matches[0]).toMatchObject({ id: 5, form: 'rañño' })
  })

  it('leaves unpublished terms out for visitors', () => {
    expect(lookupWord(lexicon, 'sati', visitor).matches.map((m) => m.id)).not.toContain(6)
    expect(lookupWord(lexicon, 'sati', admin).matches[0]).toMatchObject({ id: 6, published: false })
  })

  it('splits a compound into known parts, in order', () => {
    const answer = lookupWord(lexicon, 'dhammacakkaṃ', visitor)
    expect(answer.parts).toEqual(['dhamma', 'cakkaṃ'])
    expect(answer.matches.map((m) => [m.part, m.via])).toContainEqual([0, 'compound'])
    expect(answer.matches.find((m) => m.part === 1)).toMatchObject({ id: 4, via: 'compound' })
  })

  it('offers up to three similar terms when nothing matched', () => {
    const answer = lookupWord(lexicon, 'nibana', visitor)
    expect(answer.matches).toEqual([])
    expect(answer.similar[0]).toEqual({ id: 1, term: 'nibbānaṃ' })
    expect(answer.similar.length).toBeLessThanOrEqual(3)
    expect(lookupWord(lexicon, 'xyzzyqq', visitor)).toEqual({ word: 'xyzzyqq', matches: [], similar: [] })
  })

  it('ignores punctuation around the word', () => {
    expect(lookupWord(lexicon, '‘taṇhā,', visitor).matches[0]).toMatchObject({ id: 2 })
  })
})

describe('editDistance', () => {
  it.each([
    ['kitten', 'sitting', 3, 3],
    ['abc', 'abc', 0, 0],
    ['abc', 'abcdef', 2, Infinity],
    ['nibbano', 'nibbanam', 2, 2],
  ])('%s → %s (max %i) = %s', (a, b, max, expected) => {
    expect(editDistance(a, b, Math.max(max, 2))).toBe(expected)
  })
})

const corpus = corpusDir()
describe.skipIf(!corpus)('on the real lexicon (CORPUS_DIR)', () => {
  it('answers a lookup in well under 20 ms at p95, and says how large the index is', () => {
    const rows = parse(fs.readFileSync(path.join(corpus!, 'lexicon.csv')), { columns: true, bom: true }) as {
      term: string
      published: string
    }[]
    const sources = rows.map((row, i) => ({ id: i + 1, term: row.term.trim(), published: row.published === 'yes' }))
    const gc = (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc') as () => void)
    gc()
    const before = process.memoryUsage().heapUsed
    let formCount = 0
    let generateMs = 0
    // The rows are dropped once the index is made, as the app drops the database's rows.
    const index = (() => {
      const names = sources.map(({ id, term, published }) => ({ id, term, published }))
      const generateStart = performance.now()
      const forms = sources.flatMap((source) =>
        formsOf({ term: source.term, pattern: null, extraForms: [] }).map((row) => ({ termId: source.id, ...row })),
      )
      generateMs = performance.now() - generateStart
      formCount = forms.length
      return buildLexiconIndex({ names, forms }, 1)
    })()
    gc()
    const indexBytes = process.memoryUsage().heapUsed - before

    // Words as a reader meets them: every word of the corpus's text (Pāli and English), a sample.
    const text = fs.readFileSync(path.join(corpus!, 'corpus.json'), 'utf8').replace(/<[^>]*>|\\[nrt]/g, ' ')
    const words = text
      .match(/[\p{L}\p{M}]{2,}/gu)!
      .filter((_, i) => i % 97 === 0)
      .slice(0, 3000)
    const times: number[] = []
    let found = 0
    for (const word of words) {
      const start = performance.now()
      const answer = lookupWord(index, word, { publishedOnly: true })
      times.push(performance.now() - start)
      if (answer.matches.length > 0) found++
    }
    times.sort((a, b) => a - b)
    const p95 = times[Math.floor(times.length * 0.95)]!
    console.log(
      `lookup on the real lexicon: ${sources.length} terms, ${formCount} forms (${index.byPlain.size} plain ` +
        `spellings), generated in ${generateMs.toFixed(0)} ms; index ${(indexBytes / 1024 / 1024).toFixed(1)} MB; ` +
        `${words.length} words, ${found} found; p50 ${times[Math.floor(times.length / 2)]!.toFixed(3)} ms, ` +
        `p95 ${p95.toFixed(3)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
    )
    expect(p95).toBeLessThan(20)
    expect(index.terms.size).toBe(sources.length)
  }, 120_000)
})
