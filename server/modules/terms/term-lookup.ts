// GET /api/terms/lookup: any word of a text, read as a form of a lexicon term (decision 055). Answered
// from an index every app instance keeps in memory (every form by its plain spelling, and the plain
// forms each kind of reader may see, for splitting compounds), made once from term_forms and made
// again when the lexicon changes: at once after this app's own writes, and within a second of
// another process's (the lexicon_version row, raised by a trigger on every change, is read at most
// once a second).
import type { TermLookup, TermLookupMatch } from '#shared/api/terms.ts'
import { paliKey, plainKey, readingsOf, splitCompound } from '#shared/pali/index.ts'
import type { DbOrTx } from '../../db/client.ts'
import { readLexicon, readLexiconVersion } from './terms.repo.ts'

/** How often the lexicon's version is read while lookups come (another process's change shows this late). */
export const VERSION_CHECK_MS = 1_000
const MAX_SIMILAR = 3
/** How many parts a compound is split into at most. */
const MAX_PARTS = 4
const VIA_ORDER = { whole: 0, enclitic: 1, sandhi: 2, compound: 3 } as const

interface FormEntry {
  termId: number
  /** The form's spelling key (paliKey). */
  form: string
  grammar: string
  weight: number
}

interface Headword {
  id: number
  term: string
  plain: string
  published: boolean
}

export interface LexiconIndex {
  /** The lexicon_version this was made at. */
  version: number
  /** This app's writes counted when it was made (see TermLookupIndex.changed). */
  generation: number
  terms: Map<number, Headword>
  byPlain: Map<string, FormEntry[]>
  /** Plain forms of every term, and of published terms only (splitCompound's isKnown). */
  knownAll: Set<string>
  knownPublished: Set<string>
}

/** Builds the index from the rows (pure; tests and the measurement use it directly). */
export function buildLexiconIndex(
  rows: Awaited<ReturnType<typeof readLexicon>>,
  version: number,
  generation = 0,
): LexiconIndex {
  const terms = new Map<number, Headword>()
  for (const name of rows.names) terms.set(name.id, { ...name, plain: plainKey(name.term) })
  const byPlain = new Map<string, FormEntry[]>()
  const knownAll = new Set<string>()
  const knownPublished = new Set<string>()
  // The same grammar labels come back thousands of times: one string each.
  const labels = new Map<string, string>()
  for (const row of rows.forms) {
    const headword = terms.get(row.termId)
    if (!headword) continue
    let grammar = labels.get(row.grammar)
    if (grammar === undefined) labels.set(row.grammar, (grammar = row.grammar))
    const entry: FormEntry = { termId: row.termId, form: row.form, grammar, weight: row.weight }
    const list = byPlain.get(row.plain)
    if (list) list.push(entry)
    else byPlain.set(row.plain, [entry])
    knownAll.add(row.plain)
    if (headword.published) knownPublished.add(row.plain)
  }
  return { version, generation, terms, byPlain, knownAll, knownPublished }
}

export interface Viewer {
  publishedOnly: boolean
}

interface Candidate extends TermLookupMatch {
  exact: boolean
  weight: number
  reading: number
}

/** The terms one spelling may be a form of, for this viewer. */
function candidatesFor(
  index: LexiconIndex,
  spelling: string,
  { publishedOnly }: Viewer,
  how: Pick<TermLookupMatch, 'via' | 'note'> & { reading: number; part?: number },
): Candidate[] {
  const key = paliKey(spelling)
  const found: Candidate[] = []
  for (const entry of index.byPlain.get(plainKey(spelling)) ?? []) {
    const headword = index.terms.get(entry.termId)!
    if (publishedOnly && !headword.published) continue
    found.push({
      id: headword.id,
      term: headword.term,
      form: entry.form,
      grammar: entry.grammar,
      published: headword.published,
      exact: entry.form === key,
      weight: entry.weight,
      ...how,
    })
  }
  return found
}

/** Right diacritics first, then the lighter form, then the plainer reading; one match per term. */
function ranked(candidates: Candidate[]): TermLookupMatch[] {
  candidates.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      a.weight - b.weight ||
      VIA_ORDER[a.via] - VIA_ORDER[b.via] ||
      a.reading - b.reading ||
      a.term.localeCompare(b.term),
  )
  const seen = new Set<number>()
  const matches: TermLookupMatch[] = []
  for (const { exact: _exact, weight: _weight, reading: _reading, ...match } of candidates) {
    if (seen.has(match.id)) continue
    seen.add(match.id)
    matches.push(match)
  }
  return matches
}

interface DistanceRows {
  previous: Int32Array
  current: Int32Array
}

/** Two rows of the edit distance's table for words up to `length` letters, reused through one scan. */
export function distanceRows(length: number): DistanceRows {
  return { previous: new Int32Array(length + 1), current: new Int32Array(length + 1) }
}

/**
 * Levenshtein distance, giving up (Infinity) once it must exceed `max`: only the band of cells
 * within `max` of the diagonal is computed, and a row whose best is past `max` ends it.
 */
