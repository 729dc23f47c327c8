// Case endings of the commonest Pāli declensions, written out by hand from the standard grammars
// (Duroiselle, "A Practical Grammar of the Pāli Language", §§ 114–170; Warder, "Introduction to
// Pali", lessons 1–12), independent of the generator the server uses (server/modules/terms/
// term-forms.ts). For a library without the corpus (a clone) they make the lookup's test set: each
// term of the generated lexicon whose citation form ends as one of these is declined by the table,
// and the lookup must lead each form back to its term.
import { plainKey } from '#shared/pali/spelling.ts'
import type { LookupCase } from './lookup.ts'

interface Declension {
  /** What the citation form (nominative singular) ends with. */
  citation: string
  /** The other endings, replacing `citation`. */
  endings: readonly string[]
}

export const DECLENSIONS: readonly Declension[] = [
  // masculine a-stem, e.g. dhammo: acc., instr., dat./gen., abl., loc., voc.; plural nom., instr., gen., loc.
  { citation: 'o', endings: ['aṃ', 'ena', 'assa', 'asmā', 'amhā', 'asmiṃ', 'amhi', 'ehi', 'ānaṃ', 'esu'] },
  // neuter a-stem, e.g. rūpaṃ
  { citation: 'aṃ', endings: ['ena', 'assa', 'asmā', 'asmiṃ', 'āni', 'ehi', 'ānaṃ', 'esu'] },
  // feminine ā-stem, e.g. taṇhā
  { citation: 'ā', endings: ['aṃ', 'āya', 'āyaṃ', 'āyo', 'āhi', 'ānaṃ', 'āsu'] },
  // masculine i-stem, e.g. aggi
  { citation: 'i', endings: ['iṃ', 'inā', 'ino', 'issa', 'ismiṃ', 'imhi', 'ayo', 'īhi', 'īnaṃ', 'īsu'] },
  // masculine u-stem, e.g. bhikkhu
  { citation: 'u', endings: ['uṃ', 'unā', 'uno', 'ussa', 'usmiṃ', 'umhi', 'avo', 'ūhi', 'ūnaṃ', 'ūsu'] },
]

/**
 * Every form the table gives the lexicon's terms, each with its term; a form that is itself a
 * headword, or that two terms share, is left out (the lookup cannot know which one is meant). Every
 * other form is spelled with ṁ, as the texts spell the niggahīta, so both spellings are asked.
 */
export function declinedCases(terms: readonly string[]): LookupCase[] {
  const headwords = new Set(terms.map(plainKey))
  const termsOf = new Map<string, Set<string>>()
  const made: LookupCase[] = []
  for (const term of terms) {
    const declension = DECLENSIONS.find((d) => term.endsWith(d.citation))
    if (!declension) continue
    const stem = term.slice(0, -declension.citation.length)
    declension.endings.forEach((ending, i) => {
      const form = i % 2 === 0 ? `${stem}${ending}` : `${stem}${ending}`.replaceAll('ṃ', 'ṁ')
      const plain = plainKey(form)
      if (headwords.has(plain)) return
      termsOf.set(plain, (termsOf.get(plain) ?? new Set()).add(term))
      made.push({ form, term, count: 1 })
    })
  }
  return made.filter((c) => termsOf.get(plainKey(c.form))!.size === 1)
}
