// Declension and conjugation patterns of Pāli, written from the public grammars: W. Geiger, "Pāli
// Literatur und Sprache" (1916; English "A Pāli Grammar", PTS 1943/1994), A. K. Warder,
// "Introduction to Pali" (PTS 1963) and C. Duroiselle, "A Practical Grammar of the Pāli Language"
// (1906). A pattern is a list of endings added to the stem left when the citation form's own ending
// is cut off (dhamm|o, citt|aṃ, gacch|ati). Only the common forms of the prose are generated;
// rare verse forms (-ebhi, -āse …) are kept where the grammars give them as ordinary variants.
//
// Limits (the guess and the forms are approximate, an editor can change the pattern and add forms):
// - guessPattern sees only the citation form, not the meaning: an -ī noun is taken as feminine
//   (nadī) unless it ends in a common -in agent suffix (-vādī, -cārī, -kārī …); -ti nouns and
//   -ati verbs are told apart by lists and by the shape of the word (see guessPattern).
// - Irregular words (rājā, go, karoti, hoti's aorist …) get the regular pattern's forms; their own
//   forms are the editor's extra forms.
// - Verbs get the present system (indicative, imperative, optative), the present participles
//   declined (gacchaṃ/gacchanto, gacchato …, gacchamāno …), the regular future (-issati) and the
//   i-aorist's common persons without augment (gacchi, nisīdiṃsu, desesi), the absolutive -itvā and
//   infinitive -ituṃ. Many verbs have older or stronger forms instead (gantvā, gantuṃ, agamāsi,
//   dakkhati): those are the editor's extra forms. No passive, causative or perfect.

import { paliKey } from './spelling.ts'

export const PATTERN_IDS = [
  'a-masc',
  'a-neut',
  'ā-fem',
  'i-masc',
  'i-fem',
  'ī-masc',
  'ī-fem',
  'u-masc',
  'u-neut',
  'u-fem',
  'ū-masc',
  'ar-agent',
  'ar-kin',
  'an-masc',
  'as-neut',
  'ant',
  'verb-ati',
  'verb-eti',
  'verb-oti',
  'verb-āti',
  'indecl',
] as const
export type PatternId = (typeof PATTERN_IDS)[number]

export interface PatternInfo {
  id: PatternId
  label: string /* Estonian, with an example word */
}

const PATTERN_LABELS: Record<PatternId, string> = {
  'a-masc': 'a-tüvi, meessugu (dhammo)',
  'a-neut': 'a-tüvi, kesksugu (cittaṃ)',
  'ā-fem': 'ā-tüvi, naissugu (mettā)',
  'i-masc': 'i-tüvi, meessugu (aggi)',
  'i-fem': 'i-tüvi, naissugu (ratti)',
  'ī-masc': 'ī/in-tüvi, meessugu (hatthī)',
  'ī-fem': 'ī-tüvi, naissugu (nadī)',
  'u-masc': 'u-tüvi, meessugu (bhikkhu)',
  'u-neut': 'u-tüvi, kesksugu (cakkhu)',
  'u-fem': 'u-tüvi, naissugu (dhātu)',
  'ū-masc': 'ū-tüvi, meessugu (abhibhū)',
  'ar-agent': 'ar-tüvi, tegija (satthā)',
  'ar-kin': 'ar-tüvi, sugulane (pitā)',
  'an-masc': 'an-tüvi, meessugu (attā)',
  'as-neut': 'as-tüvi (mano)',
  ant: 'ant-tüvi, omadus- ja kesksõnad (bhagavā)',
  'verb-ati': 'tegusõna -ati (gacchati)',
  'verb-eti': 'tegusõna -eti/-ayati (deseti)',
  'verb-oti': 'tegusõna -oti (suṇoti)',
  'verb-āti': 'tegusõna -āti (jānāti)',
  indecl: 'muutumatu (ca)',
}

export const PATTERNS: readonly PatternInfo[] = PATTERN_IDS.map((id) => ({ id, label: PATTERN_LABELS[id] }))

/** True when `value` is one of PATTERN_IDS (for input read from a CSV or a form). */
export function isPatternId(value: string): value is PatternId {
  return (PATTERN_IDS as readonly string[]).includes(value)
}

// ---- Labels: one constant per idea -------------------------------------------------------------

type Case = 'nom' | 'akk' | 'instr' | 'abl' | 'gen' | 'dat' | 'lok' | 'vok'
type GrammarNumber = 'sg' | 'pl'
type Gender = 'm' | 'n' | 'f'

