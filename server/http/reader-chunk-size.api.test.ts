// Reader chunks come in any size from 1 to 600 blocks: chunk N of size S is blocks N·S … N·S+S-1,
// the links section with the last; the reader's 600 is kept in memory as before, other sizes are cut
// from the stored blocks and kept in a small place of their own, so they never push the reader's out.
// Anything else is a 400 with a JSON error that names `size`; a chunk past the end is a 404.
import { describe, expect, it } from 'vitest'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { contentPages } from '../db/schema.ts'
import { processPage } from '../modules/content/processing/process-page.ts'
import { chunkKey } from '../modules/content/reader/chunk-store.ts'
import { queriesDuring } from '../test/queries.ts'
import { makeChapter, showProcessed } from '../test/factories.ts'
import { useTestApp } from '../test/test-app.ts'

const ctx = useTestApp()
const BLOCKS = 2 * READER_CHUNK_SIZE + 1

async function makeLongPage() {
  const chapter = await makeChapter(ctx.database)
  const html =
    Array.from({ length: BLOCKS }, (_, i) => `<p id="b${i}">Block ${i}</p>`).join('') +
    '\n=== LINKS START ===\n<p id="n1">Märkus</p>'
  const processed = processPage({ content: html })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({
      chapterId: chapter.id,
      title: 'Long',
      content: processed.processedContent,
      linksContent: processed.linksContent,
      published: true,
    })
    .returning()
  const buildId = await showProcessed(ctx.database.db, page!.id, processed)
  return { id: page!.id, buildId }
}

const chunkOf = (id: number, query: string) => ctx.app.inject({ url: `/api/content/${id}/chunks?${query}` })

/** The ids of the blocks a chunk carries, in order. */
const blockIds = (chunk: string) => [...chunk.matchAll(/<p id="(b\d+)"/g)].map((m) => m[1])

describe('reader chunk size', () => {
  let page: { id: number; buildId: number }

  it(`answers chunks of ${READER_CHUNK_SIZE} blocks, the reader's size, also when size is left out`, async () => {
    page = await makeLongPage()
    const sized = await chunkOf(page.id, `chunk=1&size=${READER_CHUNK_SIZE}`)
    expect(sized.statusCode, sized.body).toBe(200)
    expect(sized.json()).toMatchObject({ hasMore: true, totalChunks: 3 })
    expect(blockIds(sized.json().chunk)).toEqual(
      Array.from({ length: READER_CHUNK_SIZE }, (_, i) => `b${READER_CHUNK_SIZE + i}`),
    )
    const unsized = await chunkOf(page.id, 'chunk=1')
    expect(unsized.body).toBe(sized.body)
    const located = await ctx.app.inject({ url: `/api/content/${page.id}/locate?anchor=b${BLOCKS - 1}&size=600` })
    expect(located.json()).toEqual({ chunk: 2 })
  })

  it.each([1, 4, 599, 600])(
    'size=%i: chunk N is blocks N·size … N·size+size-1, the links with the last',
    async (size) => {
      const totalChunks = Math.ceil(BLOCKS / size)
      expect(totalChunks).toBeGreaterThan(1)
      const pieces: string[] = []
      // The first two, one in the middle and the last two (reading all 1,201 chunks of size 1 is slow on PGlite).
      const middle = Math.floor(totalChunks / 2)
      for (const n of [...new Set([0, 1, middle, totalChunks - 2, totalChunks - 1])]) {
        const answer = await chunkOf(page.id, `chunk=${n}&size=${size}`)
        expect(answer.statusCode, answer.body).toBe(200)
        const body = answer.json()
        const last = n === totalChunks - 1
        expect(body).toMatchObject({ totalChunks, hasMore: !last, buildId: page.buildId })
        const from = n * size
        const to = Math.min(from + size, BLOCKS)
        expect(blockIds(body.chunk)).toEqual(Array.from({ length: to - from }, (_, i) => `b${from + i}`))
        if (last) expect(body.linksContent).toContain('Märkus')
        else expect(body).not.toHaveProperty('linksContent')
        pieces.push(body.chunk)
        // Asked again: the same bytes.
        expect((await chunkOf(page.id, `chunk=${n}&size=${size}`)).body).toBe(answer.body)
      }
      // The jump to a block names its chunk in that size.
      const located = await ctx.app.inject({ url: `/api/content/${page.id}/locate?anchor=b${BLOCKS - 1}&size=${size}` })
      expect(located.json()).toEqual({ chunk: totalChunks - 1 })
    },
  )

  it('answers a chunk past the end with 404 and a JSON error, for every size', async () => {
    for (const [size, total] of [
      [1, BLOCKS],
      [4, Math.ceil(BLOCKS / 4)],
      [600, 3],
    ] as const) {
      const answer = await chunkOf(page.id, `chunk=${total}&size=${size}`)
      expect(answer.statusCode, answer.body).toBe(404)
      expect(answer.json().error).toBe(`Chunk ${total} does not exist: the page has ${total} chunks`)
    }
  })

  it.each(['0', '601', 'x', '1200', '-600', '600.5', '', '6e2x', '1e9'])(
    'refuses size=%s with 400 and a JSON error naming size, for chunks and for jumps',
    async (size) => {
      for (const url of [
        `/api/content/${page.id}/chunks?chunk=0&size=${size}`,
        `/api/content/${page.id}/locate?anchor=b0&size=${size}`,
      ]) {
        const response = await ctx.app.inject({ url })
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400)
        expect(response.json().error).toMatch(/size must be a whole number of blocks from 1 to 600/)
      }
    },
  )

  it("keeps other sizes apart: a scan of size-1 chunks does not push the reader's chunks out", async () => {
    const store = ctx.app.state.content.chunks
    expect((await chunkOf(page.id, 'chunk=0&size=600')).statusCode).toBe(200)
    const readerKey = chunkKey(page.id, page.buildId, 0, 600)
    expect(store.get(readerKey)).toBeDefined()
    for (let n = 0; n < 60; n++) expect((await chunkOf(page.id, `chunk=${n}&size=1`)).statusCode).toBe(200)
    expect(store.get(readerKey)).toBeDefined()
    expect(store.get(chunkKey(page.id, page.buildId, 59, 1), 1)).toBeDefined()
    // Asked again, a size-1 chunk kept in its own place costs no query.
    expect(await queriesDuring(ctx, () => chunkOf(page.id, 'chunk=59&size=1'))).toBe(0)
  })
})
