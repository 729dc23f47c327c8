import { describe, expect, it } from 'vitest'
import { imageHtml, readableSize } from './image-html.ts'

describe('the image library’s texts', () => {
  it('copies a picture as the <img> the editor inserts, its alt text escaped', () => {
    expect(
      imageHtml({ url: '/api/images/3?v=0123456789abcdef', alt: 'Kuju "suur" & <väike>', width: 800, height: 600 }),
    ).toBe(
      '<img src="/api/images/3?v=0123456789abcdef" alt="Kuju &quot;suur&quot; &amp; &lt;väike&gt;" width="800" height="600">',
    )
  })

  it.each([
    [10, '1 KB'],
    [150 * 1024, '150 KB'],
    [Math.round(2.5 * 1024 * 1024), '2,5 MB'],
  ])('%d bytes read as %s', (bytes, text) => expect(readableSize(bytes)).toBe(text))
})
