// POST /api/terms/suggestions ("Märgi terminid", issue 29): the words of an editor's HTML that are a
// whole form of a lexicon term and not marked yet. Read from the app's lookup index (term-lookup.ts),
// pure: the HTML's text is taken with htmlparser2 (a tokenizer, as html-text.ts: no regular
// expression over the markup), words inside an element with data-term are left out, and so are words
// inside any other link (a footnote's anchor, a bookmark): the editor's term mark is a link, which would
// take that link's place. Each word must be a form as written (readingsOf's whole reading; no
// enclitic, sandhi or compound reading, term-occurrences.ts in the editor reads words the same way).
import { Parser } from 'htmlparser2'
import type { TermSuggestion } from '#shared/api/terms.ts'
import { TERM_SUGGESTIONS_MAX, TERM_SUGGESTION_MIN_LETTERS } from '#shared/limits.ts'
import { plainKey, readingsOf } from '#shared/pali/index.ts'
import { letterCount, textWords } from '#shared/text/text-words.ts'
import type { LexiconIndex } from './term-lookup.ts'

// Elements within a line: a word may run across them ("dham<b>mo</b>"); any other tag ends a word.
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u'])
// Elements whose content is no text a reader sees (as html-text.ts).
const HIDDEN_TAGS = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'iframe', 'object', 'svg', 'math'])

export interface HtmlText {
  text: string
  /** Per UTF-16 unit of `text`: 1 where it is inside an element with a data-term attribute or a link. */
  marked: Uint8Array
}

/** The text of HTML (entities decoded, a space where a block starts or ends) and which of it is marked. */
export function textOfHtml(html: string): HtmlText {
  return runThrough(textOfHtmlInSteps(html))
}

/** How much HTML the parser reads between two steps (htmlparser2 reads a text in pieces as a stream). */
const HTML_STEP_CHARS = 32 * 1024
/** How many words are looked up between two steps. */
const WORDS_PER_STEP = 512

function* textOfHtmlInSteps(html: string): Generator<void, HtmlText> {
  const parts: string[] = []
  const markedParts: { from: number; to: number }[] = []
  let length = 0
  // One entry per open element: whether it marks a term or hides its text.
  const open: { term: boolean; hidden: boolean }[] = []
  let terms = 0
  let hidden = 0
  const add = (part: string, isMarked: boolean) => {
    if (isMarked && part.length > 0) markedParts.push({ from: length, to: length + part.length })
    parts.push(part)
    length += part.length
  }
  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        const element = { term: 'data-term' in attributes || tag === 'a', hidden: HIDDEN_TAGS.has(tag) }
        open.push(element)
        if (element.term) terms++
        if (element.hidden) hidden++
        if (!INLINE_TAGS.has(tag)) add(' ', false)
      },
      ontext(part) {
        if (hidden === 0) add(part, terms > 0)
      },
      onclosetag(tag) {
        const element = open.pop()
        if (element?.term) terms--
        if (element?.hidden) hidden--
        if (!INLINE_TAGS.has(tag)) add(' ', false)
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  for (let at = 0; at < html.length; at += HTML_STEP_CHARS) {
    parser.write(html.slice(at, at + HTML_STEP_CHARS))
    yield
  }
  parser.end()
  const marked = new Uint8Array(length)
  for (const { from, to } of markedParts) marked.fill(1, from, to)
  return { text: parts.join(''), marked }
}

interface Found {
  termId: number
  grammar: string
}

/** The terms a word is a whole form of (one each: its form spelled as written first, then the lightest). */
function termsOfWord(index: LexiconIndex, word: string): Found[] {
  const whole = readingsOf(word).find((reading) => reading.via === 'whole')
  if (!whole) return []
  const best = new Map<number, { exact: boolean; weight: number; grammar: string }>()
  for (const entry of index.byPlain.get(plainKey(whole.form)) ?? []) {
    const exact = entry.form === whole.form
    const held = best.get(entry.termId)
    if (held && (Number(held.exact) - Number(exact) || entry.weight - held.weight) >= 0) continue
    best.set(entry.termId, { exact, weight: entry.weight, grammar: entry.grammar })
  }
  return [...best].map(([termId, { grammar }]) => ({ termId, grammar }))
}

interface Tally extends TermSuggestion {
  first: number
}

/** The suggestions for one HTML text: by form as written and term, the most frequent first. */
export function suggestTerms(index: LexiconIndex, html: string): TermSuggestion[] {
  return runThrough(suggestingInSteps(index, html))
}

/**
 * The same, as the route runs it: in steps of at most about `sliceMs` of work each, other requests
 * answered between them (2,000,000 characters of a real page take ~0.7 s in all with the whole
 * lexicon, which in one piece would hold every reader that long).
 */
export async function suggestTermsInSlices(index: LexiconIndex, html: string, sliceMs = 10): Promise<TermSuggestion[]> {
  const steps = suggestingInSteps(index, html)
  let since = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (performance.now() - since >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve))
      since = performance.now()
    }
  }
}

/** Runs a generator of steps to its end at once. */
function runThrough<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

function* suggestingInSteps(index: LexiconIndex, html: string): Generator<void, TermSuggestion[]> {
  const { text, marked } = yield* textOfHtmlInSteps(html)
  const known = new Map<string, Found[]>()
  const tallies = new Map<string, Tally>()
  let position = 0
  for (const { word, start, end } of textWords(text)) {
    if (++position % WORDS_PER_STEP === 0) yield
    if (marked.subarray(start, end).includes(1)) continue
    const form = word.normalize('NFC')
    let found = known.get(form)
    if (!found) {
      found = letterCount(form) < TERM_SUGGESTION_MIN_LETTERS ? [] : termsOfWord(index, form)
      known.set(form, found)
    }
    for (const { termId, grammar } of found) {
      const key = `${termId}\u0000${form}`
      const tally = tallies.get(key)
      if (tally) tally.count++
      else {
        const term = index.terms.get(termId)!.term
        tallies.set(key, { termId, term, form, grammar, count: 1, first: position })
      }
    }
  }
  return [...tallies.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first || a.term.localeCompare(b.term))
    .slice(0, TERM_SUGGESTIONS_MAX)
    .map(({ first: _first, ...suggestion }) => suggestion)
}
