import { describe, expect, it } from 'vitest'
import { readingsOf, splitCompound } from './analyse.ts'

const forms = (word: string) => readingsOf(word).map((reading) => reading.form)

describe('readingsOf', () => {
  it('tries the whole word first', () => {
    expect(readingsOf('Nibbānassa,')[0]).toEqual({ form: 'nibbānassa', via: 'whole', note: '' })
  })

  it.each([
    ["gacchāmī'ti", 'gacchāmi', '+ ti'],
    ['gacchāmī’ti', 'gacchāmi', '+ ti'],
    ['gacchāmīti', 'gacchāmi', '+ ti'],
    ["bhikkhū'ti", 'bhikkhu', '+ ti'],
    ["dhammo'ti", 'dhammo', '+ ti'],
    ["kin'ti", 'kiṃ', '+ ti'],
    ['sopi', 'so', '+ pi'],
    ['sabbampi', 'sabbaṃ', '+ pi'],
    ['tenāpi', 'tena', '+ pi'],
    ['dhammañca', 'dhammaṃ', '+ ca'],
    ['rūpañca', 'rūpaṃ', '+ ca'],
    ['evameva', 'evaṃ', '+ eva'],
    ['taññeva', 'taṃ', '+ eva'],
    ['soyeva', 'so', '+ eva'],
    ['tatheva', 'tathā', '+ eva'],
    ['tañhi', 'taṃ', '+ hi'],
    ['dhammañceva', 'dhammaṃ', '+ ca + eva'],
    ['tañcāpi', 'taṃ', '+ ca + api'],
    ["tass'eva", 'tassa', '+ eva'],
    ['bhagavantaṃyeva', 'bhagavantaṃ', '+ eva'],
    ['atikkammeva', 'atikkamma', '+ eva'],
    ['tiṃsampi', 'tiṃsaṃ', '+ pi'],
  ])('%s → %s (%s)', (word, form, note) => {
    const reading = readingsOf(word).find((candidate) => candidate.form === form)
    expect(reading, JSON.stringify(readingsOf(word))).toEqual({ form, via: 'enclitic', note })
  })

  it('shortens the vowel -ti lengthened before the long one', () => {
    expect(forms("gacchāmī'ti").indexOf('gacchāmi')).toBeLessThan(forms("gacchāmī'ti").indexOf('gacchāmī'))
  })

  it('undoes -m before a vowel: evamāha → evaṃ + āha', () => {
    const readings = readingsOf('evamāha')
    expect(readings).toContainEqual({ form: 'evaṃ', via: 'sandhi', note: 'sandhi: -m → -ṃ' })
    expect(readings).toContainEqual({ form: 'āha', via: 'sandhi', note: 'sandhi: -m → -ṃ' })
    expect(forms('kathamidaṃ')).toEqual(expect.arrayContaining(['kathaṃ', 'idaṃ']))
  })

  it('undoes -d before a vowel: etadavoca → etaṃ + avoca, tadeva → taṃ', () => {
    const readings = readingsOf('etadavoca')
    expect(readings).toContainEqual({ form: 'etaṃ', via: 'sandhi', note: 'sandhi: -d → -ṃ' })
    expect(readings).toContainEqual({ form: 'avoca', via: 'sandhi', note: 'sandhi: -d → -ṃ' })
    expect(forms('yadidaṃ')).toEqual(expect.arrayContaining(['yaṃ', 'idaṃ']))
    expect(readingsOf('tadeva')).toContainEqual({ form: 'taṃ', via: 'enclitic', note: '+ eva' })
    expect(forms('kadā')).toEqual(['kadā'])
  })

  it('shortens a final ī/ū lengthened in verse', () => {
    expect(readingsOf('sampajjatī')).toContainEqual({ form: 'sampajjati', via: 'sandhi', note: 'sandhi: -ī → -i' })
    expect(forms('nadī')).toEqual(['nadī', 'nadi'])
  })

  it('puts back an elided vowel', () => {
    expect(readingsOf("yen'āhaṃ")).toContainEqual({ form: 'yena', via: 'sandhi', note: 'sandhi: kadunud täishäälik' })
    expect(forms("yen'āhaṃ")).toContain('āhaṃ')
    expect(forms('tass’')).toContain('tassa')
    expect(forms('tass’,')).toContain('tassa')
    expect(forms('has')).toEqual(['has']) // an English word: no vowel made up without an apostrophe
  })

  it('lists each form once and never one of one letter', () => {
    for (const word of ['evameva', "gacchāmī'ti", 'tañcāpi', 'sopi', 'ca', 'pi']) {
      const list = forms(word)
      expect(new Set(list).size).toBe(list.length)
      expect(list.every((form) => form.length >= 2)).toBe(true)
    }
  })

  it('gives nothing for nothing', () => {
    expect(readingsOf(' “” ')).toEqual([])
  })
})

