import { describe, expect, it } from 'vitest'
import {
  PAGES_CACHE,
  bookCacheName,
  bookIdOfCache,
  buildOfChunkEtag,
  cachesToDelete,
  chunkCacheKey,
  mayKeep,
  offlineShellStatus,
  pageCacheKey,
  pageGoneBy,
  pageOfAddress,
  requestedBuild,
  shellCacheName,
  strategyFor,
} from './offline-rules.ts'

const origin = 'https://encyclopedia.example'
const get = (path: string, mode = 'cors', extra: { method?: string; offlineCopy?: boolean; origin?: string } = {}) =>
  strategyFor({
    method: extra.method ?? 'GET',
    url: `${extra.origin ?? origin}${path}`,
    origin,
    mode,
    offlineCopy: extra.offlineCopy,
  })

describe('which requests the service worker answers, and how', () => {
  it.each([
    ['/content/12', 'navigate', 'navigate'],
    ['/book/3', 'navigate', 'navigate'],
    ['/', 'navigate', 'navigate'],
    ['/term/5', 'navigate', 'navigate'],
    ['/assets/index-AbC123.js', 'cors', 'asset'],
    ['/assets/index-AbC123.css', 'no-cors', 'asset'],
    ['/icons/icon-192.png', 'no-cors', 'asset'],
    ['/manifest.webmanifest', 'cors', 'asset'],
    ['/api/content/12/chunks?chunk=1&size=600&build=44', 'cors', 'chunk'],
    ['/api/content/12/chunks?chunk=0&size=600', 'cors', 'chunk'],
    ['/api/content/12/summary', 'cors', 'network-first'],
    ['/api/content/12/toc', 'cors', 'network-first'],
    ['/api/content/12/locate?anchor=x&size=600', 'cors', 'network-first'],
    ['/api/content/12?body=false', 'cors', 'network-first'],
    ['/api/books', 'cors', 'network-first'],
    ['/api/books/3/cover?v=abc', 'no-cors', 'network-first'],
    ['/api/chapters/4', 'cors', 'network-first'],
    ['/api/chapters/4/content', 'cors', 'network-first'],
    ['/api/terms/9', 'cors', 'network-first'],
    ['/api/terms?page=2', 'cors', 'network-first'],
    ['/api/site', 'cors', 'network-first'],
  ])('%s (%s) → %s', (path, mode, strategy) => {
    expect(get(path, mode)).toBe(strategy)
  })

  it.each([
    // an administrator's screens and login, and anything they ask
    ['/admin', 'navigate'],
    ['/admin/content/edit/4', 'navigate'],
    ['/auth', 'navigate'],
    ['/api/admin/feedback', 'cors'],
    ['/api/user', 'cors'],
    ['/api/login', 'cors'],
    // a page with its whole body (the editor's), search and find answer live
    ['/api/content/12', 'cors'],
    ['/api/content/12?body=true', 'cors'],
    ['/api/search?q=x', 'cors'],
    ['/api/content/12/find?q=x', 'cors'],
    ['/api/export/book/3.epub', 'cors'],
    // pictures: a page may be unpublished, and only the server knows who may have one (decision 045)
    ['/api/images/7?v=0123456789abcdef', 'no-cors'],
    ['/api/images/7?v=0123456789abcdef', 'cors'],
    // the worker itself and the print view
    ['/sw.js', 'cors'],
    ['/content/12?print=1', 'navigate'],
    ['/api/content/12/summary', 'navigate'],
  ])('lets %s (%s) through untouched', (path, mode) => {
    expect(get(path, mode)).toBe('pass')
  })

  it('lets writes, other origins and a book being saved through untouched', () => {
    expect(get('/api/content/12/summary', 'cors', { method: 'POST' })).toBe('pass')
    expect(get('/api/content/12/summary', 'cors', { method: 'HEAD' })).toBe('pass')
    expect(get('/api/content/12/summary', 'cors', { origin: 'https://elsewhere.example' })).toBe('pass')
    expect(get('/api/content/12/chunks?chunk=0&size=600', 'cors', { offlineCopy: true })).toBe('pass')
  })
})

describe('what may be kept', () => {
  it("keeps a visitor's whole answers, never a session's (private) or a failure", () => {
    expect(mayKeep({ status: 200, cacheControl: 'no-store' })).toBe(true)
    expect(mayKeep({ status: 200, cacheControl: 'public, max-age=31536000, immutable' })).toBe(true)
    expect(mayKeep({ status: 200, cacheControl: null })).toBe(true)
    expect(mayKeep({ status: 200, cacheControl: 'private, no-store' })).toBe(false)
    expect(mayKeep({ status: 200, cacheControl: 'private, no-cache' })).toBe(false)
    expect(mayKeep({ status: 200, cacheControl: 'no-cache, PRIVATE' })).toBe(false)
    for (const status of [204, 206, 304, 404, 409, 500, 503]) {
      expect(mayKeep({ status, cacheControl: 'public, no-cache' }), String(status)).toBe(false)
    }
  })
})

