import { describe, expect, it } from 'vitest'
import {
  generateForms,
  guessPattern,
  isPatternId,
  PATTERN_IDS,
  PATTERNS,
  type PatternId,
  type TermForm,
} from './paradigms.ts'

/** A declension as the grammars print it: case, singular forms, plural forms. */
type CaseRows = [label: string, singular: string, plural: string][]

const CASES = ['nom.', 'akk.', 'instr.', 'dat.', 'abl.', 'gen.', 'lok.', 'vok.']

/** The cases a label gives a form in one number, for the pattern's own readings (no gender). */
function casesIn(grammar: string, number: 'ainsus' | 'mitmus'): string[] {
  return grammar
    .split('; ')
    .filter((part) => !/^[mnf]\., /u.test(part) && part.endsWith(` ${number}`))
    .flatMap((part) => part.slice(0, -number.length - 1).split('/'))
}

function expectDeclension(term: string, pattern: PatternId, rows: CaseRows) {
  const forms = generateForms(term, pattern)
  const byForm = new Map(forms.map((form) => [form.form, form]))
  const expected = new Set<string>()
  rows.forEach(([label, singular, plural], index) => {
    expect(label).toBe(CASES[index])
    for (const [list, number] of [
      [singular, 'ainsus'],
      [plural, 'mitmus'],
    ] as const) {
      for (const form of list.split(' ').filter(Boolean)) {
        expected.add(form)
        const generated = byForm.get(form)
        expect(generated, `${term}: ${form}`).toBeDefined()
        expect(casesIn(generated!.grammar, number), `${form}: ${generated!.grammar}`).toContain(label)
      }
    }
  })
  const own = forms.filter((form) => form.weight <= 1).map((form) => form.form)
  expect(new Set(own)).toEqual(expected)
  expect(forms[0]).toMatchObject({ form: term, weight: 0 })
}