/** Case abbreviations, in the order they are joined when one form has several ('gen./dat.'). */
const CASE_LABEL: Record<Case, string> = {
  nom: 'nom.',
  akk: 'akk.',
  instr: 'instr.',
  abl: 'abl.',
  gen: 'gen.',
  dat: 'dat.',
  lok: 'lok.',
  vok: 'vok.',
}
const CASE_ORDER = Object.keys(CASE_LABEL) as Case[]
const NUMBER_LABEL: Record<GrammarNumber, string> = { sg: 'ainsus', pl: 'mitmus' }
const GENDER_LABEL: Record<Gender, string> = { m: 'm.', n: 'n.', f: 'f.' }

const PRESENT = 'olevik'
const IMPERATIVE = 'käskiv'
const OPTATIVE = 'soovitav'
const FUTURE = 'tulevik'
const AORIST = 'aorist'
const PRESENT_PARTICIPLE = 'oleviku kesksõna'
const PAST_PARTICIPLE = 'mineviku kesksõna'
const FEMININE_PARTICIPLE = `${PRESENT_PARTICIPLE}, f., nom. ainsus`
const ABSOLUTIVE = 'gerundium'
const INFINITIVE = 'infinitiiv'
/** The grammar of an editor's extra form. */
export const EXTRA_FORM_LABEL = 'lisavorm'
/** The grammar of a citation form the pattern does not produce (an indeclinable, an odd spelling). */
export const CITATION_LABEL = 'põhivorm'

// ---- Tables ------------------------------------------------------------------------------------

/** Endings per case, variants separated by '|'; '' = no form. */
type CaseRow = Record<Case, string>
interface NounTable {
  kind: 'noun'
  sg: CaseRow
  pl: CaseRow
}
interface VerbSlot {
  label: string
  endings: string
}
/** A participle declined as a noun: its stem is the verb's stem + `suffix` (gacch + amān). */
interface Participle {
  label: string
  suffix: string
  table: NounTable
}
interface VerbTable {
  kind: 'verb'
  slots: VerbSlot[]
  participles: Participle[]
}
type Table = NounTable | VerbTable

const row = (
  nom: string,
  akk: string,
  instr: string,
  dat: string,
  abl: string,
  gen: string,
  lok: string,
  vok: string,
): CaseRow => ({ nom, akk, instr, dat, abl, gen, lok, vok })

const noun = (sg: CaseRow, pl: CaseRow): NounTable => ({ kind: 'noun', sg, pl })

