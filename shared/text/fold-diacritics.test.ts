import { describe, expect, it } from 'vitest'
import { foldDiacritics, termLetter, termLetters } from './fold-diacritics.ts'

describe('termLetter', () => {
  it.each([
    ['ākāsa', 'A'],
    ['ahaṃ', 'A'],
    ['ṭhāna', 'T'],
    ['ñāṇa', 'N'],
    ['ḍ', 'D'],
    ['īsā', 'I'],
    ['ūmi', 'U'],
    ['ṅa', 'N'],
    ['Mettā', 'M'],
    ['õpetus', 'Õ'],
    ['Ärkamine', 'Ä'],
    ['öö', 'Ö'],
    ['ülim', 'Ü'],
    ['šamaan', 'Š'],
    ['žanr', 'Ž'],
    ['o\u0303petus', 'Õ'], // decomposed õ is still õ
    ['"citta"', 'C'],
    ['(jhāna)', 'J'],
    ['4 noble truths', '4'],
    ['—', '#'],
  ])('%s is listed under %s', (term, letter) => {
    expect(termLetter(term)).toBe(letter)
  })
})

describe('foldDiacritics', () => {
  it('folds Pali marks but keeps Estonian letters', () => {
    expect(foldDiacritics('Kāyānupassanā õige')).toBe('kayanupassana õige')
  })
})

describe('termLetters', () => {
  it('lists each letter once, in Estonian order (Õ Ä Ö Ü after W, Z after S)', () => {
    expect(
      termLetters([
        'ülim',
        'õpetus',
        'ākāsa',
        'zen',
        'sati',
        'šamaan',
        'tanhā',
        'öö',
        'äge',
        'wat',
        'bodhi',
        'anatta',
        'xeno',
      ]),
    ).toEqual(['A', 'B', 'S', 'Š', 'Z', 'T', 'W', 'Õ', 'Ä', 'Ö', 'Ü', 'X'])
  })
})