describe('noun paradigms, as the grammars print them', () => {
  it('dhammo, a-stem masculine (Warder ch. 1–6; Duroiselle § 170; Geiger § 78)', () => {
    expectDeclension('dhammo', 'a-masc', [
      ['nom.', 'dhammo', 'dhammā dhammāse'],
      ['akk.', 'dhammaṃ', 'dhamme'],
      ['instr.', 'dhammena', 'dhammehi dhammebhi'],
      ['dat.', 'dhammāya dhammassa', 'dhammānaṃ'],
      ['abl.', 'dhammā dhammasmā dhammamhā', 'dhammehi dhammebhi'],
      ['gen.', 'dhammassa', 'dhammānaṃ'],
      ['lok.', 'dhamme dhammasmiṃ dhammamhi', 'dhammesu'],
      ['vok.', 'dhamma dhammā', 'dhammā'],
    ])
  })

  it('cittaṃ, a-stem neuter (Warder ch. 4; Duroiselle § 172)', () => {
    expectDeclension('cittaṃ', 'a-neut', [
      ['nom.', 'cittaṃ', 'cittāni cittā'],
      ['akk.', 'cittaṃ', 'cittāni citte'],
      ['instr.', 'cittena', 'cittehi cittebhi'],
      ['dat.', 'cittāya cittassa', 'cittānaṃ'],
      ['abl.', 'cittā cittasmā cittamhā', 'cittehi cittebhi'],
      ['gen.', 'cittassa', 'cittānaṃ'],
      ['lok.', 'citte cittasmiṃ cittamhi', 'cittesu'],
      ['vok.', 'citta', 'cittāni cittā'],
    ])
  })

  it('mettā, ā-stem feminine (Warder ch. 8; Duroiselle § 174, kaññā)', () => {
    expectDeclension('mettā', 'ā-fem', [
      ['nom.', 'mettā', 'mettā mettāyo'],
      ['akk.', 'mettaṃ', 'mettā mettāyo'],
      ['instr.', 'mettāya', 'mettāhi mettābhi'],
      ['dat.', 'mettāya', 'mettānaṃ'],
      ['abl.', 'mettāya', 'mettāhi mettābhi'],
      ['gen.', 'mettāya', 'mettānaṃ'],
      ['lok.', 'mettāya mettāyaṃ', 'mettāsu'],
      ['vok.', 'mette', 'mettā mettāyo'],
    ])
  })

  it('aggi, i-stem masculine (Duroiselle § 175; Geiger § 82)', () => {
    expectDeclension('aggi', 'i-masc', [
      ['nom.', 'aggi', 'aggī aggayo'],
      ['akk.', 'aggiṃ', 'aggī aggayo'],
      ['instr.', 'agginā', 'aggīhi aggībhi'],
      ['dat.', 'aggino aggissa', 'aggīnaṃ'],
      ['abl.', 'agginā aggismā aggimhā', 'aggīhi aggībhi'],
      ['gen.', 'aggino aggissa', 'aggīnaṃ'],
      ['lok.', 'aggismiṃ aggimhi', 'aggīsu'],
      ['vok.', 'aggi', 'aggī aggayo'],
    ])
  })

  it('ratti, i-stem feminine (Duroiselle § 180; Warder ch. 15)', () => {
    expectDeclension('ratti', 'i-fem', [
      ['nom.', 'ratti', 'rattī rattiyo'],
      ['akk.', 'rattiṃ', 'rattī rattiyo'],
      ['instr.', 'rattiyā', 'rattīhi rattībhi'],
      ['dat.', 'rattiyā', 'rattīnaṃ'],
      ['abl.', 'rattiyā', 'rattīhi rattībhi'],
      ['gen.', 'rattiyā', 'rattīnaṃ'],
      ['lok.', 'rattiyā rattiyaṃ', 'rattīsu'],
      ['vok.', 'ratti', 'rattī rattiyo'],
    ])
  })

  it('nadī, ī-stem feminine (Duroiselle § 181; Warder ch. 15)', () => {
    expectDeclension('nadī', 'ī-fem', [
      ['nom.', 'nadī', 'nadī nadiyo'],
      ['akk.', 'nadiṃ nadiyaṃ', 'nadī nadiyo'],
      ['instr.', 'nadiyā', 'nadīhi nadībhi'],
      ['dat.', 'nadiyā', 'nadīnaṃ'],
      ['abl.', 'nadiyā', 'nadīhi nadībhi'],
      ['gen.', 'nadiyā', 'nadīnaṃ'],
      ['lok.', 'nadiyā nadiyaṃ', 'nadīsu'],
      ['vok.', 'nadi', 'nadī nadiyo'],
    ])
  })

  it('bhikkhu, u-stem masculine (Warder ch. 10; Duroiselle § 177)', () => {
    expectDeclension('bhikkhu', 'u-masc', [
      ['nom.', 'bhikkhu', 'bhikkhū bhikkhavo'],
      ['akk.', 'bhikkhuṃ', 'bhikkhū bhikkhavo'],
      ['instr.', 'bhikkhunā', 'bhikkhūhi bhikkhūbhi'],
      ['dat.', 'bhikkhuno bhikkhussa', 'bhikkhūnaṃ'],
      ['abl.', 'bhikkhunā bhikkhusmā bhikkhumhā', 'bhikkhūhi bhikkhūbhi'],
      ['gen.', 'bhikkhuno bhikkhussa', 'bhikkhūnaṃ'],
      ['lok.', 'bhikkhusmiṃ bhikkhumhi', 'bhikkhūsu'],
      ['vok.', 'bhikkhu', 'bhikkhū bhikkhavo bhikkhave'],
    ])
  })

  it('satthā, agent noun in -tar (Geiger § 90; Duroiselle § 186)', () => {
    expectDeclension('satthā', 'ar-agent', [
      ['nom.', 'satthā', 'satthāro'],
      ['akk.', 'satthāraṃ', 'satthāro'],
      ['instr.', 'satthārā satthunā', 'satthārehi satthārebhi'],
      ['dat.', 'satthu satthuno satthussa', 'satthārānaṃ satthānaṃ'],
      ['abl.', 'satthārā', 'satthārehi satthārebhi'],
      ['gen.', 'satthu satthuno satthussa', 'satthārānaṃ satthānaṃ'],
      ['lok.', 'satthari', 'satthāresu'],
      ['vok.', 'sattha satthā', 'satthāro'],
    ])
  })

  it('pitā, kinship noun in -ar (Geiger § 91; Duroiselle § 187)', () => {
    expectDeclension('pitā', 'ar-kin', [
      ['nom.', 'pitā', 'pitaro'],
      ['akk.', 'pitaraṃ', 'pitaro pitare'],
      ['instr.', 'pitarā pitunā', 'pitarehi pitūhi'],
      ['dat.', 'pitu pituno pitussa', 'pitarānaṃ pitānaṃ pitūnaṃ'],
      ['abl.', 'pitarā', 'pitarehi pitūhi'],
      ['gen.', 'pitu pituno pitussa', 'pitarānaṃ pitānaṃ pitūnaṃ'],
      ['lok.', 'pitari', 'pitaresu pitūsu'],
      ['vok.', 'pita pitā', 'pitaro'],
    ])
  })

  it('attā, an-stem (Duroiselle § 189; Geiger § 92, with brahmā’s -unā/-uno)', () => {
    expectDeclension('attā', 'an-masc', [
      ['nom.', 'attā', 'attāno'],
      ['akk.', 'attānaṃ attaṃ', 'attāno'],
      ['instr.', 'attanā attena attunā', 'attanehi'],
      ['dat.', 'attano attuno', 'attānaṃ'],
      ['abl.', 'attanā', 'attanehi'],
      ['gen.', 'attano attuno', 'attānaṃ'],
      ['lok.', 'attani atte', 'attanesu'],
      ['vok.', 'atta attā', 'attāno'],
    ])
  })

  it('bhagavā, -vant stem (Geiger § 97; Warder ch. 11; Duroiselle § 194, guṇavant)', () => {
    expectDeclension('bhagavā', 'ant', [
      ['nom.', 'bhagavā', 'bhagavanto bhagavantā'],
      ['akk.', 'bhagavantaṃ', 'bhagavante'],
      ['instr.', 'bhagavatā bhagavantena', 'bhagavantehi bhagavantebhi'],
      ['dat.', 'bhagavato bhagavantassa', 'bhagavataṃ bhagavantānaṃ'],
      ['abl.', 'bhagavatā bhagavantā bhagavantasmā bhagavantamhā', 'bhagavantehi bhagavantebhi'],
      ['gen.', 'bhagavato bhagavantassa', 'bhagavataṃ bhagavantānaṃ'],
      ['lok.', 'bhagavati bhagavante bhagavantasmiṃ bhagavantamhi', 'bhagavantesu'],
      ['vok.', 'bhagava bhagavā bhagavanta', 'bhagavanto bhagavantā'],
    ])
  })

  it('the other stems give their key forms', () => {
    const has = (term: string, pattern: PatternId, ...forms: string[]) => {
      const generated = generateForms(term, pattern).map((form) => form.form)
      for (const form of forms) expect(generated, `${term} → ${form}`).toContain(form)
    }
    has('hatthī', 'ī-masc', 'hatthinaṃ', 'hatthinā', 'hatthino', 'hatthini', 'hatthīnaṃ')
    has('cakkhu', 'u-neut', 'cakkhuṃ', 'cakkhunā', 'cakkhussa', 'cakkhūni')
    has('dhātu', 'u-fem', 'dhātuyā', 'dhātuyo', 'dhātūnaṃ', 'dhātūsu')
    has('abhibhū', 'ū-masc', 'abhibhuṃ', 'abhibhunā', 'abhibhuno')
    has('mano', 'as-neut', 'manasā', 'manaso', 'manasi', 'manena', 'manassa')
    has('satimā', 'ant', 'satimantaṃ', 'satimato', 'satimatā')
    has('gacchant', 'ant', 'gacchaṃ', 'gacchanto', 'gacchato', 'gacchantaṃ')
    has('rājā', 'an-masc', 'rājānaṃ', 'rājāno', 'rājano')
  })
})

