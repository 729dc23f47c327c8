import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { htmlToText } from '../../lib/html-text.ts'
import { cutText, shortText, withMeta } from './page-meta.ts'

/** The fastest of a few runs, in milliseconds, so a busy machine does not decide the outcome. */
function fastest(run: () => void, runs = 10) {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    run()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

describe('page text for meta tags', () => {
  it('reads HTML as text: entities decoded, no space inside words, hidden elements left out', () => {
    expect(htmlToText('<ol><li>Love, <i>friend</i>ship &amp; more</li><li>peace</li></ol>')).toBe(
      'Love, friendship & more peace',
    )
    expect(htmlToText('<p>a</p><script>alert(1)</script><style>p{}</style><p>b &lt;c&gt;</p>')).toBe('a b <c>')
  })

  it('cuts at a word near the limit', () => {
    expect(shortText('<p>one two three four</p>', 12)).toBe('one two…')
    expect(shortText('<p>short</p>')).toBe('short')
    expect(cutText('a  <b> \n c')).toBe('a <b> c')
    // Indented markup: the whitespace between tags is not text.
    const indented = `<ul>${'\n        <li>\n          <br>\n        </li>'.repeat(2000)}<li>word</li></ul>`
    expect(shortText(indented)).toBe('word')
  })

  it.each([
    ['<', '<'.repeat(50_000)],
    ['<a', '<a'.repeat(25_000)],
    ['<a b="', '<a b="'.repeat(8_000)],
    ['<!--', '<!--'.repeat(12_000)],
    ['&#', '&#'.repeat(25_000)],
  ])('takes a few milliseconds for 50,000 characters of %s', (_, text) => {
    const ms = fastest(() => shortText(text))
    expect(ms).toBeLessThan(25)
    expect(fastest(() => cutText(text))).toBeLessThan(25)
  })

  it("puts a title with $&, $` and $' into the head as it is", () => {
    const html = '<html><head><title>Site</title></head><body>x</body></html>'
    const title = "Price $& more $` and $' end"
    const out = withMeta(html, { title, description: 'd', canonicalPath: '/content/1' }, 'http://x')
    const escaped = "Price $&amp; more $` and $' end"
    expect(out).toContain(`<title>${escaped} · Õpetuste entsüklopeedia</title>`)
    expect(out).toContain(`<meta property="og:title" content="${escaped}" />`)
    expect(out.match(/<html>/g)).toHaveLength(1)
  })

  it("replaces the site's own description in client/index.html, so a page has exactly one", () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../client/index.html'), 'utf8')
    expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1)
    const out = withMeta(
      html,
      { title: 'Sutta', description: 'Oma kirjeldus', canonicalPath: '/content/1' },
      'http://x',
    )
    expect(out.match(/<meta\s+name="description"/g)).toHaveLength(1)
    expect(out).toContain('<meta name="description" content="Oma kirjeldus" />')
  })
})