export function editDistance(a: string, b: string, max: number, rows = distanceRows(b.length)): number {
  if (Math.abs(a.length - b.length) > max) return Infinity
  const room = rows.previous.length > b.length ? rows : distanceRows(b.length)
  const beyond = max + 1
  let previous = room.previous
  let current = room.current
  for (let j = 0; j <= b.length; j++) previous[j] = j <= max ? j : beyond
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max)
    const to = Math.min(b.length, i + max)
    current[0] = i <= max ? i : beyond
    if (from > 1) current[from - 1] = beyond
    let best = current[0]!
    const char = a.charCodeAt(i - 1)
    for (let j = from; j <= to; j++) {
      let value = previous[j - 1]! + (char === b.charCodeAt(j - 1) ? 0 : 1)
      const up = previous[j]! + 1
      const left = current[j - 1]! + 1
      if (up < value) value = up
      if (left < value) value = left
      current[j] = value > beyond ? beyond : value
      if (value < best) best = value
    }
    if (to < b.length) current[to + 1] = beyond
    if (best > max) return Infinity
    const swap = previous
    previous = current
    current = swap
  }
  const distance = previous[b.length]!
  return distance > max ? Infinity : distance
}

/** Up to three headwords spelled closest to the word (without diacritics), near enough to be a slip. */
function similarTerms(index: LexiconIndex, word: string, { publishedOnly }: Viewer) {
  const plain = plainKey(word)
  const max = Math.max(2, Math.floor(plain.length / 3))
  const scored: { id: number; term: string; distance: number }[] = []
  const rows = distanceRows(64)
  for (const headword of index.terms.values()) {
    if (publishedOnly && !headword.published) continue
    const distance = editDistance(plain, headword.plain, max, rows)
    if (distance <= max) scored.push({ id: headword.id, term: headword.term, distance })
  }
  scored.sort((a, b) => a.distance - b.distance || a.term.localeCompare(b.term))
  return scored.slice(0, MAX_SIMILAR).map(({ id, term }) => ({ id, term }))
}

/** The lookup itself, on an index (pure: fixed work per word, but for the similar terms' scan). */
export function lookupWord(index: LexiconIndex, word: string, viewer: Viewer): TermLookup {
  // Punctuation around a word taken from a text ("nibbānaṃ,", "‘taṇhā") is not part of it.
  const bare = word.replace(/^[^\p{L}\p{M}]+|[^\p{L}\p{M}]+$/gu, '')
  if (!bare) return { word, matches: [], similar: [] }
  const candidates: Candidate[] = []
  readingsOf(bare).forEach(({ form, via, note }, reading) => {
    candidates.push(...candidatesFor(index, form, viewer, { via, note, reading }))
  })
  const matches = ranked(candidates)
  if (matches.length > 0) return { word, matches, similar: [] }

  const known = viewer.publishedOnly ? index.knownPublished : index.knownAll
  const parts = splitCompound(bare, (plain) => known.has(plain), MAX_PARTS)
  if (parts && parts.length > 1) {
    const perPart = parts.map((part, i) =>
      ranked(
        candidatesFor(index, part, viewer, {
          via: 'compound',
          part: i,
          note: `liitsõna ${i + 1}. osa ${parts.length}-st`,
          reading: 0,
        }),
      ),
    )
    // splitCompound answers plain spellings: each part is shown as its best match spells it.
    const spelled = parts.map((part, i) => perPart[i]![0]?.form ?? part)
    const partMatches = perPart.flat()
    if (partMatches.length > 0) return { word, matches: partMatches, parts: spelled, similar: [] }
  }
  return { word, matches: [], similar: similarTerms(index, bare, viewer) }
}

/**
 * The app instance's lookup index (app-state.ts): made on the first lookup, made again when this
 * app writes terms (`changed`) or another process did (the lexicon_version row, read at most once
 * a VERSION_CHECK_MS). One making at a time; lookups meanwhile wait for it.
 */
export class TermLookupIndex {
  private index: LexiconIndex | undefined
  private making: Promise<LexiconIndex> | undefined
  private generation = 0
  private checkedAt = -Infinity
  private checking: Promise<void> | undefined

  constructor(
    private readonly db: DbOrTx,
    private readonly checkEveryMs = VERSION_CHECK_MS,
  ) {}

  /** This app changed terms or their forms: the next lookup makes the index again. */
  changed() {
    this.generation++
  }

  async lookup(word: string, viewer: Viewer): Promise<TermLookup> {
    return lookupWord(await this.current(), word, viewer)
  }

  /** The index, made again first when it is old. */
  async current(): Promise<LexiconIndex> {
    let index = this.index
    if (index && index.generation === this.generation && performance.now() - this.checkedAt >= this.checkEveryMs) {
      this.checking ??= this.checkVersion(index).finally(() => (this.checking = undefined))
      await this.checking
      index = this.index
    }
    if (!index || index.generation !== this.generation) return this.make()
    return index
  }

  /** How many forms the index holds (tests, logs). */
  get size() {
    return this.index?.byPlain.size ?? 0
  }

  private async checkVersion(index: LexiconIndex) {
    this.checkedAt = performance.now()
    const version = await readLexiconVersion(this.db)
    // Another process changed the lexicon: count it as a change of our own.
    if (version !== index.version && this.index === index) this.generation++
  }

  private make(): Promise<LexiconIndex> {
    const generation = this.generation
    if (this.making) {
      // A making that started before the latest change is not good enough: wait, then look again.
      return this.making.then(() => this.current())
    }
    this.making = (async () => {
      // The version first: a change after it shows as a newer version at the next check.
      const version = await readLexiconVersion(this.db)
      const index = buildLexiconIndex(await readLexicon(this.db), version, generation)
      this.checkedAt = performance.now()
      this.index = index
      return index
    })().finally(() => (this.making = undefined))
    return this.making.then((index) => (index.generation === this.generation ? index : this.current()))
  }
}
