// The import's limits (issue 30): a 300-page document with 2,000 footnotes, three heading levels and
// five pictures converts and previews in at most 60 s with the process's peak RSS at most 1 GB, and
// the conversion does not hold the event loop (it runs in the processing worker). With E2E_LARGE=1
// at full size; `npm test` runs the same case at a tenth of it; `npm run bench` measures the full size
// on the server process as deployed (bench/word.ts).
import { monitorEventLoopDelay } from 'node:perf_hooks'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { WordPreview } from '#shared/api/word.ts'
import { uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { longDocument } from '../../../../test-support/word-documents.ts'

const LARGE = Boolean(process.env.E2E_LARGE)
const PAGES = LARGE ? 300 : 30
const FOOTNOTES = LARGE ? 2000 : 200
const LIMIT_MS = 60_000
const RSS_LIMIT_BYTES = 1024 * 1024 * 1024
/**
 * What the work may add to the process's RSS. The RSS before it is the harness's (vitest, the embedded
 * database's WebAssembly memory, the test's own document): on Node 24 it has been 650–870 MB before
 * anything was imported, against ~480 MB on Node 20. So every run bounds the growth, and the issue's
 * absolute 1 GB is checked at full size (E2E_LARGE=1) and by `npm run bench`.
 */
const GROWTH_LIMIT_BYTES = 512 * 1024 * 1024
const P99_MS = 100
const MAX_MS = 1000

const ctx = useTestApp()

function multipart(content: Buffer) {
  const boundary = '----vitest-word-large-boundary'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pikk.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Runs `work` while the event loop's delay and the process's RSS are sampled; checks and prints the figures. */
async function measured<T>(what: string, work: () => Promise<T>): Promise<T> {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  const startRss = process.memoryUsage.rss()
  let peakRss = startRss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50)
  histogram.enable()
  const started = performance.now()
  let result: T
  try {
    result = await work()
  } finally {
    histogram.disable()
    clearInterval(sampler)
  }
  const figures = {
    what,
    ms: Math.round(performance.now() - started),
    p99: Math.round(histogram.percentile(99) / 1e6),
    max: Math.round(histogram.max / 1e6),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    growthMb: Math.round((peakRss - startRss) / 1024 / 1024),
  }
  console.log(`[${process.env.TEST_DB}] ${PAGES} pages, ${FOOTNOTES} footnotes ${JSON.stringify(figures)}`)
  expect.soft(figures.ms, `${what}: duration`).toBeLessThan(LIMIT_MS)
  expect.soft(peakRss - startRss, `${what}: RSS growth`).toBeLessThan(GROWTH_LIMIT_BYTES)
  if (LARGE) expect.soft(peakRss, `${what}: peak RSS`).toBeLessThan(RSS_LIMIT_BYTES)
  expect.soft(figures.p99, `${what}: event loop delay p99`).toBeLessThan(P99_MS)
  expect.soft(figures.max, `${what}: longest event loop delay`).toBeLessThan(MAX_MS)
  return result
}

describe('a long Word document', { timeout: 10 * LIMIT_MS }, () => {
  it(`converts and previews ${PAGES} pages with ${FOOTNOTES} footnotes and 5 pictures within the limits`, async () => {
    const cookie = await loginAs(ctx)
    const pictures = await Promise.all(
      ['#8a3b12', '#12408a', '#3b8a12', '#8a1240', '#40128a'].map((background) =>
        sharp({ create: { width: 400, height: 300, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    )
    const file = await longDocument({ pages: PAGES, footnotes: FOOTNOTES, pictures })
    const body = multipart(file)
    const send = (query = '') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/word/preview${query}`,
        payload: body.payload,
        headers: { ...body.headers, cookie },
      })

    const response = await measured('preview', () => send())
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200)
    const result = response.json() as WordPreview
    expect(result.counts.footnotes).toEqual({ total: FOOTNOTES, unpaired: [] })
    expect(result.counts.pictures).toBe(5)
    expect(result.counts.paragraphs).toBe(PAGES * 10 + 5)
    expect(result.counts.headings[1]).toBe(PAGES / 3)
    expect(result.counts.headings[3]).toBeGreaterThan(0)

    // Over a page saved from it: the comparison of every block too.
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, cookie, result.html, { title: result.title, chapterId: chapter.id })
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200)
    const { id } = saved.json() as { id: number }
    const again = await measured('preview with comparison', () => send(`?contentId=${id}`))
    expect(again.statusCode, again.body.slice(0, 300)).toBe(200)
    const compare = (again.json() as WordPreview).compare!
    expect(compare.summary).toMatchObject({ added: 0, removed: 0, changed: 0 })
  })
})
