// Term suggestions on an index made in memory (no database): the HTML's text, marked words left out,
// whole forms only, grouping, order and the limit.
import { describe, expect, it } from 'vitest'
import { TERM_SUGGESTIONS_MAX } from '#shared/limits.ts'
import { formsOf } from './term-forms.ts'
import { buildLexiconIndex, type LexiconIndex } from './term-lookup.ts'
import { suggestTerms, suggestTermsInSlices, textOfHtml } from './term-suggestions.ts'

function indexOf(sources: { id: number; term: string; extraForms?: string[] }[]): LexiconIndex {
  const names = sources.map(({ id, term }) => ({ id, term, published: true }))
  const forms = sources.flatMap((source) =>
    formsOf({ term: source.term, pattern: null, extraForms: source.extraForms ?? [] }).map((row) => ({
      termId: source.id,
      ...row,
    })),
  )
  return buildLexiconIndex({ names, forms }, 1)
}

const lexicon = indexOf([
  { id: 1, term: 'dhammo' },
  { id: 2, term: 'taṇhā' },
  { id: 3, term: 'cakkaṃ' },
  { id: 4, term: 'ca', extraForms: ['ca'] },
])

describe('textOfHtml', () => {
  it('decodes entities, ends words at blocks, not at inline tags, and knows what is marked', () => {
    const { text, marked } = textOfHtml('<p>a&amp;b dham<b>mo</b></p><p>x<a data-term="y" href="/term/1">yz</a></p>')
    expect(text.replace(/ +/g, ' ').trim()).toBe('a&b dhammo xyz')
    const at = text.indexOf('yz')
    expect([...marked.subarray(at - 1, at + 2)]).toEqual([0, 1, 1])
  })

  it('leaves out what is no text (scripts, styles)', () => {
    expect(textOfHtml('<p>a</p><script>dhammo</script><style>b{}</style>').text.trim()).toBe('a')
  })
})

describe('suggestTerms', () => {
  it('finds whole forms as written, counted, leaving marked ones out', () => {
    const html =
      '<p>Dhammassa dhammassa, <i>dhammassa</i>.</p>' +
      '<p><a href="/term/1" data-term="dhammo">dhammassa</a> taṇhāya tanhaya</p>'
    expect(suggestTerms(lexicon, html)).toEqual([
      { termId: 1, term: 'dhammo', form: 'dhammassa', grammar: expect.any(String), count: 2 },
      { termId: 1, term: 'dhammo', form: 'Dhammassa', grammar: expect.any(String), count: 1 },
      { termId: 2, term: 'taṇhā', form: 'taṇhāya', grammar: expect.any(String), count: 1 },
      { termId: 2, term: 'taṇhā', form: 'tanhaya', grammar: expect.any(String), count: 1 },
    ])
  })

  it('leaves out words inside any link, which a term link would replace', () => {
    expect(suggestTerms(lexicon, '<p><a href="#fn1" id="r1">dhammo</a> <a name="x">dhammo</a></p>')).toEqual([])
  })

  it('reads no enclitic, sandhi or compound, nor words under three letters', () => {
    expect(suggestTerms(lexicon, "<p>dhammoti dhammo'ti dhammacakkaṃ ca</p>")).toEqual([])
  })

  it('writes the form in NFC whatever the text used', () => {
    const [suggestion] = suggestTerms(lexicon, '<p>tan\u0323ha\u0304ya</p>')
    expect(suggestion).toMatchObject({ termId: 2, form: 'taṇhāya' })
  })

  it('counts a word split by an inline tag as one, and one touching a mark as marked', () => {
    expect(suggestTerms(lexicon, '<p>dham<b>mo</b> <a data-term="dhammo">dham</a>mo</p>')).toEqual([
      expect.objectContaining({ form: 'dhammo', count: 1 }),
    ])
  })

  it('answers at most TERM_SUGGESTIONS_MAX, the most frequent first, then the first written', () => {
    const names = Array.from({ length: TERM_SUGGESTIONS_MAX + 5 }, (_, i) => ({
      id: i + 1,
      term: `sabbo${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    }))
    const many = indexOf(names)
    const html = `<p>${names.map((n) => n.term).join(' ')} ${names[7]!.term}</p>`
    const suggestions = suggestTerms(many, html)
    expect(suggestions).toHaveLength(TERM_SUGGESTIONS_MAX)
    expect(suggestions[0]).toMatchObject({ term: names[7]!.term, count: 2 })
    expect(suggestions[1]).toMatchObject({ term: names[0]!.term, count: 1 })
  })
})

describe('suggestTermsInSlices', () => {
  it('answers as suggestTerms does, the event loop never held for long on 2,000,000 characters', async () => {
    // distinct words, each read afresh: the most work per character
    const words = Array.from({ length: 200_000 }, (_, i) => `dham${i.toString(36)}o`)
    let html = ''
    for (let i = 0; html.length < 2_000_000; i += 50)
      html += `<p>${words.slice(i, i + 50).join(' ')} dhammassa taṇhāya</p>`
    html = html.slice(0, 2_000_000)
    const gaps: number[] = []
    let last = performance.now()
    const ticking = setInterval(() => {
      const now = performance.now()
      gaps.push(now - last)
      last = now
    }, 1)
    const started = performance.now()
    const sliced = await suggestTermsInSlices(lexicon, html)
    const took = performance.now() - started
    clearInterval(ticking)
    expect(sliced).toEqual(suggestTerms(lexicon, html))
    expect(sliced.slice(0, 2).map((s) => s.form)).toEqual(['dhammassa', 'taṇhāya'])
    expect(took).toBeGreaterThan(100) // enough work to have been cut into slices at all
    expect(Math.max(...gaps)).toBeLessThan(80)
  })
})
