// What GET /api/content/{id} and finalize answer: the processed body beside the saved one, and
// errors whose details say what is wrong.
import zlib from 'node:zlib'
import { CONTENT_SIZE_LIMIT_BYTES, READER_CHUNK_SIZE } from '#shared/limits.ts'
import { Content } from '#shared/api/content.ts'
import { describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { users } from '../../../db/schema.ts'
import { readAllChunks, uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { reprocessAndWait } from '../../../test/reprocess.ts'
import { stageUploadChunk } from './upload-staging.service.ts'

const ctx = useTestApp()

const finalize = (cookie: string, body: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/content/finalize', headers: { cookie }, payload: body })

describe('GET /api/content/{id}', () => {
  it('answers processedContent: the chunks 0…n-1 joined with a newline, also after reprocessing', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    // 1,203 blocks: three chunks at the reader's size, the last one short
    const html = [
      '<h2>Opening</h2>',
      ...Array.from({ length: 1200 }, (_, i) => `<p>paragraph ${i} &amp; more</p>`),
      '<ul><li>one</li><li>two</li></ul>',
      '<p>end</p>',
    ].join('')
    const saved = await uploadPage(ctx.app, cookie, html, { title: 'Processed', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const id = saved.json().id
    const chunks = await readAllChunks(ctx.app, id, READER_CHUNK_SIZE)
    expect(chunks).toHaveLength(3)
    const joined = chunks.join('\n')
    expect(saved.json().processedContent).toBe(joined)

    for (const cookieOrNot of [undefined, cookie]) {
      const page = await ctx.app.inject({ url: `/api/content/${id}`, headers: cookieOrNot ? { cookie } : {} })
      expect(page.statusCode, page.body).toBe(200)
      expect(page.json().processedContent).toBe(joined)
      expect(page.json().processedContent).toMatch(/^<h2 id="opening">Opening<\/h2>\n<p id="[^"]+">paragraph 0/)
      expect(page.json().content).toContain('paragraph 1199')
    }

    // Without bodies: both are empty, the rest is there.
    const bare = await ctx.app.inject({ url: `/api/content/${id}?body=false` })
    expect(bare.json()).toMatchObject({ id, title: 'Processed', content: '', processedContent: '' })
    expect(bare.json().headers).toEqual([{ text: 'Opening', level: 2, id: 'opening' }])

    // Reprocessing makes a new build: processedContent follows it (from the blocks, not a stored copy).
    const reprocessed = await reprocessAndWait(ctx.app, cookie)
    expect(reprocessed.started.statusCode, reprocessed.started.body).toBe(202)
    expect(reprocessed.job.state).toBe('finished')
    const after = await ctx.app.inject({ url: `/api/content/${id}` })
    expect(after.json().processedContent).toBe((await readAllChunks(ctx.app, id, READER_CHUNK_SIZE)).join('\n'))
  })

  it('sends a stored block that holds markup the pipeline would not keep as the chunks send it: cleaned', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, cookie, '<p>one</p><p>two</p>', { title: 'Dirty', chapterId: chapter.id })
    const id = saved.json().id
    // A row written around the app (an SQL fix, a restore of an older rule's output).
    await ctx.database.db.execute(sql`
      UPDATE reader_blocks SET html = '<p id="x" onclick="alert(1)">two<script>alert(2)</script></p>'
      WHERE position = 1 AND build_id = (SELECT build_id FROM content WHERE id = ${id})`)
    const page = (await ctx.app.inject({ url: `/api/content/${id}` })).json()
    expect(page.processedContent).not.toMatch(/onclick|script/)
    expect(page.processedContent).toContain('<p id="x">two</p>')
    expect(page.processedContent).toBe((await readAllChunks(ctx.app, id, READER_CHUNK_SIZE)).join('\n'))
  })
})

describe('a large page is answered in pieces (http/json-pieces.ts), the same JSON', () => {
  it('finalize, PUT and GET send the Content of a 1 MB page as a stream that parses to the contract', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const html = Array.from({ length: 4000 }, (_, i) => `<p>Lõik ${i} "ṁ" 🙏 ${'sõna '.repeat(40)}</p>`).join('')
    const saved = await uploadPage(ctx.app, cookie, html, { title: 'Suur', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const streamed = (answer: { headers: Record<string, unknown> }) => {
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(answer.headers['content-length']).toBeUndefined() // sent in pieces, not as one string
    }
    streamed(saved)
    const page = Content.parse(saved.json())
    expect(page.content).toContain('Lõik 3999 "ṁ" 🙏')
    expect(page.processedContent).toBe((await readAllChunks(ctx.app, page.id, READER_CHUNK_SIZE, cookie)).join('\n'))

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${page.id}`,
      headers: { cookie },
      payload: { title: 'Suur', chapterId: chapter.id, content: html, published: true },
    })
    expect(put.statusCode, put.body).toBe(200)
    streamed(put)
    expect(Content.parse(put.json()).content).toBe(page.content)

    // compressed on the way, as any JSON answer
    const read = await ctx.app.inject({ url: `/api/content/${page.id}`, headers: { 'accept-encoding': 'br' } })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-encoding']).toBe('br')
    const text = zlib.brotliDecompressSync(read.rawPayload).toString()
    expect(Content.parse(JSON.parse(text))).toMatchObject({ id: page.id, content: page.content })
    // a small answer is one piece, with its length
    const bare = await ctx.app.inject({ url: `/api/content/${page.id}?body=false` })
    expect(bare.headers['content-length']).toBeDefined()
  })
})

describe('finalize errors carry details', () => {
  it('names the missing chunk indexes and how many were expected', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    for (const chunkIndex of [0, 2]) {
      const staged = await ctx.app.inject({
        method: 'POST',
        url: '/api/content/chunk',
        headers: { cookie },
        payload: { chunk: `<p>${chunkIndex}</p>`, chunkIndex, totalChunks: 5, contentId: 'new' },
      })
      expect(staged.statusCode, staged.body).toBe(200)
    }
    const response = await finalize(cookie, {
      contentId: 'new',
      totalChunks: 5,
      metadata: { title: 'Gaps', chapterId: chapter.id },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'The upload is incomplete: 2 of 5 chunks received',
      code: 'upload_incomplete',
      details: { expected: 5, received: 2, missingCount: 3, missing: [1, 3, 4] },
    })
  })

  it('says which chapter does not exist', async () => {
    const cookie = await loginAs(ctx)
    const staged = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/chunk',
      headers: { cookie },
      payload: { chunk: '<p>x</p>', chunkIndex: 0, totalChunks: 1, contentId: 'new' },
    })
    expect(staged.statusCode).toBe(200)
    const response = await finalize(cookie, {
      contentId: 'new',
      totalChunks: 1,
      metadata: { title: 'Nowhere', chapterId: 987_654 },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Please select a valid chapter',
      code: 'bad_request',
      details: { chapterId: 987_654 },
    })
  })

  it('gives the size and the limit of a page over 10 MB', async () => {
    const cookie = await loginAs(ctx, 'big-finalizer', 'big finalizer password')
    const chapter = await makeChapter(ctx.database)
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'big-finalizer'))
    // Two large chunks staged directly (one request may carry only 51,200 characters): 10 MB + 2 bytes.
    const half = CONTENT_SIZE_LIMIT_BYTES / 2
    const parts = [`<p>${'a'.repeat(half - 3)}`, `${'b'.repeat(half - 2)}</p>`]
    for (const [chunkIndex, chunk] of parts.entries()) {
      await stageUploadChunk(ctx.database.db, user!, { contentId: 'new', chunkIndex, totalChunks: 2, chunk })
    }
    const response = await finalize(cookie, {
      contentId: 'new',
      totalChunks: 2,
      metadata: { title: 'Too big', chapterId: chapter.id },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      error: 'The page is 10.0 MB; the limit is 10 MB.',
      code: 'too_large',
      details: { sizeBytes: CONTENT_SIZE_LIMIT_BYTES + 2, limitBytes: CONTENT_SIZE_LIMIT_BYTES },
    })
  })
})