// Rows in the grammars' order: nom, akk, instr, dat, abl, gen, lok, vok.
const A_MASC = noun(
  row('o', 'aṃ', 'ena', 'āya|assa', 'ā|asmā|amhā', 'assa', 'e|asmiṃ|amhi', 'a|ā'),
  row('ā|āse', 'e', 'ehi|ebhi', 'ānaṃ', 'ehi|ebhi', 'ānaṃ', 'esu', 'ā'),
)
const A_NEUT = noun(
  row('aṃ', 'aṃ', 'ena', 'āya|assa', 'ā|asmā|amhā', 'assa', 'e|asmiṃ|amhi', 'a'),
  row('āni|ā', 'āni|e', 'ehi|ebhi', 'ānaṃ', 'ehi|ebhi', 'ānaṃ', 'esu', 'āni|ā'),
)
const A_FEM = noun(
  row('ā', 'aṃ', 'āya', 'āya', 'āya', 'āya', 'āya|āyaṃ', 'e'),
  row('ā|āyo', 'ā|āyo', 'āhi|ābhi', 'ānaṃ', 'āhi|ābhi', 'ānaṃ', 'āsu', 'ā|āyo'),
)
const I_MASC = noun(
  row('i', 'iṃ', 'inā', 'ino|issa', 'inā|ismā|imhā', 'ino|issa', 'ismiṃ|imhi', 'i'),
  row('ī|ayo', 'ī|ayo', 'īhi|ībhi', 'īnaṃ', 'īhi|ībhi', 'īnaṃ', 'īsu', 'ī|ayo'),
)
const I_FEM = noun(
  row('i', 'iṃ', 'iyā', 'iyā', 'iyā', 'iyā', 'iyā|iyaṃ', 'i'),
  row('ī|iyo', 'ī|iyo', 'īhi|ībhi', 'īnaṃ', 'īhi|ībhi', 'īnaṃ', 'īsu', 'ī|iyo'),
)
const I_LONG_MASC = noun(
  row('ī', 'inaṃ|iṃ', 'inā', 'ino|issa', 'inā|ismā|imhā', 'ino|issa', 'ini|ismiṃ|imhi', 'i'),
  row('ī|ino', 'ī|ino', 'īhi|ībhi', 'īnaṃ', 'īhi|ībhi', 'īnaṃ', 'īsu', 'ī|ino'),
)
const I_LONG_FEM = noun(
  row('ī', 'iṃ|iyaṃ', 'iyā', 'iyā', 'iyā', 'iyā', 'iyā|iyaṃ', 'i'),
  row('ī|iyo', 'ī|iyo', 'īhi|ībhi', 'īnaṃ', 'īhi|ībhi', 'īnaṃ', 'īsu', 'ī|iyo'),
)
const U_MASC = noun(
  row('u', 'uṃ', 'unā', 'uno|ussa', 'unā|usmā|umhā', 'uno|ussa', 'usmiṃ|umhi', 'u'),
  row('ū|avo', 'ū|avo', 'ūhi|ūbhi', 'ūnaṃ', 'ūhi|ūbhi', 'ūnaṃ', 'ūsu', 'ū|avo|ave'),
)
const U_NEUT = noun(
  row('u|uṃ', 'u|uṃ', 'unā', 'uno|ussa', 'unā|usmā|umhā', 'uno|ussa', 'usmiṃ|umhi', 'u'),
  row('ūni|ū', 'ūni|ū', 'ūhi|ūbhi', 'ūnaṃ', 'ūhi|ūbhi', 'ūnaṃ', 'ūsu', 'ūni|ū'),
)
const U_FEM = noun(
  row('u', 'uṃ', 'uyā', 'uyā', 'uyā', 'uyā', 'uyā|uyaṃ', 'u'),
  row('ū|uyo', 'ū|uyo', 'ūhi|ūbhi', 'ūnaṃ', 'ūhi|ūbhi', 'ūnaṃ', 'ūsu', 'ū|uyo'),
)
const U_LONG_MASC = noun(
  row('ū', 'uṃ', 'unā', 'uno|ussa', 'unā|usmā|umhā', 'uno|ussa', 'usmiṃ|umhi', 'u|ū'),
  row('ū|uvo', 'ū|uvo', 'ūhi|ūbhi', 'ūnaṃ', 'ūhi|ūbhi', 'ūnaṃ', 'ūsu', 'ū|uvo'),
)
// satthā (stem satthar): Geiger § 90, Duroiselle § 186.
const AR_AGENT = noun(
  row('ā', 'āraṃ', 'ārā|unā', 'u|uno|ussa', 'ārā', 'u|uno|ussa', 'ari', 'a|ā'),
  row('āro', 'āro', 'ārehi|ārebhi', 'ārānaṃ|ānaṃ', 'ārehi|ārebhi', 'ārānaṃ|ānaṃ', 'āresu', 'āro'),
)
// pitā (stem pitar): the kinship nouns keep the short a (pitaraṃ, pitaro).
const AR_KIN = noun(
  row('ā', 'araṃ', 'arā|unā', 'u|uno|ussa', 'arā', 'u|uno|ussa', 'ari', 'a|ā'),
  row('aro', 'aro|are', 'arehi|ūhi', 'arānaṃ|ānaṃ|ūnaṃ', 'arehi|ūhi', 'arānaṃ|ānaṃ|ūnaṃ', 'aresu|ūsu', 'aro'),
)
// attā (stem attan), with brahmā's -unā/-uno (Geiger § 92).
const AN_MASC = noun(
  row('ā', 'ānaṃ|aṃ', 'anā|ena|unā', 'ano|uno', 'anā', 'ano|uno', 'ani|e', 'a|ā'),
  row('āno', 'āno', 'anehi', 'ānaṃ', 'anehi', 'ānaṃ', 'anesu', 'āno'),
)
// mano (stem manas): Geiger § 99, Duroiselle § 196; the plural follows the a-stems.
const AS_NEUT = noun(
  row('o|aṃ', 'o|aṃ', 'asā|ena', 'aso|assa', 'asā|ā|asmā|amhā', 'aso|assa', 'asi|e|asmiṃ|amhi', 'a|o'),
  row('āni|ā', 'āni|e', 'ehi|ebhi', 'ānaṃ', 'ehi|ebhi', 'ānaṃ', 'esu', 'āni|ā'),
)
// bhagavant / guṇavant (stem cut before -ant, -vā or -mā: bhagav|ā): Geiger § 97, Warder 11.
const antTable = (nominative: string) =>
  noun(
    row(
      nominative,
      'antaṃ',
      'atā|antena',
      'ato|antassa',
      'atā|antā|antasmā|antamhā',
      'ato|antassa',
      'ati|ante|antasmiṃ|antamhi',
      'a|ā|anta',
    ),
    row('anto|antā', 'ante', 'antehi|antebhi', 'ataṃ|antānaṃ', 'antehi|antebhi', 'ataṃ|antānaṃ', 'antesu', 'anto|antā'),
  )
const ANT_POSSESSIVE = antTable('ā')
const ANT_PARTICIPLE = antTable('aṃ|anto')

