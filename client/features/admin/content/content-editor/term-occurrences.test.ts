// @vitest-environment happy-dom
// Where a suggested form stands unmarked in the editor's document: whole words only, as written
// (NFC), not inside a link, with positions that mark exactly the word.
import { createDocument, getSchema } from '@tiptap/core'
import { describe, expect, it } from 'vitest'
import { contentExtensions } from './content-schema.ts'
import { unmarkedOccurrences } from './term-occurrences.ts'

const schema = getSchema(contentExtensions)
const docOf = (html: string) => createDocument(html, schema)

function wordsAt(html: string, form: string) {
  const doc = docOf(html)
  return unmarkedOccurrences(doc, form).map(({ from, to }) => doc.textBetween(from, to))
}

describe('unmarkedOccurrences', () => {
  it('finds every whole word spelled as the form, in order', () => {
    const html = '<p>Dhammassa dhammassa, dhammassā <b>dhammassa</b>.</p><h2>dhammassa</h2><p>adhammassa</p>'
    expect(wordsAt(html, 'dhammassa')).toEqual(['dhammassa', 'dhammassa', 'dhammassa'])
  })

  it('leaves out words in a term link or any other link', () => {
    const html =
      '<p>dhammassa <a href="/term/1" data-term="dhammo">dhammassa</a> <a href="#fn1">dhammassa</a> dhammassa</p>'
    const doc = docOf(html)
    const found = unmarkedOccurrences(doc, 'dhammassa')
    // The first word and the last: the paragraph's content starts at 1 and ends before its closing token.
    expect(found).toEqual([
      { from: 1, to: 10 },
      { from: doc.firstChild!.nodeSize - 10, to: doc.firstChild!.nodeSize - 1 },
    ])
  })

  it('compares in NFC and reads apostrophes inside a word as the server does', () => {
    expect(wordsAt('<p>tan\u0323ha\u0304ya taṇhāya</p>', 'taṇhāya')).toHaveLength(2)
    expect(wordsAt("<p>dhammo'ti dhammo</p>", 'dhammo')).toEqual(['dhammo'])
  })

  it('ends a word at a line break and keeps positions right after it', () => {
    expect(wordsAt('<p>x<br>dhammo y dhammo</p>', 'dhammo')).toEqual(['dhammo', 'dhammo'])
  })

  it('finds nothing when the form is absent', () => {
    expect(wordsAt('<p>nothing here</p>', 'dhammo')).toEqual([])
  })
})
