import sanitizeHtmlLibrary from 'sanitize-html'
import { describe, expect, it } from 'vitest'
import { collectPlainText, safeStyle, safeUrl, sanitizePageHtml } from './sanitize.ts'
import { corpusPages, TINY_CORPUS } from './test-corpus.ts'

const LINK_URLS = { schemes: new Set(['http', 'https', 'mailto']), imageData: false }

describe('sanitizePageHtml keeps what word-processor exports need', () => {
  it.each([
    ['<p>a <strong>b</strong> <em>c</em> <i lang="pi">sati</i></p>'],
    ['<a href="#_ftn12" name="_ftnref12" id="_ftnref12">[12]</a>'],
    ['<a href="#_ftnref12" name="_ftn12" id="_ftn12">[12]</a> note'],
    ['<a data-term="cittaṃ">cittaṁ</a>'],
    ['<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">c</td></tr></tbody></table>'],
    ['<ol start="3"><li>x</li></ol><ul><li>y</li></ul><dl><dt>t</dt><dd>d</dd></dl>'],
    ['<blockquote><p>line<br>line</p></blockquote><hr>'],
    ['<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" width="10" height="10">'],
    ['<img src="https://example.org/a.jpg" alt="">'],
    [
      '<a href="mailto:a@b.ee">m</a> <a href="/term/12">t</a> <a href="page.html">r</a> <a href="https://x.ee/?a=1&amp;b=2">q</a>',
    ],
    ['<p style="text-align: center; margin-left: 2em">c</p>'],
    ['<p dir="ltr" title="t">x</p>'],
    ['<figure><img src="a.png"><figcaption>f</figcaption></figure><pre><code>x &lt; y</code></pre>'],
    ['<p>a &amp; b &lt;c&gt; “q” "d" \u00a0</p>'],
  ])('%s', (html) => {
    expect(sanitizePageHtml(html)).toBe(html)
  })
})

describe('sanitizePageHtml removes what is hostile', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<SCRIPT SRC=//x.ee/x.js></SCRIPT>ok', 'ok'],
    ['<p onclick="x()" onmouseover=y>a</p>', '<p>a</p>'],
    ['<img src=x onerror="alert(1)">', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" \tjavascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\nscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#x6A;avascript&colon;alert(1)">x</a>', '<a>x</a>'],
    // &#0; decodes to U+FFFD, which no scheme may contain: browsers read this as a relative path.
    ['<a href="javascript&#0;:alert(1)">x</a>', '<a href="javascript\uFFFD:alert(1)">x</a>'],
    ['<a href="\u0001javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    ['<img src="javascript:alert(1)">', '<img>'],
    ['<svg><script>alert(1)</script><text>t</text></svg>ok', 'ok'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">ok', 'ok'],
    ['<style>p { color: red }</style><noscript><p>n</p></noscript>ok', 'ok'],
    [
      '<form action="/x"><input name="a"><button>b</button><textarea>t</textarea><select><option>o</option></select></form>ok',
      'ok',
    ],
    [
      '<template><p>t</p></template><link rel="stylesheet" href="x"><meta http-equiv="refresh"><base href="//x">ok',
      'ok',
    ],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>ok', 'ok'],
    ['<p style="background-color: url(javascript:alert(1)); color: red">x</p>', '<p style="color: red">x</p>'],
    ['<p style="color: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<p style="color: e\\xpression(alert(1))">x</p>', '<p>x</p>'],
    ['<p style="position: fixed; top: 0">x</p>', '<p>x</p>'],
    ['<p style="color: red /* */">x</p>', '<p>x</p>'],
    ['<p lang="en&quot; onclick=&quot;x" dir="sideways">x</p>', '<p>x</p>'],
    ['<marquee>moving</marquee> <font color="red">font</font> <center>c</center>', 'moving font c'],
    ['<!-- comment --><?xml version="1.0"?><!DOCTYPE html>text<![CDATA[x]]>', 'text'],
    ['<p title="a &quot;b&quot; <c>">x</p>', '<p title="a &quot;b&quot; &lt;c&gt;">x</p>'],
    ['<td colspan="2; x" rowspan="-1">c</td>', '<td rowspan="-1">c</td>'],
    ['<a target="_blank" rel="opener" href="https://x.ee">x</a>', '<a href="https://x.ee">x</a>'],
    ['<p>a\u0000b</p>', '<p>a\uFFFDb</p>'],
    ['<html><head><title>Doc</title><style>x</style></head><body><p>body</p></body></html>', '<p>body</p>'],
  ])('%s → %s', (html, clean) => {
    expect(sanitizePageHtml(html)).toBe(clean)
  })

  it('closes unclosed tags and ignores stray closing tags', () => {
    expect(sanitizePageHtml('<p><strong>bold <em>both')).toBe('<p><strong>bold <em>both</em></strong></p>')
    expect(sanitizePageHtml('</div></em>text</p>')).toBe('text<p></p>')
    expect(sanitizePageHtml('<ul><li>a<li>b</ul>')).toBe('<ul><li>a</li><li>b</li></ul>')
  })

  it('survives 10,000 nested levels without blowing the stack, flattening the deepest', () => {
    const html = '<div>'.repeat(10_000) + 'deep' + '</div>'.repeat(10_000)
    const clean = sanitizePageHtml(html)
    expect(clean).toContain('deep')
    expect(clean.split('<div>').length - 1).toBe(128)
    expect(sanitizePageHtml(clean)).toBe(clean)
  })

  it('survives 10,000 unclosed nested elements', () => {
    const clean = sanitizePageHtml('<span><b>'.repeat(5_000) + 'x')
    expect(clean.endsWith('x' + '</b></span>'.repeat(64))).toBe(true)
  })
})

