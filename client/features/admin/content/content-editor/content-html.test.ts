import { describe, expect, it } from 'vitest'
import { LINKS_MARKER } from '#shared/limits.ts'
import {
  formatMegabytes,
  fromEditorHtml,
  joinForEditing,
  toEditorHtml,
  unsupportedMarkup,
  utf8Bytes,
} from './content-html.ts'

describe('joinForEditing', () => {
  it('rejoins the main content and the links section with the marker on its own line', () => {
    expect(joinForEditing('<p>a</p>', '<h2>Sources</h2>')).toBe(`<p>a</p>\n${LINKS_MARKER}\n<h2>Sources</h2>`)
  })

  it('adds no marker when there is no links section', () => {
    expect(joinForEditing('<p>a</p>', null)).toBe('<p>a</p>')
    expect(joinForEditing('<p>a</p>', '')).toBe('<p>a</p>')
  })
})

describe('the marker in the rich-text view', () => {
  it('becomes a block of its own and turns back into the marker', () => {
    const text = joinForEditing('<p>a</p>', '<p>b</p>')
    const html = toEditorHtml(text)
    expect(html).not.toContain(LINKS_MARKER)
    expect(fromEditorHtml(html.replace(/\n/g, ''))).toBe(`<p>a</p>${LINKS_MARKER}<p>b</p>`)
  })
})

describe('utf8Bytes', () => {
  it('counts the bytes of UTF-8 like the server does', () => {
    for (const text of ['', 'abc', 'Pāli ṁ ṭ', 'õäöü', '😀 x', '\ud800 lone']) {
      expect(utf8Bytes(text), text).toBe(new TextEncoder().encode(text).length)
    }
  })

  it('shows megabytes with two decimals', () => {
    expect(formatMegabytes(8 * 1024 * 1024)).toBe('8.00')
    expect(formatMegabytes(1536 * 1024)).toBe('1.50')
  })
})

describe('unsupportedMarkup', () => {
  it('finds nothing in a corpus-style page', () => {
    const page = [
      '<h1 id="x">Title</h1><p id="p1"><strong>S</strong> <em>e</em> <i lang="pi">sati</i></p>',
      '<p><a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a> <a data-term="mettā">mettaṁ</a></p>',
      '<blockquote><p>a<br>b</p></blockquote><ul><li>x</li></ul><ol start="2"><li>y</li></ol><hr>',
      '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>',
    ].join('\n')
    expect(unsupportedMarkup(page)).toEqual([])
  })

  it('names what the rich-text view would lose, once each', () => {
    const html =
      '<p class="MsoNormal"><span style="x">a</span><img src="data:image/png;base64,AA" style="x"><span>b</span></p>'
    // Pictures are kept (image-node.ts); a style on one is not.
    expect(unsupportedMarkup(html)).toEqual(['p[class]', 'span', 'img[style]'])
  })
})
