// Pictures through the HTML pipeline: the site's own keep their size and load lazily, other
// addresses are kept as written (decision 037), nothing of a picture reaches search text.
import { describe, expect, it } from 'vitest'
import { processPage } from './process-page.ts'
import { sanitizePageHtml } from './sanitize.ts'

const own = '/api/images/5?v=0123456789abcdef'

describe('pictures in page HTML', () => {
  it.each([
    [
      `<img src="${own}" alt="Kuju" width="800" height="600" onerror="x()">`,
      `<img src="${own}" alt="Kuju" width="800" height="600" loading="lazy" decoding="async">`,
    ],
    // Attributes already there are not doubled: processing its own output changes nothing.
    [
      `<img src="${own}" alt="" loading="eager" decoding="sync">`,
      `<img src="${own}" alt="" loading="lazy" decoding="async">`,
    ],
    ['<img src="https://example.org/a.jpg" alt="kaugel">', '<img src="https://example.org/a.jpg" alt="kaugel">'],
    ['<img src="javascript:alert(1)" alt="x">', '<img alt="x">'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    [`<img src="${own}" width="100%;x" height="12">`, `<img src="${own}" height="12" loading="lazy" decoding="async">`],
  ])('%s', (input, expected) => {
    expect(sanitizePageHtml(input)).toBe(expected)
    expect(sanitizePageHtml(expected)).toBe(expected)
  })

  it('leaves pictures out of search passages; the alt text is no passage text either', () => {
    const page = processPage({
      content: `<h2>Kujud</h2><p>Enne <img src="${own}" alt="Buddha kuju"> pärast</p><p><img src="${own}" alt="Üksi"></p>`,
    })
    const texts = page.passages.map((passage) => passage.text).join('\n')
    expect(texts).toContain('Enne pärast')
    expect(texts).not.toMatch(/api\/images|Buddha kuju|Üksi/)
    expect(page.blocks[1]).toContain(`src="${own}"`)
    const again = processPage({ content: page.processedContent })
    expect(again.processedContent).toBe(page.processedContent)
  })
})
