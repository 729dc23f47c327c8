// Reader chunks come in the reader's size only: chunks are cached by page, build, number and size,
// so every other size would be a cold copy that an anonymous client could make the server build.
import { describe, expect, it } from 'vitest'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { contentPages } from '../db/schema.ts'
import { processPage } from '../modules/content/processing/process-page.ts'
import { makeChapter, showProcessed } from '../test/factories.ts'
import { useTestApp } from '../test/test-app.ts'

const ctx = useTestApp()
const BLOCKS = 2 * READER_CHUNK_SIZE + 1

async function makeLongPage() {
  const chapter = await makeChapter(ctx.database)
  const html = Array.from({ length: BLOCKS }, (_, i) => `<p id="b${i}">Block ${i}</p>`).join('')
  const processed = processPage({ content: html })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({ chapterId: chapter.id, title: 'Long', content: processed.processedContent, published: true })
    .returning()
  await showProcessed(ctx.database.db, page!.id, processed)
  return page!.id
}

describe('reader chunk size', () => {
  let id: number

  it(`answers chunks of ${READER_CHUNK_SIZE} blocks, the reader's size, also when size is left out`, async () => {
    id = await makeLongPage()
    const sized = await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=1&size=${READER_CHUNK_SIZE}` })
    expect(sized.statusCode, sized.body).toBe(200)
    expect(sized.json()).toMatchObject({ hasMore: true, totalChunks: 3 })
    expect(sized.json().chunk).toContain(`id="b${READER_CHUNK_SIZE}"`)
    const unsized = await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=1` })
    expect(unsized.body).toBe(sized.body)
    const located = await ctx.app.inject({ url: `/api/content/${id}/locate?anchor=b${BLOCKS - 1}&size=600` })
    expect(located.json()).toEqual({ chunk: 2 })
  })

  it.each(['1', '2', '60', '599', '601', '1200', '5000', '0', '-600', '600.5', 'abc', '', '6e2x'])(
    'refuses size=%s with 400 and a JSON error, for chunks and for jumps',
    async (size) => {
      for (const url of [
        `/api/content/${id}/chunks?chunk=0&size=${size}`,
        `/api/content/${id}/locate?anchor=b0&size=${size}`,
      ]) {
        const response = await ctx.app.inject({ url })
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400)
        expect(response.json().error).toMatch(/size/)
      }
    },
  )
})
