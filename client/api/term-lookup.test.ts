// The reader checks the lookup's answer by hand (answer-shape.ts): every answer the contract accepts
// passes, and one without the fields the popup uses does not.
import { describe, expect, it } from 'vitest'
import { TermLookup } from '#shared/api/terms.ts'
import { isTermLookup } from './reader.ts'

const found = {
  word: 'nibbānassa',
  matches: [
    {
      id: 4,
      term: 'nibbānaṃ',
      form: 'nibbānassa',
      grammar: 'gen./dat. ainsus',
      via: 'whole',
      note: '',
      published: true,
    },
  ],
  similar: [],
}
const compound = {
  word: 'dukkhanirodho',
  matches: [
    { id: 1, term: 'dukkha', form: 'dukkha', grammar: '', via: 'compound', part: 0, note: '', published: true },
    {
      id: 2,
      term: 'nirodha',
      form: 'nirodho',
      grammar: 'nom. ainsus',
      via: 'compound',
      part: 1,
      note: '',
      published: true,
    },
  ],
  parts: ['dukkha', 'nirodho'],
  similar: [],
}
const none = { word: 'xyz', matches: [], similar: [{ id: 9, term: 'xyzz' }] }

describe('the lookup answer', () => {
  it.each([found, compound, none])('passes what the contract accepts (%#)', (answer) => {
    expect(TermLookup.parse(answer)).toBeTruthy()
    expect(isTermLookup(answer)).toBe(true)
  })

  it.each([
    { ...found, matches: undefined },
    { ...found, matches: [{ ...found.matches[0], id: 'x' }] },
    { ...found, matches: [{ ...found.matches[0], via: 'guess' }] },
    { ...compound, parts: 'dukkha nirodho' },
    { ...none, similar: [{ id: 9 }] },
    '<html>',
  ])('fails one without the fields the popup uses (%#)', (answer) => {
    expect(TermLookup.safeParse(answer).success).toBe(false)
    expect(isTermLookup(answer)).toBe(false)
  })
})
