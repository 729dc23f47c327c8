// FORMS_VERSION must be raised whenever the paradigms change, or stored forms stay as an older
// generator wrote them: the forms of one sample term per pattern are pinned to the version.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateForms, PATTERN_IDS } from '#shared/pali/index.ts'
import { cleanExtraForms, FORMS_VERSION, formsOf } from './term-forms.ts'

const SAMPLES: Record<(typeof PATTERN_IDS)[number], string> = {
  'a-masc': 'dhammo',
  'a-neut': 'cittaṃ',
  'ā-fem': 'mettā',
  'i-masc': 'aggi',
  'i-fem': 'ratti',
  'ī-masc': 'hatthī',
  'ī-fem': 'nadī',
  'u-masc': 'bhikkhu',
  'u-neut': 'cakkhu',
  'u-fem': 'dhātu',
  'ū-masc': 'abhibhū',
  'ar-agent': 'satthā',
  'ar-kin': 'pitā',
  'an-masc': 'attā',
  'as-neut': 'mano',
  ant: 'bhagavā',
  'verb-ati': 'gacchati',
  'verb-eti': 'deseti',
  'verb-oti': 'suṇoti',
  'verb-āti': 'jānāti',
  indecl: 'ca',
}

/** FORMS_VERSION → the fingerprint of the samples' forms it was set for. */
const PINNED: Record<number, string> = { 1: '4aa73430d2987778' }

function fingerprint() {
  const hash = createHash('sha256')
  for (const id of PATTERN_IDS) hash.update(JSON.stringify(generateForms(SAMPLES[id], id)))
  return hash.digest('hex').slice(0, 16)
}

describe('FORMS_VERSION', () => {
  it('is raised with the paradigms', () => {
    expect(
      PINNED[FORMS_VERSION],
      `shared/pali's forms changed: raise FORMS_VERSION (term-forms.ts) and pin ${fingerprint()} to it here`,
    ).toBe(fingerprint())
  })
})

describe('formsOf', () => {
  it('keeps one row per spelling, the lightest weight first, with every grammar label', () => {
    const rows = formsOf({ term: 'dhammo', pattern: null, extraForms: ['Dhammā', 'dhammā'] })
    expect(rows[0]).toMatchObject({ form: 'dhammo', weight: 0, plain: 'dhammo' })
    expect(new Set(rows.map((row) => row.form)).size).toBe(rows.length)
    // dhammā is a plural of the pattern (weight 1) and an extra form too: it stays once, at 1.
    expect(rows.find((row) => row.form === 'dhammā')).toMatchObject({ weight: 1, plain: 'dhamma' })
    expect(rows.map((row) => row.weight)).toEqual([...rows.map((row) => row.weight)].sort((a, b) => a - b))
  })

  it('cleans extra forms: trimmed, no blanks, no repeats', () => {
    expect(cleanExtraForms([' rañño ', '', 'rañño', 'raññā'])).toEqual(['rañño', 'raññā'])
  })
})
