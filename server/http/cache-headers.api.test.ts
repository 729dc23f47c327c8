// No API answer is kept by a browser or proxy unless its route allows it, and one that depends on
// the session varies by cookie, so a shared browser or a CDN never shows an administrator's view
// to a visitor.
import { describe, expect, it } from 'vitest'
import { loginAs, useTestApp } from '../test/test-app.ts'

const ctx = useTestApp()

describe('cache headers', () => {
  it('keeps every API answer out of caches unless the route says otherwise', async () => {
    const cookie = await loginAs(ctx)
    for (const [url, headers] of [
      ['/api/books', {}],
      ['/api/terms', {}],
      ['/api/search?q=x', {}],
      ['/api/nothing-here', {}],
    ] as const) {
      const answer = await ctx.app.inject({ url, headers })
      expect(answer.headers['cache-control'], url).toBe('no-store')
    }
    // Given to a session, they say private besides: the service worker never keeps those (decision 032).
    for (const url of ['/api/books', '/api/user', '/api/admin/feedback', '/api/admin/audit', '/api/terms']) {
      const answer = await ctx.app.inject({ url, headers: { cookie } })
      expect(answer.headers['cache-control'], url).toBe('private, no-store')
    }
  })

  it('lets proxies and browsers keep only what is the same for everyone', async () => {
    const cookie = await loginAs(ctx)
    // Visitors' chapter lists: five minutes (CHAPTER_CONTENT_CACHE_MS), but never served to a session from that entry.
    const book = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/books',
        payload: { title: 'B', description: '', order: 1 },
        headers: { cookie },
      })
    ).json()
    const chapter = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/chapters',
        payload: { bookId: book.id, title: 'C', description: '', order: 1 },
        headers: { cookie },
      })
    ).json()
    const visitor = await ctx.app.inject({ url: `/api/chapters/${chapter.id}/content` })
    expect(visitor.headers['cache-control']).toBe('public, max-age=300')
    expect(visitor.headers.vary).toMatch(/\bCookie\b/)
    const admin = await ctx.app.inject({ url: `/api/chapters/${chapter.id}/content`, headers: { cookie } })
    expect(admin.headers['cache-control']).toBe('private, no-store')
  })
})