describe('sanitising is deterministic and idempotent', () => {
  const samples = [
    '<p>a &amp; b &lt;c&gt; &quot;q&quot; &copy &amp</p>',
    '<a href="https://x.ee/?a=1&b=2" title=\'single "quoted"\'>l</a>',
    '<b><i>x</b></i><p>unclosed<div>y',
    '<p style="COLOR:Red;;text-align:center ; foo: bar">s</p>',
    '<img src=" https://x.ee/a.png ">',
    '<a href="  #frag  ">f</a>',
    '<pre>\n\nx</pre>',
  ]
  it.each(samples)('%s', (html) => {
    const once = sanitizePageHtml(html)
    expect(sanitizePageHtml(once)).toBe(once)
    expect(sanitizePageHtml(html)).toBe(once)
  })

  it('keeps every real page unchanged on a second pass', () => {
    for (const page of corpusPages(TINY_CORPUS)) {
      const once = sanitizePageHtml(page.content)
      expect(sanitizePageHtml(once)).toBe(once)
    }
  })
})

// sanitize-html, a separate implementation of the same allowlist, must find nothing left to remove:
// if it did, sanitising its answer again would differ from our own answer.
describe('sanitize-html agrees the output is clean', () => {
  const libraryOptions: sanitizeHtmlLibrary.IOptions = {
    allowedTags: [
      'p',
      'br',
      'hr',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'small',
      'span',
      'div',
      'blockquote',
      'ul',
      'ol',
      'li',
      'dl',
      'dt',
      'dd',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'th',
      'td',
      'caption',
      'colgroup',
      'col',
      'a',
      'img',
      'figure',
      'figcaption',
      'pre',
      'code',
    ],
    allowedAttributes: {
      '*': ['id', 'title', 'lang', 'dir', 'class', 'style'],
      a: ['href', 'name', 'data-term'],
      img: ['src', 'alt', 'width', 'height'],
      td: ['colspan', 'rowspan', 'width', 'height'],
      th: ['colspan', 'rowspan', 'width', 'height'],
      table: ['width'],
      col: ['width'],
      colgroup: ['width'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedStyles: {
      '*': Object.fromEntries(
        [
          'text-align',
          'font-weight',
          'font-style',
          'text-decoration',
          'margin-left',
          'padding-left',
          'text-indent',
          'vertical-align',
          'color',
          'background-color',
        ].map((property) => [property, [/^[-#a-zA-Z0-9 .,%()+!]+$/]]),
      ),
    },
    nonTextTags: [
      'script',
      'style',
      'textarea',
      'option',
      'noscript',
      'iframe',
      'object',
      'embed',
      'template',
      'svg',
      'math',
      'title',
      'head',
    ],
  }
  const hostile = [
    '<p onclick="x()">a<script>alert(1)</script></p><a href="java&#x09;script:alert(1)">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=" onerror=x><img src="data:image/gif;base64,R0lGOD==">',
    '<svg><a href="javascript:alert(1)">s</a></svg><math><mi>m</mi></math><p style="color: red; position: absolute">c</p>',
    '<div><table><tr><td colspan="2" onmouseover="x">c</td></tr></table></div><font>f</font><iframe src="x"></iframe>',
    '<a href="&#x6A;avascript&colon;alert(1)" name="n" data-term="t" data-x="y">x</a><form><input></form>',
  ]
  it.each(hostile)('%s', (html) => {
    const ours = sanitizePageHtml(html)
    expect(sanitizePageHtml(sanitizeHtmlLibrary(ours, libraryOptions))).toBe(ours)
    for (const marker of [
      'script',
      'javascript',
      'onerror',
      'onclick',
      'onmouseover',
      'svg+xml',
      'iframe',
      'absolute',
    ]) {
      expect(ours).not.toContain(marker)
    }
  })

  it('on the real pages', () => {
    for (const page of corpusPages(TINY_CORPUS)) {
      const ours = sanitizePageHtml(page.content)
      expect(sanitizePageHtml(sanitizeHtmlLibrary(ours, libraryOptions))).toBe(ours)
    }
  })
})

describe('safeUrl', () => {
  it.each([
    ['https://example.org/a?b=1', 'https://example.org/a?b=1'],
    ['  /term/12  ', '/term/12'],
    ['#pali-text', '#pali-text'],
    ['relative/path:with-colon', 'relative/path:with-colon'],
    ['//example.org/x', '//example.org/x'],
    ['ftp://example.org/', null],
    ['JAVASCRIPT:alert(1)', null],
    ['java\u0000script:alert(1)', null],
    ['\u0000\u001fjavascript:alert(1)', null],
  ])('%j → %j', (url, safe) => {
    expect(safeUrl(url, LINK_URLS)).toBe(safe)
  })
})

describe('safeStyle', () => {
  it.each([
    ['text-align:center', 'text-align: center'],
    ['COLOR : #ff0000 ; font-weight: bold', 'color: #ff0000; font-weight: bold'],
    ['color: rgb(1, 2, 3)', 'color: rgb(1, 2, 3)'],
    ['width: 100px; float: left', null],
    ['color: red; background-color: URL(x)', 'color: red'],
    ['color: "red"', null],
    ['', null],
  ])('%j → %j', (style, safe) => {
    expect(safeStyle(style)).toBe(safe)
  })
})

describe('collectPlainText', () => {
  it('decodes text and separates blocks with spaces', () => {
    expect(collectPlainText('<h2>A &amp; B</h2><ul><li>one</li><li>t<em>w</em>o</li></ul>')).toBe('A & B one two')
  })
})

describe('every regex finishes 100 KB of adversarial input in under 50 ms', () => {
  const big = (unit: string): string => unit.repeat(Math.ceil(100_000 / unit.length))
  it.each([
    ['a URL of controls and spaces', () => safeUrl(big(' \t\u0001') + 'javascript:x', LINK_URLS)],
    ['a URL almost a scheme', () => safeUrl(big('a') + ':', LINK_URLS)],
    ['a URL of spaces around a letter', () => safeUrl(big(' ') + 'a' + big(' '), LINK_URLS)],
    ['image data', () => safeUrl('data:image/png;base64,' + big('A') + '!', { schemes: new Set(), imageData: true })],
    ['a style of colons', () => safeStyle(big('a:'))],
    ['a style of semicolons and spaces', () => safeStyle(big('color: ' + ' '.repeat(50) + ';'))],
    ['a style value of parentheses', () => safeStyle('color:' + big('('))],
    ['text to escape', () => sanitizePageHtml(big('&<>"'))],
    ['entities to decode', () => sanitizePageHtml(big('&#x6A;&amp'))],
    ['an attribute to escape', () => sanitizePageHtml(`<p title="${big('&quot;<>')}">x</p>`)],
    ['whitespace to collapse', () => collectPlainText(big(' \n\t x'))],
    [
      'attribute values to check',
      () =>
        sanitizePageHtml(
          `<ol start="${big('1')}" lang="${big('a-')}" dir="${big('l')}"><li><table width="${big('1.')}"><tr>` +
            `<td colspan="${big('9')}" height="${big('1')}%">x</td></tr></table></li></ol>`,
        ),
    ],
  ])('%s', (_name, run) => {
    // The best of five runs: a busy machine can pause any one run, but backtracking would slow them all.
    // On a machine busy with other work, 100 KB of plain text in the same run sets the bar instead.
    const best = (work: () => unknown) =>
      Math.min(
        ...Array.from({ length: 5 }, () => {
          const started = performance.now()
          work()
          return performance.now() - started
        }),
      )
    const plain = best(() => sanitizePageHtml(`<p>${big('plain words ')}</p>`))
    expect(best(run)).toBeLessThan(Math.max(50, 10 * plain))
  })
})

describe('class attributes', () => {
  it('are dropped, so page markup cannot borrow the interface’s utility classes', () => {
    expect(sanitizePageHtml('<p class="fixed inset-0 z-50">x</p>')).toBe('<p>x</p>')
  })
})
