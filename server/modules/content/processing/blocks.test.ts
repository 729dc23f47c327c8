import { describe, expect, it } from 'vitest'
import { anchorIds, assignBlockIds, cutIntoBlocks, renderBlock, textHash } from './blocks.ts'
import { assignHeadingIds, headingId } from './heading-ids.ts'

function blocksOf(html: string) {
  const draft = cutIntoBlocks(html)
  assignHeadingIds(draft.headings, draft.ids)
  assignBlockIds(draft.blocks, draft.ids)
  return {
    html: draft.blocks.map(renderBlock),
    texts: draft.blocks.map((block) => block.text),
    anchors: draft.blocks.map(anchorIds),
    headings: draft.headings.map((heading) => ({ text: heading.text, id: headingId(heading), block: heading.block })),
  }
}

const idOf = (text: string): string => `p-${textHash(text)}`

describe('cutIntoBlocks', () => {
  it('makes each top-level element a block and drops the whitespace between them', () => {
    expect(blocksOf('\n<h2>Title</h2>\n\n<p>One</p>\n<ul>\n<li>a</li>\n</ul>\n').html).toEqual([
      '<h2 id="title">Title</h2>',
      `<p id="${idOf('One')}">One</p>`,
      `<ul id="${idOf('a')}">\n<li>a</li>\n</ul>`,
    ])
  })

  it('wraps stray text and inline markup between blocks in a <p>', () => {
    expect(blocksOf('loose <b>bold</b> text<p>real</p><br><i>tail</i>').html).toEqual([
      `<p id="${idOf('loose bold text')}">loose <b>bold</b> text</p>`,
      `<p id="${idOf('real')}">real</p>`,
      `<p id="${idOf('tail')}"><br><i>tail</i></p>`,
    ])
  })

  it('derives a block id from its own text only, so editing another paragraph keeps it', () => {
    const before = blocksOf('<p>First</p><p>Second</p>').html[1]
    const after = blocksOf('<p>First, now edited</p><p>Inserted</p><p>Second</p>').html[2]
    expect(after).toBe(before)
  })

  it('numbers blocks with the same text -2, -3 in document order', () => {
    const same = idOf('Same')
    expect(blocksOf('<p>Same</p><p>Same</p><blockquote>Same</blockquote>').html).toEqual([
      `<p id="${same}">Same</p>`,
      `<p id="${same}-2">Same</p>`,
      `<blockquote id="${same}-3">Same</blockquote>`,
    ])
  })

  it('never gives a block an id a heading or another element already has', () => {
    const taken = idOf('Text')
    const blocks = blocksOf(`<p>Text</p><p id="${taken}">Other</p>`).html
    expect(blocks).toEqual([`<p id="${taken}-2">Text</p>`, `<p id="${taken}">Other</p>`])
  })

  it('keeps ids that are already there', () => {
    expect(blocksOf('<p id="mine" class="x">Text</p>').html).toEqual(['<p id="mine">Text</p>'])
  })

  it('gives top-level headings their slug and nested headings one too', () => {
    const { html, headings } = blocksOf('<h2>Rock &amp; <em>Roll</em></h2><div><h3>Inner</h3><p>text</p></div>')
    expect(html).toEqual([
      '<h2 id="rock-roll">Rock &amp; <em>Roll</em></h2>',
      `<div id="${idOf('Inner text')}"><h3 id="inner">Inner</h3><p>text</p></div>`,
    ])
    expect(headings).toEqual([
      { text: 'Rock & Roll', id: 'rock-roll', block: 0 },
      { text: 'Inner', id: 'inner', block: 1 },
    ])
  })

  it('slugs a heading from its source, so a removed character reference leaves no hyphen', () => {
    expect(blocksOf('<h2>Rock&amp;Roll</h2><h2>Buddha&#8217;s Word</h2>').headings.map((h) => h.id)).toEqual([
      'rockroll',
      'buddhas-word',
    ])
  })

  it('keeps footnote anchors exactly and lists every id and name inside each block', () => {
    const marker = '<a href="#_ftn12" name="_ftnref12" id="_ftnref12">[12]</a>'
    const note = '<a href="#_ftnref12" name="_ftn12" id="_ftn12">[12]</a>'
    const { html, anchors } = blocksOf(`<p>Text.${marker}</p><hr><p>${note} A note.</p>`)
    expect(html[0]).toContain(marker)
    expect(html[2]).toContain(note)
    expect(anchors).toEqual([
      [idOf('Text.[12]'), '_ftnref12', '_ftnref12'],
      [expect.stringMatching(/^p-[0-9a-f]{8}$/)],
      [idOf('[12] A note.'), '_ftn12', '_ftn12'],
    ])
  })

  it('collapses whitespace in block text and separates nested blocks and line breaks', () => {
    expect(blocksOf('<blockquote><p>one,<br>two</p><p>three\n\n four</p></blockquote>').texts).toEqual([
      'one, two three four',
    ])
  })

  it('handles 10,000 nested levels and 100 KB of stray text', () => {
    const deep = blocksOf('<div>'.repeat(10_000) + 'deep' + '</div>'.repeat(10_000))
    expect(deep.texts).toEqual(['deep'])
    const stray = blocksOf('word '.repeat(20_000))
    expect(stray.html).toHaveLength(1)
  })
})

describe('textHash', () => {
  it('is FNV-1a as 8 hex digits', () => {
    expect(textHash('')).toBe('811c9dc5')
    expect(textHash('a')).toBe('e40c292c')
  })
})