describe('cache names', () => {
  it('names one shell per build, one cache per saved book and one for pages opened', () => {
    expect(shellCacheName('3f2a')).toBe('epl-shell-3f2a')
    expect(bookCacheName(7)).toBe('epl-book-7')
    expect(bookIdOfCache('epl-book-7')).toBe(7)
    expect(bookIdOfCache('epl-book-x')).toBeNull()
    expect(bookIdOfCache(PAGES_CACHE)).toBeNull()
  })

  it("deletes older builds' shells and older pages caches, never saved books or others' caches", () => {
    const names = ['epl-shell-old', 'epl-shell-new', PAGES_CACHE, 'epl-pages-v0', 'epl-book-3', 'other-app']
    expect(cachesToDelete(names, 'new')).toEqual(['epl-shell-old', 'epl-pages-v0'])
    expect(cachesToDelete(['epl-shell-new', 'epl-book-1'], 'new')).toEqual([])
  })
})

describe('chunk keys and builds', () => {
  it('keeps a chunk under its page, number and size, whatever build it was asked for by', () => {
    const byBuild = chunkCacheKey(`${origin}/api/content/12/chunks?size=600&build=44&chunk=3`)
    const plain = chunkCacheKey(`${origin}/api/content/12/chunks?chunk=3&size=600`)
    expect(byBuild).toBe(`${origin}/api/content/12/chunks?chunk=3&size=600`)
    expect(plain).toBe(byBuild)
    expect(chunkCacheKey(`${origin}/api/content/12/chunks?chunk=4&size=600`)).not.toBe(byBuild)
  })

  it('reads the build a request names and the build an answer carries', () => {
    expect(requestedBuild(`${origin}/api/content/12/chunks?chunk=1&size=600&build=44`)).toBe(44)
    expect(requestedBuild(`${origin}/api/content/12/chunks?chunk=1&size=600`)).toBeNull()
    expect(requestedBuild(`${origin}/api/content/12/chunks?chunk=1&build=abc`)).toBeNull()
    expect(buildOfChunkEtag('"c12-v3-b44-n1-s600-br"')).toBe(44)
    expect(buildOfChunkEtag('W/"c12-v3-b44-n1-s600"')).toBe(44)
    expect(buildOfChunkEtag('"c12-v3-bnull-n0-s600"')).toBeNull()
    expect(buildOfChunkEtag(null)).toBeNull()
  })

  it("keeps a page's HTML under its address without the fragment", () => {
    expect(pageCacheKey(`${origin}/content/12#p-3`)).toBe(`${origin}/content/12`)
  })
})

describe('a page the server says is gone', () => {
  it('is told by a 404 to its metadata or title bar only', () => {
    expect(pageGoneBy(`${origin}/api/content/12/summary`, 404)).toBe(12)
    expect(pageGoneBy(`${origin}/api/content/12?body=false`, 404)).toBe(12)
    expect(pageGoneBy(`${origin}/api/content/12/summary`, 200)).toBeNull()
    expect(pageGoneBy(`${origin}/api/content/12/summary`, 503)).toBeNull()
    // An unknown anchor or a chunk past the end is not the page gone.
    expect(pageGoneBy(`${origin}/api/content/12/locate?anchor=x`, 404)).toBeNull()
    expect(pageGoneBy(`${origin}/api/content/12/chunks?chunk=99&size=600`, 404)).toBeNull()
    expect(pageGoneBy(`${origin}/api/books/12`, 404)).toBeNull()
  })

  it("finds every kept address of the page, and no other page's", () => {
    for (const url of [
      '/content/12',
      '/content/12?x=1',
      '/api/content/12?body=false',
      '/api/content/12/summary',
      '/api/content/12/toc',
      '/api/content/12/chunks?chunk=3&size=600',
    ]) {
      expect(pageOfAddress(`${origin}${url}`), url).toBe(12)
    }
    for (const url of ['/content/120', '/api/content/1/summary', '/book/12', '/api/chapters/12', '/']) {
      expect(pageOfAddress(`${origin}${url}`), url).not.toBe(12)
    }
  })
})

describe('the shell a navigation gets offline without a kept copy', () => {
  it.each([
    ['/', 200],
    ['/content/12', 200],
    ['/lexicon/', 200],
    ['/otsing?q=dukkha', 200],
    ['/metrics', 404],
    ['/foo/bar', 404],
    ['//lexicon', 404],
  ] as const)('%s is %i, as the server answers it', (path, status) => {
    expect(offlineShellStatus(`${origin}${path}`)).toBe(status)
  })
})
