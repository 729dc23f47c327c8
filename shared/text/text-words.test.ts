import { describe, expect, it } from 'vitest'
import { letterCount, textWords } from './text-words.ts'

describe('textWords', () => {
  it.each([
    ['dhammassa, dhammo.', ['dhammassa', 'dhammo']],
    ["gacchāmī'ti ‘taṇhā’", ["gacchāmī'ti", 'taṇhā']],
    ['saṁ\u0307yutta 12', ['saṁ\u0307yutta']],
    ["a'  'b -", ['a', 'b']],
    ['', []],
  ])('%j has the words %j', (text, words) => {
    expect([...textWords(text)].map((w) => w.word)).toEqual(words)
  })

  it('says where each word is', () => {
    expect([...textWords(' ab cd')]).toEqual([
      { word: 'ab', start: 1, end: 3 },
      { word: 'cd', start: 4, end: 6 },
    ])
  })
})

describe('letterCount', () => {
  it('counts letters, not marks or apostrophes', () => {
    expect(letterCount('ca')).toBe(2)
    expect(letterCount('ca\u0304')).toBe(2)
    expect(letterCount("tī'ti")).toBe(4)
  })
})
