import { describe, expect, it } from 'vitest'
import { processPage } from './process-page.ts'
import { termMarkNames, termUsesOf, withTermLink } from './term-links.ts'

const terms = new Map([
  ['mettā', 7],
  ['a "quoted" & term', 9],
])

describe('term marks in the pipeline', () => {
  it.each([
    [
      'a known mark gets the term link, href first',
      '<p><a data-term="mettā">m</a></p>',
      '<p><a href="/term/7" data-term="mettā">m</a></p>',
    ],
    ['an unknown mark stays a mark', '<p><a data-term="nope">n</a></p>', '<p><a data-term="nope">n</a></p>'],
    [
      'a link the editor wrote with data-term first is put in the same order',
      '<p><a data-term="mettā" href="/term/7" title="t">m</a></p>',
      '<p><a href="/term/7" data-term="mettā" title="t">m</a></p>',
    ],
    [
      'an existing href is kept',
      '<p><a href="/term/3" data-term="mettā">m</a></p>',
      '<p><a href="/term/3" data-term="mettā">m</a></p>',
    ],
    [
      'names with quotes and ampersands are matched decoded',
      '<p><a data-term="a &quot;quoted&quot; &amp; term">q</a></p>',
      '<p><a href="/term/9" data-term="a &quot;quoted&quot; &amp; term">q</a></p>',
    ],
  ])('%s', (_, html, expected) => {
    const page = processPage({ content: html, termIds: terms })
    expect(page.blocks[0]!.replace(/ id="[^"]*"/, '')).toBe(expected)
    // Idempotent: its own output again changes nothing.
    expect(processPage({ content: page.processedContent, termIds: terms }).blocks).toEqual(page.blocks)
  })

  it('links marks in the links section too', () => {
    const page = processPage({ content: '<p>x</p>', linksContent: '<p><a data-term="mettā">m</a></p>', termIds: terms })
    expect(page.linksContent).toBe('<p><a href="/term/7" data-term="mettā">m</a></p>')
  })

  it('counts the term links of the blocks with the first block holding each', () => {
    const page = processPage({
      content:
        '<p id="a">none</p><p id="b"><a data-term="mettā">1</a> <a href="/term/7">2</a></p>' +
        '<p id="c"><a href="/term/7">3</a> <a href="/term/12#x">not a term link</a> <a title="x" href="/term/5">5</a></p>',
      termIds: terms,
    })
    expect(page.termUses).toEqual([
      { termId: 7, places: 3, anchor: 'b' },
      { termId: 5, places: 1, anchor: 'c' },
    ])
  })

  it('finds the names a page marks, decoded, each once', () => {
    expect(
      termMarkNames(
        `<a data-term="mettā">x</a><A DATA-TERM='karuṇā'>y</A><a data-term="mettā"></a><a data-term="a &amp; b">`,
      ),
    ).toEqual(['mettā', 'karuṇā', 'a & b'])
    expect(termMarkNames('<p>data-term="not an attribute"</p>')).toEqual([])
  })

  it('leaves other elements and unmarked links alone', () => {
    expect(withTermLink('p', [['id', 'x']], terms)).toEqual([['id', 'x']])
    expect(withTermLink('a', [['href', '/x']], terms)).toEqual([['href', '/x']])
    expect(termUsesOf(['<p>nothing</p>'], ['p'])).toEqual([])
  })
})
