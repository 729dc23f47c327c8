// Saving and reading pages over HTTP the way the editor and the reader do, for API tests.
import { expect } from 'vitest'
import { UPLOAD_CHUNK_CHARS } from '#shared/limits.ts'
import type { App } from '../app.ts'

/** Saves a page the way the editor does: 51,200-character chunks, then finalize. */
export async function uploadPage(
  app: App,
  cookie: string,
  html: string,
  metadata: { title: string; chapterId: number; order?: number; published?: boolean; baseVersion?: number },
  contentId: 'new' | number = 'new',
) {
  const chunks: string[] = []
  for (let i = 0; i < html.length; i += UPLOAD_CHUNK_CHARS) chunks.push(html.slice(i, i + UPLOAD_CHUNK_CHARS))
  if (chunks.length === 0) chunks.push('')
  for (const [chunkIndex, chunk] of chunks.entries()) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/content/chunk',
      headers: { cookie },
      payload: { chunk, chunkIndex, totalChunks: chunks.length, contentId },
    })
    expect(response.statusCode, response.body).toBe(200)
  }
  return app.inject({
    method: 'POST',
    url: '/api/content/finalize',
    headers: { cookie },
    payload: { contentId, totalChunks: chunks.length, metadata: { order: 0, published: true, ...metadata } },
  })
}

/** Every chunk of a page, in order, as the reader asks for them. */
export async function readAllChunks(app: App, id: number, size: number, cookie?: string) {
  const parts: string[] = []
  let total = 1
  for (let n = 0; n < total; n++) {
    const response = await app.inject({
      url: `/api/content/${id}/chunks?chunk=${n}&size=${size}`,
      headers: cookie ? { cookie } : {},
    })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    total = body.totalChunks
    expect(body.hasMore).toBe(n < total - 1)
    parts.push(body.chunk)
  }
  return parts
}