describe('verb paradigms', () => {
  /** Present system as Warder (ch. 1, 2, 7, 13) and Geiger (§ 122 ff.) print bhavati/gacchati. */
  it('gacchati: indicative, imperative, optative, participles (Warder; Geiger § 122 ff.)', () => {
    const forms = new Map(generateForms('gacchati', 'verb-ati').map((form) => [form.form, form.grammar]))
    const table: [string, string][] = [
      ['gacchati', 'olevik, 3. p. ainsus'],
      ['gacchanti', 'olevik, 3. p. mitmus'],
      ['gacchasi', 'olevik, 2. p. ainsus'],
      ['gacchatha', 'olevik, 2. p. mitmus'],
      ['gacchāmi', 'olevik, 1. p. ainsus'],
      ['gacchāma', 'olevik, 1. p. mitmus'],
      ['gacchatu', 'käskiv, 3. p. ainsus'],
      ['gacchantu', 'käskiv, 3. p. mitmus'],
      ['gaccha', 'käskiv, 2. p. ainsus'],
      ['gacchāhi', 'käskiv, 2. p. ainsus'],
      ['gacchatha', 'käskiv, 2. p. mitmus'],
      ['gaccheyya', 'soovitav, 3. p. ainsus'],
      ['gacche', 'soovitav, 3. p. ainsus'],
      ['gaccheyyuṃ', 'soovitav, 3. p. mitmus'],
      ['gaccheyyāsi', 'soovitav, 2. p. ainsus'],
      ['gaccheyyātha', 'soovitav, 2. p. mitmus'],
      ['gaccheyyaṃ', 'soovitav, 1. p. ainsus'],
      ['gaccheyyāma', 'soovitav, 1. p. mitmus'],
      ['gacchissati', 'tulevik, 3. p. ainsus'],
      ['gacchissāmi', 'tulevik, 1. p. ainsus'],
      ['gacchi', 'aorist, 3. p. ainsus'],
      ['gacchiṃsu', 'aorist, 3. p. mitmus'],
      ['gacchaṃ', 'oleviku kesksõna, nom. ainsus'],
      ['gacchanto', 'oleviku kesksõna, nom. ainsus'],
      ['gacchato', 'oleviku kesksõna, gen./dat. ainsus'],
      ['gacchatā', 'oleviku kesksõna, instr./abl. ainsus'],
      ['gacchantānaṃ', 'oleviku kesksõna, gen./dat. mitmus'],
      ['gacchamāno', 'oleviku kesksõna, nom. ainsus'],
      ['gacchamānassa', 'oleviku kesksõna, gen./dat. ainsus'],
      ['gacchantī', 'oleviku kesksõna, f., nom. ainsus'],
      ['gacchitvā', 'gerundium'],
      ['gacchituṃ', 'infinitiiv'],
    ]
    for (const [form, label] of table) expect(forms.get(form)?.split('; '), form).toContain(label)
    expect(forms.get('gacchāmi')).toBe('olevik, 1. p. ainsus; käskiv, 1. p. ainsus')
    expect(forms.get('gacchanto')).toBe('oleviku kesksõna, nom. ainsus; nom. mitmus')
    // The participle's locative -ati would be the verb itself: left out.
    expect(forms.get('gacchati')).toBe('olevik, 3. p. ainsus')
  })

  it('deseti has both the -e- and the -aya- forms and a past participle', () => {
    const forms = generateForms('deseti', 'verb-eti').map((form) => form.form)
    for (const form of [
      'desenti',
      'desayati',
      'desehi',
      'desetu',
      'deseyya',
      'desento',
      'desito',
      'desetvā',
      'desetuṃ',
    ])
      expect(forms).toContain(form)
    expect(generateForms('desayati', 'verb-eti').map((form) => form.form)).toContain('deseti')
  })

  it('suṇoti and jānāti (Geiger § 146–150)', () => {
    const suṇoti = generateForms('suṇoti', 'verb-oti').map((form) => form.form)
    expect(suṇoti).toEqual(expect.arrayContaining(['suṇonti', 'suṇosi', 'suṇomi', 'suṇohi', 'suṇeyya', 'suṇitvā']))
    const jānāti = generateForms('jānāti', 'verb-āti').map((form) => form.form)
    expect(jānāti).toEqual(
      expect.arrayContaining([
        'jānanti',
        'jānāsi',
        'jānāmi',
        'jānāhi',
        'jāneyya',
        'jānanto',
        'jānato',
        'jānissati',
        'jānitvā',
      ]),
    )
  })
})