const person = (tense: string, p: 1 | 2 | 3, n: GrammarNumber) => `${tense}, ${p}. p. ${NUMBER_LABEL[n]}`
const verb = (participles: Participle[], ...slots: [string, string][]): VerbTable => ({
  kind: 'verb',
  slots: slots.map(([label, endings]) => ({ label, endings })),
  participles,
})
/** The aorist's common persons (no augment: gacchi, nisīdi, nisīdiṃsu, desesi). */
const aorist = (s3: string, p3: string, s1: string, p1: string): [string, string][] => [
  [person(AORIST, 3, 'sg'), s3],
  [person(AORIST, 3, 'pl'), p3],
  [person(AORIST, 1, 'sg'), s1],
  [person(AORIST, 1, 'pl'), p1],
]
// The present participle in -ant as the verbs decline it (gacchaṃ, gacchato, gacchantena);
// the locative -ati and the vocative are left out, they would read as the verb itself.
const ANT_VERB = noun(
  row('aṃ|anto', 'antaṃ', 'atā|antena', 'ato|antassa', 'atā', 'ato|antassa', 'ante|antasmiṃ|antamhi', ''),
  row('antā|anto', 'ante', 'antehi', 'ataṃ|antānaṃ', 'antehi', 'ataṃ|antānaṃ', 'antesu', ''),
)
const participle = (label: string, suffix: string, table: NounTable): Participle => ({ label, suffix, table })
const tense = (
  name: string,
  s3: string,
  p3: string,
  s2: string,
  p2: string,
  s1: string,
  p1: string,
): [string, string][] => [
  [person(name, 3, 'sg'), s3],
  [person(name, 3, 'pl'), p3],
  [person(name, 2, 'sg'), s2],
  [person(name, 2, 'pl'), p2],
  [person(name, 1, 'sg'), s1],
  [person(name, 1, 'pl'), p1],
]
const OPTATIVE_ROW = tense(OPTATIVE, 'eyya|e', 'eyyuṃ', 'eyyāsi|e', 'eyyātha', 'eyyaṃ|e', 'eyyāma')

// gacchati (stem gacch): Geiger § 122 ff., Warder 1-2, 7 (imperative), 13 (optative).
const VERB_ATI = verb(
  [participle(PRESENT_PARTICIPLE, '', ANT_VERB), participle(PRESENT_PARTICIPLE, 'amān', A_MASC)],
  ...tense(PRESENT, 'ati', 'anti', 'asi', 'atha', 'āmi', 'āma'),
  ...tense(IMPERATIVE, 'atu', 'antu', 'a|āhi', 'atha', 'āmi', 'āma'),
  ...OPTATIVE_ROW,
  ...tense(FUTURE, 'issati', 'issanti', 'issasi', 'issatha', 'issāmi', 'issāma'),
  ...aorist('i', 'iṃsu', 'iṃ', 'imhā'),
  [FEMININE_PARTICIPLE, 'antī'],
  [ABSOLUTIVE, 'itvā'],
  [INFINITIVE, 'ituṃ'],
)
// deseti = desayati (stem des): both the contracted -e- and the full -aya- forms.
const VERB_ETI = verb(
  [
    participle(PRESENT_PARTICIPLE, 'ent', A_MASC),
    participle(PRESENT_PARTICIPLE, 'ayamān', A_MASC),
    participle(PAST_PARTICIPLE, 'it', A_MASC),
  ],
  ...tense(PRESENT, 'eti|ayati', 'enti|ayanti', 'esi|ayasi', 'etha|ayatha', 'emi|ayāmi', 'ema|ayāma'),
  ...tense(IMPERATIVE, 'etu|ayatu', 'entu|ayantu', 'ehi|aya|ayāhi', 'etha|ayatha', 'emi|ayāmi', 'ema|ayāma'),
  ...tense(
    OPTATIVE,
    'eyya|aye|ayeyya',
    'eyyuṃ|ayeyyuṃ',
    'eyyāsi|ayeyyāsi',
    'eyyātha|ayeyyātha',
    'eyyaṃ|ayeyyaṃ',
    'eyyāma|ayeyyāma',
  ),
  ...tense(FUTURE, 'essati|ayissati', 'essanti|ayissanti', 'essasi', 'essatha', 'essāmi|ayissāmi', 'essāma'),
  ...aorist('esi|ayi', 'esuṃ|ayiṃsu', 'esiṃ|ayiṃ', 'esimhā'),
  [FEMININE_PARTICIPLE, 'entī'],
  [ABSOLUTIVE, 'etvā|ayitvā'],
  [INFINITIVE, 'etuṃ|ayituṃ'],
)
// suṇoti, pappoti (stem suṇ, papp): the -o- class (Geiger § 147-149).
const VERB_OTI = verb(
  [],
  ...tense(PRESENT, 'oti', 'onti', 'osi', 'otha', 'omi', 'oma'),
  ...tense(IMPERATIVE, 'otu', 'ontu', 'ohi', 'otha', 'omi', 'oma'),
  ...tense(OPTATIVE, 'eyya', 'eyyuṃ', 'eyyāsi', 'eyyātha', 'eyyaṃ', 'eyyāma'),
  ...tense(FUTURE, 'issati', 'issanti', 'issasi', 'issatha', 'issāmi', 'issāma'),
  ...aorist('i', 'iṃsu', 'iṃ', 'imhā'),
  [PRESENT_PARTICIPLE, 'onto|ontā|ontaṃ'],
  [ABSOLUTIVE, 'itvā'],
  [INFINITIVE, 'ituṃ'],
)
// jānāti, suṇāti (stem jān): the -nā- class (Geiger § 146, 150).
const VERB_AATI = verb(
  [participle(PRESENT_PARTICIPLE, '', ANT_VERB), participle(PRESENT_PARTICIPLE, 'amān', A_MASC)],
  ...tense(PRESENT, 'āti', 'anti', 'āsi', 'ātha', 'āmi', 'āma'),
  ...tense(IMPERATIVE, 'ātu', 'antu', 'āhi', 'ātha', 'āmi', 'āma'),
  ...OPTATIVE_ROW,
  ...tense(FUTURE, 'issati', 'issanti', 'issasi', 'issatha', 'issāmi', 'issāma'),
  ...aorist('i', 'iṃsu', 'iṃ', 'imhā'),
  [FEMININE_PARTICIPLE, 'antī'],
  [ABSOLUTIVE, 'itvā'],
  [INFINITIVE, 'ituṃ'],
)

