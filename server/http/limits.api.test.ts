// Bounded input and HTTPS behaviour: bodies over their limits are refused with a clear 413, encoded
// bodies the server does not decode are refused, and behind a TLS proxy the cookie and HSTS follow.
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { loginAs, useTestApp } from '../test/test-app.ts'

const ctx = useTestApp()

describe('bounded input', () => {
  it('refuses a JSON body over the limit with 413', async () => {
    const cookie = await loginAs(ctx)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ feedback: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toHaveProperty('error')
  })

  it('refuses an upload chunk over its limit with 413 before reading it all', async () => {
    const cookie = await loginAs(ctx)
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/chunk',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ chunk: 'x'.repeat(3 * 1024 * 1024), chunkIndex: 0, totalChunks: 1, contentId: 'new' }),
    })
    expect(response.statusCode).toBe(413)
  })

  it('refuses a gzip-encoded body instead of inflating it', async () => {
    const bomb = gzipSync(Buffer.from(JSON.stringify({ feedback: 'x'.repeat(50 * 1024 * 1024) })))
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    })
    expect([400, 413, 415]).toContain(response.statusCode)
    expect((await ctx.app.inject({ url: '/api/health' })).statusCode).toBe(200)
  })
})
