// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FEEDBACK_PASSAGE_MAX_CHARS } from '#shared/limits.ts'
import { cleanPassage, forgetPassage, passageOf, rememberSelections, selectedPassage } from './selected-passage.ts'

describe('cleanPassage', () => {
  it.each([
    ['  a\n\n b\tc  ', 'a b c'],
    ['', ''],
    ['\n \t', ''],
    ['Õnnis on see, kes', 'Õnnis on see, kes'],
  ])('collapses whitespace in %j', (text, expected) => {
    expect(cleanPassage(text)).toBe(expected)
  })

  it('keeps a text of exactly the limit and cuts a longer one to the limit, ending with …', () => {
    expect(cleanPassage('x'.repeat(FEEDBACK_PASSAGE_MAX_CHARS))).toHaveLength(FEEDBACK_PASSAGE_MAX_CHARS)
    const cut = cleanPassage('x'.repeat(FEEDBACK_PASSAGE_MAX_CHARS + 1))
    expect(cut).toHaveLength(FEEDBACK_PASSAGE_MAX_CHARS)
    expect(cut.endsWith('…')).toBe(true)
    expect(cleanPassage('abcdef ghij', 8)).toBe('abcdef…')
  })

  it('never cuts inside a surrogate pair', () => {
    const cut = cleanPassage('ab😀cdef', 4)
    expect(cut).toBe('ab…')
    expect(cut.length).toBeLessThanOrEqual(4)
  })
})

function page() {
  document.body.innerHTML = `
    <article class="reader">
      <h1 id="title">Pealkiri</h1>
      <div class="reader-body">
        <div class="reader-chunk"><p id="b1">Esimene lõik.</p><p id="b2">Teine <em>lõik</em> siin.</p></div>
      </div>
      <section class="reader-links"><p id="_ftn1">Märkus üks.</p></section>
    </article>
    <aside id="panel">Küljepaneel</aside>`
  return document.querySelector<HTMLElement>('article')!
}

function select(from: Node, fromOffset: number, to: Node, toOffset: number) {
  const range = document.createRange()
  range.setStart(from, fromOffset)
  range.setEnd(to, toOffset)
  const selection = document.getSelection()!
  selection.removeAllRanges()
  selection.addRange(range)
  return selection
}

const text = (id: string) => document.getElementById(id)!.firstChild!

describe('passageOf', () => {
  let article: HTMLElement
  beforeEach(() => {
    article = page()
  })

  it('takes the text selected in the body and the block it starts in', () => {
    const selection = select(text('b1'), 8, document.getElementById('b2')!.lastChild!, 5)
    // a browser puts a line break between the paragraphs (a space here), happy-dom nothing
    expect(passageOf(selection, article)).toEqual({
      passage: expect.stringMatching(/^lõik\. ?Teine lõik siin$/),
      blockId: 'b1',
    })
  })

  it('takes a note in the links section with its own id', () => {
    expect(passageOf(select(text('_ftn1'), 0, text('_ftn1'), 6), article)).toEqual({
      passage: 'Märkus',
      blockId: '_ftn1',
    })
  })

  it('ignores a collapsed selection and one that starts outside the text (the title, the side panel)', () => {
    expect(passageOf(select(text('b1'), 3, text('b1'), 3), article)).toBeNull()
    expect(passageOf(select(text('title'), 0, text('b1'), 4), article)).toBeNull()
    expect(passageOf(select(text('panel'), 0, text('panel'), 4), article)).toBeNull()
    expect(passageOf(null, article)).toBeNull()
  })
})

describe('rememberSelections', () => {
  let stop: () => void
  let article: HTMLElement
  beforeEach(() => {
    article = page()
    stop = rememberSelections(7, article)
  })
  afterEach(() => {
    stop()
    forgetPassage()
  })

  const changed = () => document.dispatchEvent(new Event('selectionchange'))
  const press = (element: Element) =>
    element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }))

  it('keeps the passage for its own page only, and forgets it when the page goes', () => {
    select(text('b2'), 0, text('b2'), 5)
    changed()
    expect(selectedPassage(7)).toEqual({ contentId: 7, passage: 'Teine', blockId: 'b2' })
    expect(selectedPassage(8)).toBeNull()
    stop()
    expect(selectedPassage(7)).toBeNull()
  })

  it('keeps it when the selection goes on the way to the feedback button, forgets it on a click in the text', () => {
    select(text('b2'), 0, text('b2'), 5)
    changed()
    press(document.getElementById('panel')!)
    document.getSelection()!.removeAllRanges()
    changed()
    expect(selectedPassage(7)?.passage).toBe('Teine')

    press(document.getElementById('b1')!)
    changed()
    expect(selectedPassage(7)).toBeNull()
  })

  it('forgets it when something outside the text is selected', () => {
    select(text('b2'), 0, text('b2'), 5)
    changed()
    select(text('panel'), 0, text('panel'), 4)
    changed()
    expect(selectedPassage(7)).toBeNull()
  })
})
