import { describe, expect, it } from 'vitest'
import { formatReference, namesReference, parseReference, ReferenceReader } from './references.ts'

describe('parseReference', () => {
  it.each([
    ['SN 55.37', 'SN 55.37'],
    ['sn55.37', 'SN 55.37'],
    ['  Snp 4.6 ', 'Snp 4.6'],
    ['snp4.6', 'Snp 4.6'],
    ['AN 10.101', 'AN 10.101'],
    ['mn 1', 'MN 1'],
    ['MN.10', 'MN 10'],
    ['thag 1.1', 'Thag 1.1'],
    ['Vv 1.2.3', 'Vv 1.2.3'],
  ])('%s is %s', (query, reference) => {
    const parsed = parseReference(query)
    expect(parsed && formatReference(parsed)).toBe(reference)
  })

  it.each([['dukkha'], ['an'], ['an 8-fold'], ['XY 1'], ['SN'], ['SN 55.37.1.2'], ['SN 55.37 sutta'], ['MN 12345']])(
    '%s is no reference',
    (query) => {
      expect(parseReference(query)).toBeNull()
    },
  )
})

describe('namesReference', () => {
  const sn5537 = parseReference('SN 55.37')!
  const dhp5 = parseReference('Dhp 5')!
  const mn1 = parseReference('MN 1')!

  it.each([
    ['SN 55.37 Mahānāmasutta', sn5537, true],
    ['SN\u00a055.37: Mahānāma', sn5537, true],
    ['SN 55.3 Dīghāvu', sn5537, false],
    ['SN 55.370', sn5537, false],
    ['AN 55.37', sn5537, false],
    ['Dhp 1–20 Yamakavagga: 1. Pairs', dhp5, true],
    ['Dhp 21–32 Appamādavagga', dhp5, false],
    ['Dhp 5', dhp5, true],
    ['MN 1 Mūlapariyāyasutta: The Root of All Things', mn1, true],
    ['MN 10 Satipaṭṭhānasutta', mn1, false],
    ['MN 1.2', mn1, false],
    ['See MN 1', mn1, false],
  ])('%s names %o: %s', (text, reference, names) => {
    expect(namesReference(text, reference)).toBe(names)
  })
})

describe('ReferenceReader with the collections and their names', () => {
  const reader = new ReferenceReader([
    { abbreviation: 'SN', names: ['Saṁyutta Nikāya', 'Linked Discourses', 'Seotud jutlused'] },
    { abbreviation: 'Snp', names: ['Sutta Nipāta', 'The Anthology of Discourses'] },
    { abbreviation: 'AN', names: ['Aṅguttara Nikāya', 'Numbered Discourses'] },
    { abbreviation: 'MN', names: ['Majjhima Nikāya', 'Middle Discourses'] },
    { abbreviation: 'Khp', names: ['Khuddakapāṭha', 'Kp'] },
  ])
  const sn5537 = reader.parse('SN 55.37')!
  const an145 = reader.parse('AN 1.45')!
  const mn28 = reader.parse('MN 28')!

  it.each([
    ['SN 55.37', 'SN 55.37'],
    ['sn55.37', 'SN 55.37'],
    ['Linked Discourses 55.37', 'SN 55.37'],
    ['linked  discourses55.37', 'SN 55.37'],
    ['Saṃyutta Nikāya 55.37', 'SN 55.37'],
    ['Saṁyutta Nikāya 55.37', 'SN 55.37'],
    ['SAMYUTTA NIKAYA 55.37', 'SN 55.37'],
    ['seotud jutlused 55.37', 'SN 55.37'],
    ['snp 4.6', 'Snp 4.6'],
    ['Sutta Nipata 4.6', 'Snp 4.6'],
    ['kp 9', 'Khp 9'],
    ['KHP 9', 'Khp 9'],
    ['Middle Discourses 28', 'MN 28'],
  ])('%s is %s', (query, reference) => {
    const parsed = reader.parse(query)
    expect(parsed && formatReference(parsed)).toBe(reference)
  })

  it.each([['Linked Discourses'], ['Linked 55.37'], ['Saṁyutta 55.37'], ['Thag 1.1'], ['Linked Discourses 55.37 x']])(
    '%s is no reference',
    (query) => {
      expect(reader.parse(query)).toBeNull()
    },
  )

  it.each([
    ['Linked Discourses 55.37', sn5537, true],
    ['LINKED DISCOURSES 55.37 With Mahānāma', sn5537, true],
    ['Saṃyutta Nikāya 55.37', sn5537, true],
    ['sn 55.37', sn5537, true],
    ['Linked Discourses 55.3', sn5537, false],
    ['Snp 55.37', sn5537, false],
    ['AN 1.41–50', an145, true],
    ['Numbered Discourses 1.41-50 Paṇihitaacchavagga', an145, true],
    ['AN 1.41–1.50', an145, true],
    ['AN 1.46–50', an145, false],
    ['AN 1.41–2.50', an145, false],
    ['Middle Discourses 28 — The Longer Simile of the Elephant’s Footprint', mn28, true],
    ['Middle Discourses 280', mn28, false],
  ])('%s names %o: %s', (text, reference, names) => {
    expect(reader.namesReference(text, reference)).toBe(names)
  })

  it('finds a heading of the number alone on a page whose title names the collection', () => {
    const title = 'Saṁyutta Nikāya: The Whole Collection'
    expect(reader.titleNamesCollection(title, 'SN')).toBe(true)
    expect(reader.titleNamesCollection('SN 55.37 Mahānāmasutta', 'SN')).toBe(false)
    expect(reader.titleNamesCollection('Snp: The Anthology', 'SN')).toBe(false)
    expect(reader.isPlace({ title, heading: '55.37 Mahānāmasutta' }, sn5537)).toBe(true)
    expect(reader.isPlace({ title, heading: 'Linked Discourses 55.37' }, sn5537)).toBe(true)
    expect(reader.isPlace({ title, heading: '55.38 Vassasutta' }, sn5537)).toBe(false)
    expect(reader.isPlace({ title, heading: 'Mahānāma 55.37' }, sn5537)).toBe(false)
    // The number alone means the collection's number only under a title that names the collection.
    expect(reader.isPlace({ title: 'MN 2 Sabbāsavasutta', heading: '55.37 Anything' }, sn5537)).toBe(false)
    expect(reader.isPlace({ title: 'Majjhima Nikāya: all', heading: '55.37 Anything' }, sn5537)).toBe(false)
    // A page is the place when its title names the reference.
    expect(reader.isPlace({ title: 'Linked Discourses 55.37', heading: null }, sn5537)).toBe(true)
    expect(reader.isPlace({ title, heading: null }, sn5537)).toBe(false)
  })
})
