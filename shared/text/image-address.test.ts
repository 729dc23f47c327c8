import { describe, expect, it } from 'vitest'
import { imagePath, outsideImageSources, ownImageId } from './image-address.ts'

describe('own picture addresses', () => {
  it.each([
    ['/api/images/12?v=0123456789abcdef', 12],
    [' /api/images/1?v=ffffffffffffffff ', 1],
    ['/api/images/12?v=0123456789ABCDEF', null],
    ['/api/images/12?v=0123', null],
    ['/api/images/0?v=0123456789abcdef', null],
    ['/api/images/12', null],
    ['https://example.org/api/images/12?v=0123456789abcdef', null],
    ['/api/images/12?v=0123456789abcdef&x=1', null],
  ])('%s → %s', (src, id) => expect(ownImageId(src)).toBe(id))

  it('makes the address it reads', () => expect(ownImageId(imagePath(7, 'abcdef0123456789'))).toBe(7))
})

describe('pictures the site will not show', () => {
  it('lists remote and other addresses once each, never its own pictures or inline data', () => {
    const html = [
      '<p><img src="/api/images/3?v=0123456789abcdef" alt="oma"></p>',
      '<p><img alt="kaugel" src="https://example.org/a.jpg?x=1&amp;y=2"></p>',
      "<img src='http://example.org/b.png'>",
      '<img src=pilt001.png>',
      '<img src="https://example.org/a.jpg?x=1&amp;y=2">',
      '<img src="data:image/png;base64,iVBORw0KGgo=">',
      '<img alt="no source">',
    ].join('\n')
    expect(outsideImageSources(html)).toEqual([
      'https://example.org/a.jpg?x=1&y=2',
      'http://example.org/b.png',
      'pilt001.png',
    ])
  })

  it('is empty for a page without pictures', () => expect(outsideImageSources('<p>tekst</p>')).toEqual([]))
})