describe('generateForms', () => {
  it('gives an adjective in -o its neuter and feminine forms with weight 2, own forms keep 1', () => {
    const forms = new Map(generateForms('kusalo', 'a-masc').map((form) => [form.form, form]))
    expect(forms.get('kusalāni')).toEqual({ form: 'kusalāni', grammar: 'n., nom./akk./vok. mitmus', weight: 2 })
    expect(forms.get('kusalāya')?.weight).toBe(1)
    expect(forms.get('kusalāya')?.grammar).toBe('dat. ainsus; f., instr./abl./gen./lok. ainsus')
    expect(forms.get('kusalāyo')?.grammar).toBe('f., nom./akk./vok. mitmus')
    const neuter = new Map(generateForms('kusalaṃ', 'a-neut').map((form) => [form.form, form]))
    expect(neuter.get('kusalo')).toMatchObject({ grammar: 'm., nom. ainsus', weight: 2 })
  })

  it('gives an -ant word its ī-feminine with weight 2', () => {
    const forms = new Map(generateForms('guṇavā', 'ant').map((form) => [form.form, form]))
    expect(forms.get('guṇavatī')).toEqual({
      form: 'guṇavatī',
      grammar: 'f., nom. ainsus; f., nom./akk./vok. mitmus',
      weight: 2,
    })
    expect(forms.get('guṇavatiyā')?.weight).toBe(2)
    expect(generateForms('gacchant', 'ant').map((form) => form.form)).toContain('gacchantiyo')
  })

  it('lists each surface form once, the term first and extra forms last', () => {
    const forms = generateForms('Rājā', 'an-masc', ['rañño', 'raññā', 'rājā', 'RAÑÑO', ' '])
    const names = forms.map((form) => form.form)
    expect(names[0]).toBe('rājā')
    expect(new Set(names).size).toBe(names.length)
    expect(forms.slice(-2)).toEqual([
      { form: 'rañño', grammar: 'lisavorm', weight: 3 },
      { form: 'raññā', grammar: 'lisavorm', weight: 3 },
    ])
  })

  it('an extra form the pattern already gives keeps its own weight and label', () => {
    const forms = generateForms('dhammo', 'a-masc', ['dhammassa'])
    expect(forms.find((form) => form.form === 'dhammassa')).toEqual({
      form: 'dhammassa',
      grammar: 'gen./dat. ainsus',
      weight: 1,
    })
  })

  it('an indeclinable is only itself, spelled as paliKey', () => {
    expect(generateForms('Evaṁ', 'indecl')).toEqual([{ form: 'evaṃ', grammar: 'põhivorm', weight: 0 }])
  })

  it('a term that does not end as the pattern expects is only itself (and its extra forms)', () => {
    expect(generateForms('nibbānaṃ', 'verb-ati', ['nibbānassa']).map((form) => form.form)).toEqual([
      'nibbānaṃ',
      'nibbānassa',
    ])
  })

  it('declines an -aṃ word set to a-masc (and an -o word set to a-neut) from its stem', () => {
    const masculine = generateForms('rūpaṃ', 'a-masc')
    expect(masculine[0]).toEqual({ form: 'rūpaṃ', grammar: 'akk. ainsus; n., nom. ainsus', weight: 0 })
    expect(masculine.map((form) => form.form)).toContain('rūpo')
    expect(generateForms('kāyo', 'a-neut').map((form) => form.form)).toContain('kāyāni')
  })

  it('generates in ṃ even from ṁ input', () => {
    expect(generateForms('cittaṁ', 'a-neut')[0]?.form).toBe('cittaṃ')
    expect(generateForms('cittaṁ', 'a-neut').every((form: TermForm) => !form.form.includes('ṁ'))).toBe(true)
  })
})

