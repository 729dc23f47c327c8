import { describe, expect, it } from 'vitest'
import { libraryPages, testLibrary } from '../../../../test-support/library-source.ts'
import { uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { SAVE_PHASES } from '../processing/save-timing.ts'

const ctx = useTestApp()
const page = libraryPages(testLibrary('tiny').corpus)[0]!

/** `name;desc="…";dur=1.5, …` → { name: 1.5, … }, checking each metric's form. */
function metrics(header: unknown): Record<string, number> {
  expect(typeof header).toBe('string')
  const found: Record<string, number> = {}
  for (const metric of (header as string).split(', ')) {
    const match = /^([a-z]+)(?:;desc="[a-z ]+")?;dur=(\d+\.\d)$/.exec(metric)
    expect(match, metric).not.toBeNull()
    found[match![1]!] = Number(match![2])
  }
  return found
}

function expectWholeSave(header: unknown) {
  const found = metrics(header)
  expect(Object.keys(found)).toEqual([...SAVE_PHASES, 'total'])
  const { total, ...phases } = found
  // Each moment is in one phase: they add up to the total (each rounded to 0.1 ms).
  const sum = Object.values(phases).reduce((a, b) => a + b, 0)
  expect(Math.abs(sum - total!)).toBeLessThanOrEqual(0.05 * SAVE_PHASES.length + 0.1)
  // The work a save always does took time.
  for (const phase of ['sanitise', 'blocks', 'passages', 'build', 'commit'] as const) {
    expect(phases[phase], phase).toBeGreaterThan(0)
  }
  return found
}

describe('a save answers its phases in Server-Timing', () => {
  it('lists every phase of a chunked save with its duration, adding up to the total', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const first = await uploadPage(ctx.app, cookie, page.content, { title: 'Timed', chapterId: chapter.id })
    expect(first.statusCode, first.body).toBe(200)
    const created = expectWholeSave(first.headers['server-timing'])
    expect(created.staging).toBeGreaterThan(0)
    expect(created.summary).toBe(0) // a new page has nothing to compare with

    const id = first.json<{ id: number }>().id
    const second = await uploadPage(
      ctx.app,
      cookie,
      `${page.content}<p>One more.</p>`,
      { title: 'Timed', chapterId: chapter.id },
      id,
    )
    expect(second.statusCode, second.body).toBe(200)
    expect(expectWholeSave(second.headers['server-timing']).summary).toBeGreaterThan(0)
  })

  it('lists them for a page saved whole (POST and PUT)', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const body = { title: 'Whole', chapterId: chapter.id, order: 0, published: false }
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie },
      payload: { ...body, content: page.content },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(expectWholeSave(created.headers['server-timing']).staging).toBe(0)
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${created.json<{ id: number }>().id}`,
      headers: { cookie },
      payload: { ...body, content: `${page.content}<p>Again.</p>` },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expectWholeSave(updated.headers['server-timing'])
  })

  it('tells nobody who is not logged in', async () => {
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/finalize',
      payload: { contentId: 'new', totalChunks: 1, metadata: { title: 'x', chapterId: 1, order: 0, published: false } },
    })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['server-timing']).toBeUndefined()
  })
})
