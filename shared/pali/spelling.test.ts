import { describe, expect, it } from 'vitest'
import { paliKey, plainKey } from './spelling.ts'

describe('paliKey', () => {
  it.each([
    ['dhammaṁ', 'dhammaṃ'], // SuttaCentral's ṁ (U+1E41)
    ['dhammaṃ', 'dhammaṃ'], // the dot below (U+1E43)
    ['dhammaŋ', 'dhammaṃ'],
    ['saman\u0307gī', 'samaṅgī'], // decomposed ṅ composes
    ['dhammam\u0307', 'dhammaṃ'], // decomposed ṁ
    ['dhammam\u0323', 'dhammaṃ'], // decomposed ṃ
    ['Nibba\u0304nassa', 'nibbānassa'], // decomposed ā, capital
    ['NIBBĀNAṀ', 'nibbānaṃ'],
    ['“Gacchāmī’ti.”', 'gacchāmī’ti'], // quotes around go, the apostrophe inside stays
    ['(dhammo),', 'dhammo'],
    ['[cittaṃ]', 'cittaṃ'],
    ['—taṇhā—', 'taṇhā'],
    ['‘sādhū’ti!', 'sādhū’ti'],
    ['  sati; ', 'sati'],
    ['?!', ''],
  ])('%s → %s', (input, key) => {
    expect(paliKey(input)).toBe(key.normalize('NFC'))
  })
})

describe('plainKey', () => {
  it('folds every Pāli diacritic', () => {
    expect(plainKey('āīūṃṁṅñṭḍṇḷṛś')).toBe('aiummnntdnlrs')
    expect(plainKey('Satipaṭṭhānaṁ')).toBe('satipatthanam')
    expect(plainKey('Ñāṇa\u0304')).toBe('nana')
  })

  it('gives ṁ and ṃ spellings one key', () => {
    expect(plainKey('taṇhaṁ')).toBe(plainKey('TAṆHAṂ'))
  })
})