describe('PATTERNS', () => {
  it('has an Estonian label with an example for every id', () => {
    expect(PATTERNS.map((pattern) => pattern.id)).toEqual([...PATTERN_IDS])
    for (const pattern of PATTERNS) expect(pattern.label).toMatch(/\(.+\)/u)
  })

  it('isPatternId accepts the ids only', () => {
    expect(isPatternId('ā-fem')).toBe(true)
    expect(isPatternId('a-fem')).toBe(false)
    expect(isPatternId('')).toBe(false)
  })
})

describe('guessPattern', () => {
  it.each([
    ['dhammo', 'a-masc'],
    ['kusalo', 'a-masc'],
    ['cittaṃ', 'a-neut'],
    ['nibbānaṁ', 'a-neut'],
    ['mettā', 'ā-fem'],
    ['devatā', 'ā-fem'],
    ['ekaggatā', 'ā-fem'],
    ['gīvā', 'ā-fem'],
    ['aggi', 'i-masc'],
    ['muni', 'i-masc'],
    ['gahapati', 'i-masc'],
    ['ratti', 'i-fem'],
    ['sati', 'i-fem'],
    ['sammāsati', 'i-fem'],
    ['ānāpānassati', 'i-fem'],
    ['buddhānussati', 'i-fem'],
    ['pīti', 'i-fem'],
    ['vimutti', 'i-fem'],
    ['paññatti', 'i-fem'],
    ['jāti', 'i-fem'],
    ['sammādiṭṭhi', 'i-fem'],
    ['hatthī', 'ī-masc'],
    ['sāmī', 'ī-masc'],
    ['atthavādī', 'ī-masc'],
    ['nadī', 'ī-fem'],
    ['bhikkhu', 'u-masc'],
    ['cakkhu', 'u-neut'],
    ['dhātu', 'u-fem'],
    ['abhibhū', 'ū-masc'],
    ['satthā', 'ar-agent'],
    ['kattā', 'ar-agent'],
    ['dātā', 'ar-agent'],
    ['pitā', 'ar-kin'],
    ['mātā', 'ar-kin'],
    ['attā', 'an-masc'],
    ['brahmā', 'an-masc'],
    ['mahābrahmā', 'an-masc'],
    ['rājā', 'an-masc'],
    ['mano', 'as-neut'],
    ['ceto', 'as-neut'],
    ['bhagavā', 'ant'],
    ['sīlavā', 'ant'],
    ['satimā', 'ant'],
    ['āyasmā', 'ant'],
    ['bhagavant', 'ant'],
    ['gacchati', 'verb-ati'],
    ['passati', 'verb-ati'],
    ['vasati', 'verb-ati'],
    ['pavisati', 'verb-ati'],
    ['ādisati', 'verb-ati'],
    ['ramati', 'verb-ati'],
    ['deseti', 'verb-eti'],
    ['desayati', 'verb-eti'],
    ['pappoti', 'verb-oti'],
    ['suṇoti', 'verb-oti'],
    ['jānāti', 'verb-āti'],
    ['pāpuṇāti', 'verb-āti'],
    ['evaṃ', 'indecl'],
    ['ca', 'indecl'],
    ['tasmā', 'indecl'],
    ['ettāvatā', 'indecl'],
    ['sace', 'indecl'],
    ['nibbāna', 'indecl'],
    ['anattā', 'an-masc'],
    ['mattā', 'ā-fem'],
    ['muttā', 'ā-fem'],
    ['bhattā', 'ar-agent'],
    ['abhiharati', 'verb-ati'],
    ['namassati', 'verb-ati'],
    ['assasati', 'verb-ati'],
    ['vipassati', 'verb-ati'],
    ['sampatti', 'i-fem'],
    ['viññāṇaṭṭhiti', 'i-fem'],
  ] as const)('%s → %s', (term, pattern) => {
    expect(guessPattern(term)).toBe(pattern)
  })
})