interface PatternDef {
  /** Citation endings cut off to leave the stem, tried in order. */
  cut: readonly string[]
  table: Table | ((stem: string, cutEnding: string) => Table)
}

const DEFS: Record<Exclude<PatternId, 'indecl'>, PatternDef> = {
  // An -o word set to the neuter pattern (or the other way round) still declines from its stem.
  'a-masc': { cut: ['o', 'aṃ', 'a'], table: A_MASC },
  'a-neut': { cut: ['aṃ', 'o', 'a'], table: A_NEUT },
  'ā-fem': { cut: ['ā'], table: A_FEM },
  'i-masc': { cut: ['i'], table: I_MASC },
  'i-fem': { cut: ['i'], table: I_FEM },
  'ī-masc': { cut: ['ī', 'in'], table: I_LONG_MASC },
  'ī-fem': { cut: ['ī'], table: I_LONG_FEM },
  'u-masc': { cut: ['u'], table: U_MASC },
  'u-neut': { cut: ['u', 'uṃ'], table: U_NEUT },
  'u-fem': { cut: ['u'], table: U_FEM },
  'ū-masc': { cut: ['ū'], table: U_LONG_MASC },
  'ar-agent': { cut: ['ā', 'ar', 'u'], table: AR_AGENT },
  'ar-kin': { cut: ['ā', 'ar', 'u'], table: AR_KIN },
  'an-masc': { cut: ['ā', 'an'], table: AN_MASC },
  'as-neut': { cut: ['o', 'as', 'a'], table: AS_NEUT },
  ant: {
    cut: ['anto', 'ant', 'aṃ', 'ā'],
    // -vant/-mant possessives have nom. -vā/-mā (bhagavā); the present participles -aṃ/-anto.
    table: (stem, cutEnding) => (cutEnding === 'ā' || /[vm]$/u.test(stem) ? ANT_POSSESSIVE : ANT_PARTICIPLE),
  },
  'verb-ati': { cut: ['ati'], table: VERB_ATI },
  'verb-eti': { cut: ['ayati', 'eti'], table: VERB_ETI },
  'verb-oti': { cut: ['oti'], table: VERB_OTI },
  'verb-āti': { cut: ['āti'], table: VERB_AATI },
}

// ---- Generating forms --------------------------------------------------------------------------

export interface TermForm {
  form: string // paliKey spelling (ṃ)
  grammar: string // Estonian label, e.g. 'nom. ainsus', 'gen./dat. ainsus', 'instr./abl. mitmus'
  weight: number // 0 the citation form itself; 1 the pattern's forms; 2 other genders; 3 extra forms
}

/** One reading of a surface form before the readings are joined into a label. */
interface FormReading {
  weight: number
  /** A participle's name before its case ('oleviku kesksõna, gen./dat. ainsus'). */
  prefix?: string
  gender?: Gender
  case?: Case
  number?: GrammarNumber
  label?: string
}

/** Cuts the pattern's citation ending off; null when the term does not end in any of them. */
function cutStem(term: string, def: PatternDef): { stem: string; ending: string } | null {
  for (const ending of def.cut) {
    if (term.length > ending.length && term.endsWith(ending)) return { stem: term.slice(0, -ending.length), ending }
  }
  return null
}

function tableOf(def: PatternDef, stem: string, ending: string): Table {
  return typeof def.table === 'function' ? def.table(stem, ending) : def.table
}

