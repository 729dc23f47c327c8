// @vitest-environment happy-dom
// Pictures survive the rich-text view: the pipeline's <img> comes back as it went in, and a page
// with pictures no longer has to open in the HTML view.
import { createDocument, getSchema } from '@tiptap/core'
import { describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES } from '#shared/limits.ts'
import { toEditorHtml, unsupportedMarkup } from './content-html.ts'
import { contentExtensions } from './content-schema.ts'
import { fileVerdict, imageFilesOf } from './image-files.ts'
import { storedImageAttributes } from './image-node.ts'
import { serializeContent } from './serialize-content.ts'

const schema = getSchema(contentExtensions)
const roundTrip = (text: string) => serializeContent(createDocument(toEditorHtml(text), schema), document)
const own = '/api/images/4?v=0123456789abcdef'

describe('pictures in the rich-text view', () => {
  it.each([
    `<p id="a1">Enne <img src="${own}" alt="Buddha kuju" width="800" height="600" loading="lazy" decoding="async"> pärast</p>`,
    `<p id="a2"><img src="${own}" alt="" width="10" height="10" loading="lazy" decoding="async"></p>`,
    '<p id="a3"><img src="https://example.org/kaugel.jpg" alt="kaugel"></p>',
  ])('keeps %s', (html) => {
    expect(unsupportedMarkup(html)).toEqual([])
    expect(roundTrip(html)).toBe(html)
  })

  it('inserts a stored picture with its address, alt text and size', () => {
    expect(storedImageAttributes({ url: own, width: 1600, height: 900 }, 'Lootos')).toEqual({
      src: own,
      alt: 'Lootos',
      width: '1600',
      height: '900',
    })
  })
})

describe('files offered to the editor', () => {
  it.each([
    [{ type: 'image/jpeg', name: 'a.jpg', size: 10 }, 'picture'],
    [{ type: '', name: 'FOTO.PNG', size: 10 }, 'picture'],
    [{ type: 'image/svg+xml', name: 'a.svg', size: 10 }, 'not-a-picture'],
    [{ type: 'application/pdf', name: 'a.jpg', size: 10 }, 'not-a-picture'],
    [{ type: 'image/webp', name: 'a.webp', size: IMAGE_MAX_BYTES + 1 }, 'too-large'],
  ] as const)('%o is %s', (file, verdict) => expect(fileVerdict(file)).toBe(verdict))

  it('takes the image files of a paste or drop', () => {
    const files = [new File(['x'], 'a.png', { type: 'image/png' }), new File(['x'], 'b.txt', { type: 'text/plain' })]
    expect(imageFilesOf(files).map((file) => file.name)).toEqual(['a.png'])
    expect(imageFilesOf(null)).toEqual([])
  })
})