describe('splitCompound', () => {
  const known = new Set([
    'dhamma',
    'cakka',
    'pavattana',
    'sati',
    'upatthana',
    'sacca',
    'ariya',
    'magga',
    'attha',
    'angika',
    'dukkha',
    'nirodha',
    'gamini',
    'patipada',
    'maha',
    'isi',
    'anudhamma',
    'kaya',
    'anupassana',
    'samma',
    'padhana',
    'nibbana',
  ])
  const isKnown = (plain: string) => known.has(plain)

  it.each([
    ['dhammacakkappavattana', ['dhamma', 'cakka', 'pavattana']], // doubled p at the joint
    ['satipaṭṭhāna', ['sati', 'upatthana']], // u elided after i
    ['ariyasacca', ['ariya', 'sacca']],
    ['ariyaṭṭhaṅgikamagga', ['ariya', 'attha', 'angika', 'magga']], // a+a shared twice
    ['dukkhanirodhagāminīpaṭipadā', ['dukkha', 'nirodha', 'gamini', 'patipada']],
    ['kāyānupassanā', ['kaya', 'anupassana']], // ā = a + a
    ['dhammānudhamma', ['dhamma', 'anudhamma']],
    ['mahesi', ['maha', 'isi']], // e = a + i
    ['sammappadhāna', ['samma', 'padhana']],
    ['nibbāna', null], // known itself: not a compound
    ['saddhammo', null], // sa- is shorter than a part may be
    ['xyzdhamma', null],
  ])('%s → %j', (word, parts) => {
    expect(splitCompound(word, isKnown)).toEqual(parts)
  })

  it('keeps to maxParts', () => {
    expect(splitCompound('dukkhanirodhagāminīpaṭipadā', isKnown, 3)).toBeNull()
  })

  it('prefers the fewest parts, the longest first on ties', () => {
    const set = new Set(['abc', 'abcdef', 'def', 'ghi', 'defghi'])
    expect(splitCompound('abcdefghi', (plain) => set.has(plain))).toEqual(['abcdef', 'ghi'])
  })

  it('splits a 30-letter word in well under a millisecond', () => {
    const words = ['dukkhanirodhagāminīpaṭipadāsacca', 'dukkhanirodhagāminīpaṭipadāsaccax'] // 32, 33 letters
    for (let round = 0; round < 1000; round++) splitCompound(words[round % 2]!, isKnown) // warm up the JIT
    // The best of a few batches, so that another process on the machine does not decide it.
    let best = Infinity
    for (let batch = 0; batch < 5; batch++) {
      const started = performance.now()
      for (let round = 0; round < 200; round++) splitCompound(words[round % 2]!, isKnown)
      best = Math.min(best, (performance.now() - started) / 200)
    }
    expect(splitCompound(words[0]!, isKnown)).toBeNull() // five parts, more than maxParts
    expect(splitCompound(words[0]!, isKnown, 5)).toEqual(['dukkha', 'nirodha', 'gamini', 'patipada', 'sacca'])
    expect(best).toBeLessThan(0.3)
  })
})
