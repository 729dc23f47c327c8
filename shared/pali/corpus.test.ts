// With CORPUS_DIR set (CORPUS_DIR=/work/shared/corpus), how many of the real lexicon's terms get a
// declension or conjugation pattern from their citation form alone. Skipped in a clone without the
// corpus.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateForms, guessPattern, type PatternId } from './index.ts'

const corpusDir = process.env.CORPUS_DIR

/** The first column of a CSV file with a header row (quoted cells may hold commas and newlines). */
function firstColumn(text: string): string[] {
  const cells: string[] = []
  let cell = ''
  let column = 0
  let quoted = false
  for (let at = 0; at < text.length; at++) {
    const char = text[at]
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"'
        at++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',' || char === '\n') {
      if (column === 0) cells.push(cell.trim())
      cell = ''
      column = char === ',' ? column + 1 : 0
    } else if (char !== '\r') cell += char
  }
  if (column === 0 && cell) cells.push(cell.trim())
  return cells.slice(1).filter(Boolean)
}

describe.skipIf(!corpusDir)('patterns of the real lexicon (CORPUS_DIR)', () => {
  it('guesses a pattern for most terms and generates forms for each', () => {
    const terms = firstColumn(fs.readFileSync(path.join(corpusDir ?? '', 'lexicon.csv'), 'utf8'))
    expect(terms.length).toBeGreaterThan(1000)
    const counts = new Map<PatternId, number>()
    let forms = 0
    for (const term of terms) {
      const pattern = guessPattern(term)
      counts.set(pattern, (counts.get(pattern) ?? 0) + 1)
      forms += generateForms(term, pattern).length
    }
    const declined = terms.length - (counts.get('indecl') ?? 0)
    const byCount = [...counts].sort((a, b) => b[1] - a[1]).map(([pattern, count]) => `${pattern} ${count}`)
    console.info(
      `pali: ${declined} of ${terms.length} terms (${((100 * declined) / terms.length).toFixed(1)} %) guess a pattern; ` +
        `${forms} forms; ${byCount.join(', ')}`,
    )
    expect(declined / terms.length).toBeGreaterThan(0.9)
  })
})
