import { describe, expect, it } from 'vitest'
import { ReferenceReader } from '#shared/text/references.ts'
import { FORMS_PER_QUERY, formsPerWord, formWords, parseQuery, tsQueriesWithForms } from './search-query.ts'

describe('parseQuery', () => {
  it.each([
    ['SN 55.37', 'SN', [55, 37], 'sn', '55.37', 'sn5537'],
    ['sn55.37', 'SN', [55, 37], 'sn', '55.37', 'sn5537'],
    ['SN.55.37', 'SN', [55, 37], 'sn', '55.37', 'sn5537'],
    ['  Snp 4.6 ', 'Snp', [4, 6], 'snp', '4.6', 'snp46'],
    ['mn 10', 'MN', [10], 'mn', '10', 'mn10'],
    ['Thag 1.1', 'Thag', [1, 1], 'thag', '1.1', 'thag11'],
    ['Vv 1.2.3', 'Vv', [1, 2, 3], 'vv', '1.2.3', 'vv123'],
  ])('reads %j as the reference %s %j, searched as a phrase', (raw, collection, numbers, name, number, spelling) => {
    expect(parseQuery(raw)).toEqual({
      reference: { collection, numbers },
      words: [],
      phrases: [[name, number]],
      // The number keeps its dots: PostgreSQL's parser reads '55.37' as one token.
      // Or the name with the number whole, or the typed words as any query reads them (the fallback).
      tsQuery: expect.stringMatching(new RegExp(`^\\(${name} <-> ${number.replaceAll('.', '\\.')}\\) \\| \\(`)),
      termText: `${name} ${number}`,
      spelling,
    })
  })

  it.each([
    ['SN 55.37 sutta', ['sn', '55', '37', 'sutta'], 'sn:* & 55 & 37 & sutta:*'],
    ['MN 12345', ['mn', '12345'], 'mn:* & 12345'],
    ['XY 1', ['xy', '1'], 'xy:* & 1'],
    ['an', ['an'], 'an:*'],
  ])('reads %j as words, not a reference', (raw, words, tsQuery) => {
    expect(parseQuery(raw)).toMatchObject({ reference: null, words, phrases: [], tsQuery })
  })

  it.each([
    [
      'Mettā "noble eightfold path"',
      ['metta'],
      [['noble', 'eightfold', 'path']],
      'metta:* & (noble <-> eightfold <-> path)',
      'metta noble eightfold path',
    ],
    // An unclosed quote counts as closed; a quoted single word is a word.
    [
      '"unclosed phrase here',
      [],
      [['unclosed', 'phrase', 'here']],
      '(unclosed <-> phrase <-> here)',
      'unclosed phrase here',
    ],
    ['"one" two', ['one', 'two'], [], 'one:* & two:*', 'one two'],
    // Numbers and single letters match whole words; beside longer words a single letter goes.
    ['MN 1 a', ['mn', '1'], [], 'mn:* & 1', 'mn 1'],
    ['a b c', ['a', 'b', 'c'], [], 'a & b & c', 'a b c'],
    ['a b "two handled"', [], [['two', 'handled']], '(two <-> handled)', 'two handled'],
    ['dukkha Dukkha DUKKHĀ', ['dukkha'], [], 'dukkha:*', 'dukkha'],
  ])('reads %j as words %j and phrases %j', (raw, words, phrases, tsQuery, termText) => {
    expect(parseQuery(raw)).toMatchObject({ reference: null, words, phrases, tsQuery, termText })
  })

  it.each([
    ['Satipaṭṭhāna', ['satipatthana'], 'satipatthana'],
    ['satipatthana', ['satipatthana'], 'satipatthana'],
    ['DUKKHĀ', ['dukkha'], 'dukkha'],
    ['saṁyutta', ['samyutta'], 'samyutta'],
    ['saṃyutta', ['samyutta'], 'samyutta'],
    ['Õige kõne', ['oige', 'kone'], 'oigekone'],
    ['Straße', ['strasse'], 'strasse'],
    // Spaces and hyphens part words but not the spelling a term's name is compared with.
    ['paṭicca-samuppāda', ['paticca', 'samuppada'], 'paticcasamuppada'],
    ['paticca samuppada', ['paticca', 'samuppada'], 'paticcasamuppada'],
  ])('folds %j to the words %j, spelled %j', (raw, words, spelling) => {
    expect(parseQuery(raw)).toMatchObject({ words, spelling })
  })

  it.each([
    ['\t mettā\n\u00a0 bhāvanā  ', ['metta', 'bhavana'], 'mettabhavana'],
    // A zero-width space is no letter: it parts the words, as a space would.
    ['sati\u200bpatthana', ['sati', 'patthana'], 'satipatthana'],
    ['metta\r\n\r\nbhavana', ['metta', 'bhavana'], 'mettabhavana'],
  ])('reads words across odd whitespace in %j', (raw, words, spelling) => {
    expect(parseQuery(raw)).toMatchObject({ words, phrases: [], spelling })
  })

  it.each([[''], ['   '], ['!!!'], ['"" ""'], ['\u200b\u00a0'], ['-- ... ::']])(
    'finds nothing to search in %j',
    (raw) => {
      expect(parseQuery(raw)).toBeNull()
    },
  )

  it.each([
    ["a:* & | ! ( ) ' \\ %_ <->", ['a'], 'a'],
    ['kusala:* & !dhamma', ['kusala', 'dhamma'], 'kusala:* & dhamma:*'],
    ["o'clock (sati) <-> [mettā]", ['clock', 'sati', 'metta'], 'clock:* & sati:* & metta:*'],
  ])('keeps what tsquery would reject out of %j', (raw, words, tsQuery) => {
    expect(parseQuery(raw)).toMatchObject({ words, tsQuery })
  })

  it('reads the first 500 characters of a long input, at most twelve words', () => {
    // 71 whole words of seven characters, then the start of one more.
    const repeated = parseQuery('kusala '.repeat(80))!
    expect(repeated).toMatchObject({ words: ['kusala', 'kus'], tsQuery: 'kusala:* & kus:*' })
    expect(repeated.spelling).toBe(`${'kusala'.repeat(71)}kus`)
    const many = Array.from({ length: 20 }, (_, i) => `word${String.fromCharCode(97 + i)}`)
    const twelve = parseQuery(many.join(' '))!
    expect(twelve.words).toEqual(many.slice(0, 12))
    expect(twelve.termText).toBe(many.slice(0, 12).join(' '))
    // The spelling is the whole input's, for a term name that long.
    expect(twelve.spelling).toBe(many.join(''))
  })
})