function* readingsOfTable(
  stem: string,
  table: Table,
  weight: number,
  gender?: Gender,
): Generator<[string, FormReading]> {
  if (table.kind === 'verb') {
    for (const slot of table.slots) {
      for (const ending of slot.endings.split('|')) yield [stem + ending, { weight, label: slot.label }]
    }
    for (const { label, suffix, table: declension } of table.participles) {
      for (const [form, reading] of readingsOfTable(stem + suffix, declension, weight)) {
        yield [form, { ...reading, prefix: label }]
      }
    }
    return
  }
  for (const number of ['sg', 'pl'] as const) {
    for (const kase of CASE_ORDER) {
      const endings = table[number][kase]
      if (!endings) continue
      for (const ending of endings.split('|')) yield [stem + ending, { weight, gender, case: kase, number }]
    }
  }
}

/** The readings of one surface form as one short label: cases of one number and gender joined
 *  with '/', the groups with '; ' (the pattern's own first, then other genders, then verb labels). */
function joinLabels(readings: FormReading[]): string {
  // Groups of cases, keyed by participle, gender and number, in the order first met.
  const groups = new Map<string, { prefix: string; gender: string; number: GrammarNumber; cases: Set<Case> }>()
  const labels: string[] = []
  // Another gender's reading that the pattern's own already names (dhammassa: gen. in m. and n.)
  // adds nothing.
  const own = new Set(
    readings
      .filter((reading) => !reading.gender && !reading.prefix)
      .map((reading) => `${reading.case}|${reading.number}`),
  )
  for (const reading of readings) {
    if (reading.label !== undefined) {
      if (!labels.includes(reading.label)) labels.push(reading.label)
      continue
    }
    if (!reading.case || !reading.number) continue
    if (reading.gender && own.has(`${reading.case}|${reading.number}`)) continue
    const prefix = reading.prefix ?? ''
    const gender = reading.gender ?? ''
    const key = `${prefix}|${gender}|${reading.number}`
    let group = groups.get(key)
    if (!group) groups.set(key, (group = { prefix, gender, number: reading.number, cases: new Set() }))
    group.cases.add(reading.case)
  }
  const genderRank = (gender: string) => ['', 'm', 'n', 'f'].indexOf(gender)
  const text = ({
    prefix,
    gender,
    number,
    cases,
  }: {
    prefix: string
    gender: string
    number: GrammarNumber
    cases: Set<Case>
  }) => {
    const caseText = CASE_ORDER.filter((kase) => cases.has(kase))
      .map((kase) => CASE_LABEL[kase])
      .join('/')
    return [prefix, gender ? GENDER_LABEL[gender as Gender] : '', `${caseText} ${NUMBER_LABEL[number]}`]
      .filter(Boolean)
      .join(', ')
  }
  const all = [...groups.values()]
  const nounLabels = all
    .filter((group) => !group.prefix)
    .sort(
      (a, b) => genderRank(a.gender) - genderRank(b.gender) || (a.number === b.number ? 0 : a.number === 'sg' ? -1 : 1),
    )
    .map(text)
  // A participle's readings come after the verb's own, its name once for its cases
  // ('oleviku kesksõna, nom. ainsus; nom. mitmus').
  const participleLabels = all
    .filter((group) => group.prefix)
    .map((group, index, list) =>
      index > 0 && list[index - 1]?.prefix === group.prefix ? text({ ...group, prefix: '' }) : text(group),
    )
  return [...nounLabels, ...labels, ...participleLabels].join('; ')
}

/** The other genders an adjective or participle also has (weight 2): the neuter/masculine and
 *  ā-feminine of an -o/-aṃ word (kusalo, kusalaṃ, kusalā), the ī-feminine of an -ant word
 *  (guṇavā → guṇavatī, gacchant → gacchantī). */
function otherGenders(pattern: PatternId, stem: string, cutEnding: string): [Gender, string, Table][] {
  if (pattern === 'a-masc')
    return [
      ['n', stem, A_NEUT],
      ['f', stem, A_FEM],
    ]
  if (pattern === 'a-neut')
    return [
      ['m', stem, A_MASC],
      ['f', stem, A_FEM],
    ]
  if (pattern === 'ant')
    return [['f', stem + (tableOf(DEFS.ant, stem, cutEnding) === ANT_POSSESSIVE ? 'at' : 'ant'), I_LONG_FEM]]
  return []
}

/** Every form of the term under the pattern, each surface form once (labels joined with '; ' when
 *  one surface form has several readings, the lowest weight kept), the term itself first, then
 *  extra forms (irregular words: rājā / rañño) with weight 3 and grammar 'lisavorm'. */
