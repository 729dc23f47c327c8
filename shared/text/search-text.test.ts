import { describe, expect, it } from 'vitest'
import {
  findMatches,
  foldForSearch,
  parseSearchQuery,
  searchSpelling,
  spellsTermName,
  toTsQuery,
} from './search-text.ts'

describe('search text', () => {
  it.each([
    ['Satipaṭṭhāna', 'satipatthana'],
    ['mettā ṃ ṁ ñ ṅ ḍ ḷ', 'metta m m n n d l'],
    ['Õige Äär Öö Üks Šokk Žürii', 'oige aar oo uks sokk zurii'],
    ['Straße', 'strasse'],
  ])('folds %s to %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded)
  })

  it('splits words and quoted phrases, ignoring symbols', () => {
    expect(parseSearchQuery('Mettā "noble eightfold path" & MN 10:*')).toEqual({
      words: ['metta', 'mn', '10'],
      phrases: [['noble', 'eightfold', 'path']],
    })
    expect(parseSearchQuery('"unclosed phrase here')).toEqual({ words: [], phrases: [['unclosed', 'phrase', 'here']] })
    expect(parseSearchQuery('!!! ()')).toEqual({ words: [], phrases: [] })
  })

  it('builds a tsquery of prefixes, whole numbers and phrases', () => {
    expect(toTsQuery(parseSearchQuery('satipat MN 10 "two handled"'))).toBe('satipat:* & mn:* & 10 & (two <-> handled)')
  })

  it('keeps single letters out of prefix matching: dropped beside longer words, else whole words', () => {
    expect(parseSearchQuery('a b c d e f g h i j k l satipat')).toEqual({ words: ['satipat'], phrases: [] })
    expect(parseSearchQuery('Ā "two handled" b')).toEqual({ words: [], phrases: [['two', 'handled']] })
    expect(parseSearchQuery('MN 1 a')).toEqual({ words: ['mn', '1'], phrases: [] })
    const letters = toTsQuery(parseSearchQuery('a b c d e f g h i j k l a b'))
    expect(letters).toBe('a & b & c & d & e & f & g & h & i & j & k & l')
    expect(letters).not.toMatch(/:\*/)
    // Two letters are still a prefix: the search dialog asks from the second character.
    expect(toTsQuery(parseSearchQuery('sa'))).toBe('sa:*')
    expect(toTsQuery(parseSearchQuery('ā'))).toBe('a')
  })

  it('finds matches at word starts in the original text', () => {
    const text = 'The satipaṭṭhāna of Mettā; not unmetta.'
    const matches = findMatches(text, parseSearchQuery('satipat metta'))
    expect(matches.map((m) => text.slice(m.start, m.end))).toEqual(['satipaṭ', 'Mettā'])
  })

  it('marks numbers and single letters only as whole words', () => {
    const text = 'MN 10 and MN 100; a cat.'
    expect(findMatches(text, parseSearchQuery('10')).map((m) => text.slice(m.start, m.end))).toEqual(['10'])
    expect(findMatches(text, parseSearchQuery('a')).map((m) => m.start)).toEqual([text.indexOf('a cat')])
  })

  it('marks one- and two-letter words only as whole words, not as the start of longer ones', () => {
    const text = 'A lay follower has faith in the Buddha; into it, inside and in.'
    const marked = findMatches(text, parseSearchQuery('a lay follower has faith in')).map((m) =>
      text.slice(m.start, m.end),
    )
    expect(marked).toEqual(['lay', 'follower', 'has', 'faith', 'in', 'in'])
    // Longer words still mark the start of a word, and a quoted phrase's short words are whole too.
    expect(findMatches('Satipaṭṭhāna', parseSearchQuery('satip')).length).toBe(1)
    const phrase = 'faith in it, faith into'
    expect(findMatches(phrase, parseSearchQuery('"faith in"')).map((m) => phrase.slice(m.start, m.end))).toEqual([
      'faith',
      'in',
      'faith',
    ])
  })

  it('stays fast on a 100 KB adversarial query and text', () => {
    const text = 'a'.repeat(100_000)
    // The best of five runs; on a machine busy with other work, a plain query in the same run sets the bar.
    const best = (query: string) =>
      Math.min(
        ...Array.from({ length: 5 }, () => {
          const started = performance.now()
          findMatches(text, parseSearchQuery(query))
          return performance.now() - started
        }),
      )
    const plain = best('aaa')
    expect(best(`${'a '.repeat(50_000)}"${'a'.repeat(1000)}`)).toBeLessThan(Math.max(50, 10 * plain))
  })
})

describe('spellsTermName', () => {
  it.each([
    ['dukkha', 'dukkhā', true],
    ['DUKKHĀ', 'dukkha', true],
    ['duhkha', 'duḥkha', true],
    ['dukkha', 'Dukkha (kannatus)', true],
    ['dukkha', 'dukkha [pāli]', true],
    ['paticca samuppada', 'paṭicca-samuppāda', true],
    ['paticcasamuppada', 'paṭicca-samuppāda', true],
    ['"paṭicca-samuppāda"', 'paticca samuppada', true],
    ['anattan', 'anattā, anattan', true],
    ['oige kone', 'Õige kõne', true],
    ['dukkha', 'dukkhasacca', false], // a longer name only starts with it
    ['dukkhasacca', 'dukkha', false],
    ['kannatus', 'Dukkha (kannatus)', false], // a bracketed addition is not the name
    ['', 'dukkha', false],
    ['!!!', '!!!', false],
  ])('%s spells %s: %s', (input, name, expected) => {
    expect(spellsTermName(searchSpelling(input), name)).toBe(expected)
  })
})
