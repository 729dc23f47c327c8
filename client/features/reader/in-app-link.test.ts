import { describe, expect, it } from 'vitest'
import { readerAddress } from './in-app-link.ts'

const here = 'https://example.org/content/3#p-1'

describe('readerAddress', () => {
  it.each([
    ['/content/5', '/content/5'],
    ['/content/5#p-abc', '/content/5#p-abc'],
    ['#fn-2', '/content/3#fn-2'],
    ['https://example.org/term/7', '/term/7'],
    ['/lexicon', '/lexicon'],
    ['/book/2', '/book/2'],
    ['/chapter/9', '/chapter/9'],
    ['/', '/'],
  ])('follows %s inside the app as %s', (href, address) => {
    expect(readerAddress(href, here)).toBe(address)
  })

  it.each([
    'https://suttacentral.net/sn55.37',
    '//other.example/content/5',
    '/content/5?print=1',
    '/admin/books',
    '/api/content/5',
    '/content/abc',
    'mailto:someone@example.org',
    'javascript:alert(1)',
    'http://[bad',
  ])('leaves %s to the browser', (href) => {
    expect(readerAddress(href, here)).toBeNull()
  })
})
