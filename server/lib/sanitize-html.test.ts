import { describe, expect, it } from 'vitest'
import { isBlankHtml, sanitizeHtml } from './sanitize-html.ts'

describe('sanitizeHtml', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<img src=x onerror="alert(1)">text', 'text'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,AAAA">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<p style="color:red" onclick="x()">a</p>', '<p>a</p>'],
    [
      '<a href="https://example.org/" title="t" target="_blank">x</a>',
      '<a href="https://example.org/" title="t">x</a>',
    ],
    ['<a href="/term/12">x</a>', '<a href="/term/12">x</a>'],
    ['<a href="#note-1">x</a>', '<a href="#note-1">x</a>'],
    ['<a href="mailto:a@b.ee">x</a>', '<a href="mailto:a@b.ee">x</a>'],
    ['<i lang="pi">sati</i>', '<i lang="pi">sati</i>'],
    ['<ol><li>A day</li><li>I, myself</li></ol>', '<ol><li>A day</li><li>I, myself</li></ol>'],
    [
      '<h2>T</h2><blockquote>q</blockquote><sub>1</sub><sup>2</sup><u>u</u><s>s</s>',
      '<h2>T</h2><blockquote>q</blockquote><sub>1</sub><sup>2</sup><u>u</u><s>s</s>',
    ],
    ['<div><table><tr><td>cell</td></tr></table></div>', 'cell'],
    ['<style>p{}</style><iframe src="x"></iframe>ok', 'ok'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output)
  })

  it('is idempotent', () => {
    const inputs = [
      '<p>a &amp; b &lt;c&gt; "q"</p>',
      '<a href="https://x.ee/?a=1&b=2">l</a>',
      '<p>ä õ ṃ</p><br />',
      '<b><i>x</b></i>',
    ]
    for (const input of inputs) {
      const once = sanitizeHtml(input)
      expect(sanitizeHtml(once)).toBe(once)
    }
  })
})

describe('isBlankHtml', () => {
  it.each([
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp; </p>', true],
    ['', true],
    ['<p>x</p>', false],
  ])('%s → %s', (input, blank) => {
    expect(isBlankHtml(input)).toBe(blank)
  })
})