export function generateForms(term: string, pattern: PatternId, extraForms: readonly string[] = []): TermForm[] {
  const citation = paliKey(term)
  const readings = new Map<string, FormReading[]>()
  const add = (form: string, reading: FormReading) => {
    const list = readings.get(form)
    if (list) list.push(reading)
    else readings.set(form, [reading])
  }
  if (citation) add(citation, { weight: 0 })
  if (pattern !== 'indecl' && citation) {
    const def = DEFS[pattern]
    const cut = cutStem(citation, def)
    if (cut) {
      for (const [form, reading] of readingsOfTable(cut.stem, tableOf(def, cut.stem, cut.ending), 1)) add(form, reading)
      for (const [gender, stem, table] of otherGenders(pattern, cut.stem, cut.ending)) {
        for (const [form, reading] of readingsOfTable(stem, table, 2, gender)) add(form, reading)
      }
    }
  }
  for (const extra of extraForms) {
    const form = paliKey(extra)
    if (form) add(form, { weight: 3, label: EXTRA_FORM_LABEL })
  }
  const forms: TermForm[] = []
  for (const [form, list] of readings) {
    const weight = Math.min(...list.map((reading) => reading.weight))
    // An extra form that the pattern already gives adds nothing to its label.
    const meaningful = list.filter((reading) => reading.weight !== 3 || weight === 3)
    const grammar = joinLabels(meaningful) || CITATION_LABEL
    forms.push({ form, grammar, weight })
  }
  return forms
}

// ---- Guessing ----------------------------------------------------------------------------------

/** -o nouns of the manas group (Geiger § 99). */
const AS_NOUNS = new Set([
  'mano',
  'ceto',
  'tapo',
  'tejo',
  'vaco',
  'vayo',
  'yaso',
  'ayo',
  'siro',
  'uro',
  'rajo',
  'tamo',
  'thāmo',
  'ojo',
  'payo',
  'sado',
  'chando',
  'vacco',
])
/** Kinship nouns in -ar. */
const KIN_NOUNS = ['pitā', 'mātā', 'bhātā', 'dhītā', 'duhitā', 'jāmātā']
/** an-stems (attā, brahmā, rājā), also at the end of a compound (mahābrahmā, dhammarājā). */
const AN_NOUN_ENDINGS = ['brahmā', 'rājā', 'ātumā', 'muddhā']
const AN_NOUNS = new Set(['attā', 'anattā', 'asmā', 'addhā', 'yuvā'])
/** Agent nouns in -ttā/-ntā (the abstract -tā, mettā, mattā, muttā, is ā-fem). */
const AGENT_ENDINGS = ['satthā', 'kattā', 'vattā', 'bhattā', 'chettā', 'bhettā', 'hantā', 'gantā']
/** Common -in agent suffixes (masc. ī-stems); other -ī words are guessed feminine (nadī). */
const IN_ENDINGS = [
  'vādī',
  'cārī',
  'kārī',
  'dassī',
  'gāmī',
  'vihārī',
  'jīvī',
  'bhāgī',
  'bhogī',
  'sāmī',
  'hatthī',
  'daṇḍī',
  'seṭṭhī',
  'pakkhī',
  'yogī',
  'kāmī',
  'sevī',
  'bhāṇī',
  'saññī',
  'dhārī',
  'vāsī',
  'sukhī',
  'dukkhī',
  'mantī',
  'vedī',
  'chandī',
  'pāyī',
  'ssī',
]
/** Feminine i-stems (abstract -ti nouns and others), also at the end of a compound (vimutti,
 *  sammādiṭṭhi). sati only in the compounds listed: -sati ends too many verbs (passati, vasati). */