describe('parseQuery of a reference', () => {
  it('searches the text for the canonical reference, the name as typed with the number, or the words', () => {
    expect(parseQuery('SN 55.37')!.tsQuery).toBe('(sn <-> 55.37) | (sn:* & 55.37) | (sn:* & 55 & 37)')
    expect(parseQuery('sn55.37')!.tsQuery).toBe('(sn <-> 55.37) | (sn:* & 55.37) | (sn55:* & 37)')
  })

  it('searches the text for every name of the collection with the number', () => {
    const reader = new ReferenceReader([{ abbreviation: 'SN', names: ['Saṁyutta Nikāya', 'Linked Discourses'] }])
    expect(parseQuery('Linked Discourses 55.37', reader)!.tsQuery).toBe(
      '(linked <-> discourses <-> 55.37) | (samyutta <-> nikaya <-> 55.37) | (sn <-> 55.37) | ' +
        '(linked:* & discourses:* & 55.37) | (linked:* & discourses:* & 55 & 37)',
    )
  })
})

describe('other forms of the typed words', () => {
  it('looks up every word of four letters or more outside quotes, never a number or a reference', () => {
    expect(formWords(parseQuery('taṇhā')!)).toEqual(['tanha'])
    expect(formWords(parseQuery('DHAMMO')!)).toEqual(['dhammo'])
    expect(formWords(parseQuery('taṇhā dhammo')!)).toEqual(['tanha', 'dhammo'])
    expect(formWords(parseQuery('taṇhā ca 2024 "dhammo loko"')!)).toEqual(['tanha'])
    expect(formWords(parseQuery('sati')!)).toEqual(['sati'])
    expect(formWords(parseQuery('ca')!)).toEqual([])
    expect(formWords(parseQuery('2024')!)).toEqual([])
    expect(formWords(parseQuery('SN 55.37')!)).toEqual([])
  })

  it('bounds the other forms of a whole query, not of each word', () => {
    expect(formsPerWord([])).toBe(0)
    expect(formsPerWord(['tanha'])).toBe(FORMS_PER_QUERY)
    expect(formsPerWord(['a', 'b', 'c', 'd'])).toBe(FORMS_PER_QUERY / 4)
    for (let n = 1; n <= 20; n++) expect(n * formsPerWord(Array(n).fill('x'))).toBeLessThanOrEqual(FORMS_PER_QUERY)
  })

  it('finds a word or any of its forms, and puts the word typed whole first', () => {
    const query = parseQuery('taṇhāya loka')!
    const forms = new Map([['tanhaya', ['tanha', 'tanham', "bad'form"]]])
    expect(tsQueriesWithForms(query, forms)).toEqual({
      found: '(tanhaya:* | tanha | tanham) & loka:*',
      typed: 'tanhaya & loka:*',
    })
    expect(tsQueriesWithForms(query, new Map())).toEqual({ found: query.tsQuery, typed: query.tsQuery })
  })
})
