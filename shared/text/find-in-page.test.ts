import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type FoldOrigins, type TextPiece, foldPieces, foldQuery, occurrences, pieceRange } from './find-in-page.ts'

const tracked = (pieces: TextPiece[]) => {
  const origins: FoldOrigins = { piece: [], start: [], end: [] }
  return { text: foldPieces(pieces, origins), origins }
}

describe('find in page: folding', () => {
  it.each([
    [['Dukkhā ja NIBBĀNA'], 'dukkha ja nibbana'],
    [['Sõna  \n\t ÕIGE'], 'sona oige'],
    [['Straße'], 'strasse'],
    [['  eest ', null, ' taha  '], 'eest\ntaha'],
    [['dukk', 'hā'], 'dukkha'],
    [['a', null, null, ' ', null, 'b'], 'a\nb'],
    [['sati', ' ', 'paṭṭhāna'], 'sati patthana'],
    [['a\u0304 b'], 'a b'],
    [['x\u00a0y'], 'x y'],
  ])('folds %j to %j', (pieces, folded) => {
    expect(foldPieces(pieces)).toBe(folded)
    expect(tracked(pieces).text).toBe(folded)
  })

  it('folds a query the same way, trimmed', () => {
    expect(foldQuery('  Dukkhā\tNirodha ')).toBe('dukkha nirodha')
    expect(foldQuery(' \u0304 ')).toBe('')
  })

  it('folds the same on the server path and the reader path, whatever the text', () => {
    const piece = fc.oneof(
      fc.constant<TextPiece>(null),
      fc.string({
        unit: fc.constantFrom('a', 'A', '\x01', 'Ā', 'ṭ', 'õ', 'ß', ' ', '\n', '\u00a0', 'Σ', '\u0304', 'İ', 'x', '😀'),
      }),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const { text, origins } = tracked(pieces)
        expect(foldPieces(pieces)).toBe(text)
        expect(origins.piece).toHaveLength(text.length)
      }),
    )
  })

  it('remembers where each folded character came from', () => {
    const pieces = ['Ei ', 'dukkhā', null, 'ẞ!']
    const { text, origins } = tracked(pieces)
    expect(text).toBe('ei dukkha\nss!')
    expect(pieceRange(origins, text.indexOf('dukkha'), 6)).toEqual({ startPiece: 1, start: 0, endPiece: 1, end: 6 })
    // ẞ folds to two characters: both come from it
    expect(pieceRange(origins, text.indexOf('ss'), 2)).toEqual({ startPiece: 3, start: 0, endPiece: 3, end: 1 })
    expect(pieceRange(origins, text.indexOf('i d'), 3)).toEqual({ startPiece: 0, start: 1, endPiece: 1, end: 1 })
  })
})

describe('find in page: occurrences', () => {
  it('are found left to right without overlapping, up to a limit', () => {
    expect(occurrences('aaaa', 'aa')).toEqual([0, 2])
    expect(occurrences('dukkha ja dukkha', 'dukkha')).toEqual([0, 10])
    expect(occurrences('dukkha ja dukkha', 'dukkha', 1)).toEqual([0])
    expect(occurrences('dukkha', '')).toEqual([])
  })

  it('never run across a break', () => {
    expect(occurrences(foldPieces(['sati', null, 'patthana']), foldQuery('sati patthana'))).toEqual([])
    expect(occurrences(foldPieces(['sati ', 'patthana']), foldQuery('sati patthana'))).toEqual([0])
  })
})