const I_FEM_NOUNS = [
  'ratti',
  'mutti',
  'khanti',
  'santi',
  'pīti',
  'jāti',
  'bhūmi',
  'diṭṭhi',
  'iddhi',
  'buddhi',
  'siddhi',
  'vuddhi',
  'vuḍḍhi',
  'bodhi',
  'ruci',
  'dhiti',
  'ṭhiti',
  'kitti',
  'bhatti',
  'patti',
  'ñatti',
  'vutti',
  'nirutti',
  'tuṭṭhi',
  'vuṭṭhi',
  'nussati',
  'sammāsati',
  'micchāsati',
  'ānāpānasati',
  'ānāpānassati',
  'kāyagatāsati',
  'maraṇasati',
  'muṭṭhassati',
  'upaṭṭhitasati',
  'upaṭṭhitassati',
  'sugati',
  'duggati',
  'sati',
  'mati',
  'rati',
  'arati',
  'gati',
]
/** Masculine -ti / -pati nouns that look like verbs or feminines. */
const I_MASC_NOUNS = ['pati', 'gahapati', 'adhipati', 'senāpati', 'pajāpati', 'ñāti', 'atithi', 'yati']
/** Nouns that end too many verbs (passati, ramati, harati, kuppati): only the word itself. */
const WHOLE_WORD_ONLY = new Set(['sati', 'mati', 'rati', 'arati', 'gati', 'pati', 'yati'])
/** -u nouns that are neuter or feminine. */
const U_NEUT_NOUNS = ['cakkhu', 'madhu', 'vatthu', 'āyu', 'assu', 'dāru', 'ambu', 'jāṇu', 'vasu', 'dhanu']
const U_FEM_NOUNS = ['dhātu', 'rajju', 'yāgu', 'dhenu', 'kaṇḍu', 'sassu', 'vijju', 'kāsu', 'ābādhu']
/** A few indeclinables and pronouns in -aṃ that are not neuter nouns. */
const INDECLINABLE = new Set([
  'evaṃ',
  'kathaṃ',
  'ahaṃ',
  'tvaṃ',
  'ayaṃ',
  'idaṃ',
  'kiṃ',
  'taṃ',
  'yaṃ',
  'sayaṃ',
  'saddhiṃ',
  'puna',
  'ca',
  'vā',
  'pi',
  'api',
  'eva',
  'iti',
  'hi',
  'na',
  'no',
  'atha',
  'tato',
  'yato',
  'kuto',
  'ito',
  'tattha',
  'yattha',
  'ettha',
  'kattha',
  'yathā',
  'tathā',
  'kadā',
  'yadā',
  'tadā',
  'sadā',
  'idha',
  'iva',
  'viya',
  'nāma',
  'mā',
  'sace',
  'yadi',
  'ce',
  'ettāvatā',
  'ekato',
  'atthi',
  'natthi',
  'tasmā',
  'yasmā',
  'kasmā',
  'pacchā',
  'puratthā',
  'sammā',
  'musā',
  'divā',
  'kinti',
  'hanti',
])

/** True when `word` is `noun` or ends with it after a compound member of 2+ letters. */
function endsWithNoun(word: string, noun: string): boolean {
  if (word === noun) return true
  if (!word.endsWith(noun)) return false
  const member = word.slice(0, -noun.length)
  return !WHOLE_WORD_ONLY.has(noun) && member.length >= 2
}

const endsWithAny = (word: string, nouns: readonly string[]) => nouns.some((noun) => endsWithNoun(word, noun))

/** The pattern a citation form most likely follows (dhammo → a-masc, cittaṃ → a-neut, mettā →
 *  ā-fem, aggi → i-masc, ratti → i-fem, …, gacchati → verb-ati, deseti → verb-eti, …;
 *  'indecl' when nothing fits). */
export function guessPattern(term: string): PatternId {
  const word = paliKey(term)
  if (word.length < 2 || INDECLINABLE.has(word) || /\s/u.test(word)) return 'indecl'
  if (word.endsWith('i')) return guessI(word)
  if (word.endsWith('o')) return AS_NOUNS.has(word) ? 'as-neut' : 'a-masc'
  if (word.endsWith('aṃ')) return 'a-neut'
  if (word.endsWith('ā')) return guessLongA(word)
  if (word.endsWith('ī')) return endsWithAny(word, IN_ENDINGS) ? 'ī-masc' : 'ī-fem'
  if (word.endsWith('u')) {
    if (endsWithAny(word, U_NEUT_NOUNS)) return 'u-neut'
    if (endsWithAny(word, U_FEM_NOUNS)) return 'u-fem'
    return 'u-masc'
  }
  if (word.endsWith('ū')) return 'ū-masc'
  if (word.endsWith('ant')) return 'ant'
  return 'indecl'
}

function guessI(word: string): PatternId {
  if (endsWithAny(word, I_MASC_NOUNS)) return 'i-masc'
  if (endsWithAny(word, I_FEM_NOUNS)) return 'i-fem'
  if (word.endsWith('ayati')) return 'verb-eti'
  if (word.endsWith('eti')) return 'verb-eti'
  if (word.endsWith('oti')) return 'verb-oti'
  if (word.endsWith('āti')) return word.length >= 5 ? 'verb-āti' : 'i-fem'
  if (word.endsWith('ati')) return 'verb-ati'
  // Any other -ti (ñatti, paññatti, pīti, bhūti) is an abstract noun.
  if (word.endsWith('ti')) return 'i-fem'
  return 'i-masc'
}

function guessLongA(word: string): PatternId {
  if (endsWithAny(word, KIN_NOUNS)) return 'ar-kin'
  if (AN_NOUNS.has(word) || endsWithAny(word, AN_NOUN_ENDINGS)) return 'an-masc'
  // bhagavā, sīlavā, satimā, cakkhumā, āyasmā: -vant / -mant possessives.
  if (/(?:avā|imā|umā|asmā)$/u.test(word) && word.length >= 5) return 'ant'
  // Agent nouns from -tar: satthā, kattā, dātā, netā, sotā; not the abstract -tā (devatā, mettā).
  if (/[āeo]tā$/u.test(word) || endsWithAny(word, AGENT_ENDINGS)) return 'ar-agent'
  return 'ā-fem'
}
