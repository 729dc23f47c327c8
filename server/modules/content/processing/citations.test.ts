import { describe, expect, it } from 'vitest'
import { findCitations } from './citations.ts'

describe('findCitations', () => {
  it.each([
    ['As in MN 10 and SN 56.11, DN 22, AN 4.10 and Dhp 183.', 'MN 10\nSN 56.11\nDN 22\nAN 4.10\nDhp 183'],
    [
      'Snp 1.8, Ud 8.3, Iti 27, Thag 1.1, Thig 5.4, Kp 9, Vv 1.2.3, Pv 1, Ja 547',
      'Snp 1.8\nUd 8.3\nIti 27\nThag 1.1\nThig 5.4\nKp 9\nVv 1.2.3\nPv 1\nJa 547',
    ],
    ['AN4.10 and AN 4.10:1.2 and AN\u00a04.10', 'AN 4.10'],
    ['Dhp 1–20 Yamakavagga', 'Dhp 1'],
    ['(as in MN 131.)', 'MN 131'],
    ['MN 10, then MN 2, then MN 10 again', 'MN 10\nMN 2'],
  ])('%s', (text, citations) => {
    expect(findCitations([text])).toBe(citations)
  })

  it.each([
    ['an 8-fold path in an 18 day retreat'],
    ['DMN 10, MN10a, MN 10.1.2.3'],
    ['suttacentral.net/mn10'],
    ['MN, SN and Dhp without numbers'],
  ])('finds nothing in %s', (text) => {
    expect(findCitations([text])).toBe('')
  })

  it('reads several texts in order', () => {
    expect(findCitations(['DN 1', 'MN 1', 'DN 1'])).toBe('DN 1\nMN 1')
  })

  it.each([
    ['collection names', 'MN SN Thag Thig '.repeat(6_250)],
    ['numbers', 'MN ' + '1.'.repeat(50_000)],
    ['digits', 'Thag ' + '9'.repeat(100_000)],
    ['citations', 'AN 4.10 '.repeat(12_500)],
  ])('finishes 100 KB of %s in under 50 ms', (_name, text) => {
    findCitations([text])
    const started = performance.now()
    findCitations([text])
    expect(performance.now() - started).toBeLessThan(50)
  })
})
