// Reading a word of a text back to the forms a lexicon holds: enclitics cut off (gacchāmī'ti,
// sopi, dhammañca), sandhi undone (evamāha → evaṃ + āha, tass' → tassa) and compounds split into
// known parts (dhammacakkappavattana → dhamma + cakka + pavattana). Every candidate is only a
// guess to look up: the caller keeps the ones its lexicon knows, in the order given here.

import { paliKey, plainKey } from './spelling.ts'

export interface Reading {
  form: string
  via: 'whole' | 'enclitic' | 'sandhi'
  note: string
}

const VOWEL = /[aāiīuūeo]/u
const ENDS_IN_VOWEL = /[aāiīuūeo]$/u
const APOSTROPHES = /[’‘']/u
const TRAILING_APOSTROPHE = /[’‘'][\s"”.,;:!?]*$/u
const SHORT_OF: Record<string, string> = { ā: 'a', ī: 'i', ū: 'u' }

const SANDHI_M = 'sandhi: -m → -ṃ'
const SANDHI_D = 'sandhi: -d → -ṃ'
/** Pronouns whose -ṃ is -d before a vowel (etadavoca, yadidaṃ, tadeva). */
const D_PRONOUNS = new Set(['eta', 'ta', 'ya', 'ka'])
const SANDHI_ELIDED = 'sandhi: kadunud täishäälik'

interface Enclitic {
  /** The enclitic as written after the word (without an apostrophe). */
  tail: string
  note: string
}

// Longest first, so -ceva is tried before -va and -eva before -va.
const ENCLITICS: Enclitic[] = [
  { tail: 'cāpi', note: '+ ca + api' },
  { tail: 'ceva', note: '+ ca + eva' },
  { tail: 'yeva', note: '+ eva' },
  { tail: 'eva', note: '+ eva' },
  { tail: 'api', note: '+ api' },
  { tail: 'pi', note: '+ pi' },
  { tail: 'ca', note: '+ ca' },
  { tail: 'va', note: '+ va' },
  { tail: 'hi', note: '+ hi' },
  { tail: 'ti', note: '+ ti' },
]

/** The word before an enclitic as it was before sandhi joined them: ṃ became ñ before c/h and
 *  before eva (taññeva), m before p and vowels (sabbampi, evameva); a short vowel before the
 *  elided a of api/eva (tenāpi ← tena api, tatheva ← tathā eva). */
function basesBefore(base: string, tail: string): string[] {
  if (!base) return []
  if (base.endsWith('ññ') && tail === 'eva') return [base.slice(0, -2) + 'ṃ']
  // ṃ written as the nasal of the next sound, after a vowel (dhammañca, sabbampi; not atikkamm|eva).
  if (/[ñmn]$/u.test(base) && ENDS_IN_VOWEL.test(base.slice(0, -1))) return [base.slice(0, -1) + 'ṃ']
  if (D_PRONOUNS.has(base.slice(0, -1)) && base.endsWith('d')) return [base.slice(0, -1) + 'ṃ'] // tadeva
  if (tail === 'eva' || tail === 'yeva' || tail === 'api') {
    // eva / api lost their vowel or fused with the word's last vowel.
    if (tail === 'yeva') return ENDS_IN_VOWEL.test(base) || base.endsWith('ṃ') ? [base] : [] // bhagavantaṃyeva
    if (!ENDS_IN_VOWEL.test(base)) return [base + 'a', base + 'ā', base + 'e', base + 'o']
    return [base]
  }
  if (!ENDS_IN_VOWEL.test(base)) return []
  // tenāpi ← tena api: the a of api fused with the word's last a.
  if (tail === 'pi' && base.endsWith('ā')) return [base.slice(0, -1) + 'a', base]
  return [base]
}

/** Forms without the enclitic -ti: the vowel it lengthened shortened back (gacchāmī'ti →
 *  gacchāmi), and the long vowel kept too (nadī'ti). */
function basesBeforeTi(base: string): string[] {
  if (!base) return []
  if (base.endsWith('n') || base.endsWith('ṃ')) return [base.slice(0, -1) + 'ṃ'] // kin'ti, evan'ti
  const last = base.slice(-1)
  const short = SHORT_OF[last]
  if (short) {
    const shortened = base.slice(0, -1) + short
    return last === 'ā' ? [base, shortened] : [shortened, base]
  }
  if (last === 'e' || last === 'o') return [base]
  return []
}

/** What to look up for a word of a text, best first: the whole word; then without an enclitic
 *  (-ti/-'ti with the vowel before it shortened back where the enclitic lengthened it, -pi/-api,
 *  -ca, -va, -eva/-yeva, -hi, combinations like -ñca/-ñhi/-mpi/-meva where ṃ became ñ/m before it);
 *  then common sandhi (final -m before a vowel back to -ṃ, elided final vowels), each once, with a
 *  short Estonian note ('+ ti', '+ pi', 'sandhi: -m → -ṃ'). */
export function readingsOf(word: string): Reading[] {
  const key = paliKey(word)
  const out: Reading[] = []
  const seen = new Set<string>()
  const push = (form: string, via: Reading['via'], note: string) => {
    if (form.length < 2 || seen.has(form) || APOSTROPHES.test(form)) return
    seen.add(form)
    out.push({ form, via, note })
  }
  if (!key) return out
  const joined = key.replace(/[’‘']/gu, '')
  push(joined, 'whole', '')

  // An apostrophe marks where the enclitic or the next word begins: gacchāmī'ti, tass'eva.
  const apostrophe = key.search(APOSTROPHES)
  if (apostrophe > 0) {
    const before = key.slice(0, apostrophe)
    const after = key.slice(apostrophe + 1).replace(/[’‘']/gu, '')
    if (after === 'ti' || after === 'iti') {
      for (const base of basesBeforeTi(before)) push(base, 'enclitic', '+ ti')
    } else {
      const enclitic = ENCLITICS.find((candidate) => candidate.tail === after)
      if (enclitic) {
        for (const base of basesBefore(before, enclitic.tail)) push(base, 'enclitic', enclitic.note)
      } else {
        // yen'āhaṃ, tass'āyasmato: two words, the first one's last vowel elided.
        if (ENDS_IN_VOWEL.test(before) || before.endsWith('ṃ')) push(before, 'sandhi', SANDHI_ELIDED)
        else for (const vowel of ['a', 'i', 'ā']) push(before + vowel, 'sandhi', SANDHI_ELIDED)
        push(after, 'sandhi', SANDHI_ELIDED)
      }
    }
  }

  // Enclitics written together with the word, up to two (tañcāpi, dhammañceva'ti).
  const withoutEnclitic = (text: string, depth: number) => {
    for (const { tail, note } of ENCLITICS) {
      if (!text.endsWith(tail) || text.length - tail.length < 2) continue
      const base = text.slice(0, -tail.length)
      const bases = tail === 'ti' ? basesBeforeTi(base) : basesBefore(base, tail)
      for (const candidate of bases) {
        push(candidate, 'enclitic', note)
        if (depth < 2) withoutEnclitic(candidate, depth + 1)
      }
      // The longest enclitic that fits is the one: not -va again after -eva, nor -eva after -yeva.
      if (bases.length > 0) break
    }
  }
  withoutEnclitic(joined, 1)

  // -m before a vowel inside the word: evamāha → evaṃ + āha, kathamidaṃ → kathaṃ + idaṃ
  // (not when an apostrophe already showed where the word ends).
  for (let at = joined.length - 3; at >= 3 && apostrophe < 0; at--) {
    if (joined[at] !== 'm' || !VOWEL.test(joined[at + 1] ?? '') || !ENDS_IN_VOWEL.test(joined.slice(0, at))) continue
    if (joined[at - 1] === 'm') continue
    push(joined.slice(0, at) + 'ṃ', 'sandhi', SANDHI_M)
    push(joined.slice(at + 1), 'sandhi', SANDHI_M)
    break
  }
  // etad, tad, yad before a vowel: etadavoca → etaṃ + avoca, yadidaṃ → yaṃ + idaṃ.
  const dAt = joined.indexOf('d')
  if (apostrophe < 0 && dAt > 0 && D_PRONOUNS.has(joined.slice(0, dAt)) && VOWEL.test(joined[dAt + 1] ?? '')) {
    const rest = joined.slice(dAt + 1)
    if (rest.length >= 3) {
      push(joined.slice(0, dAt) + 'ṃ', 'sandhi', SANDHI_D)
      push(rest, 'sandhi', SANDHI_D)
    }
  }
  // A final vowel lengthened in verse or before a quote's ti (sampajjatī): the short one back.
  const lastLetter = joined.slice(-1)
  if (SHORT_OF[lastLetter] && lastLetter !== 'ā' && joined.length >= 4) {
    push(joined.slice(0, -1) + SHORT_OF[lastLetter], 'sandhi', `sandhi: -${lastLetter} → -${SHORT_OF[lastLetter]}`)
  }
  // A word cut before an apostrophe that paliKey removed (tass’ → tass): the elided vowel back.
  // Only with the apostrophe: English words end in consonants too (has → hasa).
  if (TRAILING_APOSTROPHE.test(word) && !ENDS_IN_VOWEL.test(joined) && !joined.endsWith('ṃ') && joined.length >= 2) {
    push(joined + 'a', 'sandhi', SANDHI_ELIDED)
    push(joined + 'i', 'sandhi', SANDHI_ELIDED)
  }
  return out
}

// ---- Compounds -----------------------------------------------------------------------------------

const MIN_PART = 3
const PLAIN_VOWEL = /[aiueo]/u
/** The vowels a second part may have lost after the first part's last vowel. */
const ELIDED = ['u', 'a', 'i']
const LEADS = ['', ...ELIDED]

/** Splits a compound into the fewest known parts (longest first on ties), each part at least 3
 *  letters, vowel sandhi at the joints (ā may be a+a, ā+a, a+ā; e may be a+i; o may be a+u), or null.
 *  `isKnown` is asked about plainKey spellings. At most `maxParts` (default 4) parts. Must stay
 *  fast: a 30-letter word in well under 1 ms with a Set lookup.
 *
 *  Works on the plain spelling (ā = a), so a long vowel at a joint is one letter both parts share.
 *  Also undone: a consonant doubled at the joint (cakka + pavattana → cakkappavattana) and the
 *  second part's first vowel elided after the first part's last (sati + upaṭṭhāna →
 *  satipaṭṭhāna). A whole word that is known itself is not a compound: null unless 2+ parts. */
export function splitCompound(word: string, isKnown: (plain: string) => boolean, maxParts = 4): string[] | null {
  const text = plainKey(word).replace(/[’‘'\s]/gu, '')
  const n = text.length
  if (n < MIN_PART * 2 - 1 || maxParts < 2) return null
  // best(pos, lead): the fewest parts for lead + text[pos:], the longest first part on ties.
  const memo = new Map<number, string[] | null>()
  const best = (pos: number, lead: string): string[] | null => {
    const memoKey = pos * 4 + LEADS.indexOf(lead)
    const cached = memo.get(memoKey)
    if (cached !== undefined) return cached
    memo.set(memoKey, null) // no cycles: every step moves on, but be safe
    let found: string[] | null = null
    const consider = (part: string, rest: string[] | null) => {
      if (rest && (!found || rest.length + 1 < found.length)) found = [part, ...rest]
    }
    for (let end = n; end > pos; end--) {
      if (found !== null && (found as string[]).length <= 2) break // nothing shorter can come
      const body = lead + text.slice(pos, end)
      if (body.length < MIN_PART) break
      const last = text[end - 1] ?? ''
      if (isKnown(body)) {
        if (end === n) {
          if (pos > 0 || lead) found = [body]
          if (found) break
          continue
        }
        const next = text[end] ?? ''
        consider(body, best(end, ''))
        if (last === 'a') consider(body, best(end - 1, '')) // ā = a + a: the letter shared
        if (next === text[end + 1] && !PLAIN_VOWEL.test(next)) consider(body, best(end + 1, ''))
        if (PLAIN_VOWEL.test(last) && !PLAIN_VOWEL.test(next)) {
          for (const vowel of ELIDED) consider(body, best(end, vowel))
        }
      }
      // The last letter e/o read as a + the next part's i/u (mahesi = mahā + isi).
      if ((last === 'e' || last === 'o') && end < n) {
        const asA = body.slice(0, -1) + 'a'
        if (isKnown(asA)) consider(asA, best(end, last === 'e' ? 'i' : 'u'))
      }
    }
    memo.set(memoKey, found)
    return found
  }
  const parts = best(0, '')
  return parts && parts.length >= 2 && parts.length <= maxParts ? parts : null
}
