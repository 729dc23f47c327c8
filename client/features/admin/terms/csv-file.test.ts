import { describe, expect, it } from 'vitest'
import { isCsvFile } from './csv-file.ts'

describe('isCsvFile', () => {
  it.each([
    [{ name: 'lexicon.csv', type: 'text/csv' }, true],
    [{ name: 'LEXICON.CSV', type: '' }, true],
    [{ name: 'lexicon.csv', type: 'application/vnd.ms-excel' }, true],
    [{ name: 'export', type: 'text/csv' }, true],
    [{ name: 'lexicon.csv', type: 'text/plain' }, true],
    [{ name: 'lexicon.txt', type: 'text/plain' }, false],
    [{ name: 'picture.png', type: 'image/png' }, false],
    [{ name: 'fake.csv', type: 'image/png' }, false],
  ])('%j is CSV: %s', (file, expected) => {
    expect(isCsvFile(file)).toBe(expected)
  })
})
