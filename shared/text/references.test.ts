import { describe, expect, it } from 'vitest'
import { formatReference, namesReference, parseReference } from './references.ts'

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
