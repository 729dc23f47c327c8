import { eq, inArray, sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { readerBlocks, readerBuilds, searchPassages, uploadChunks, users } from '../../../db/schema.ts'
import { readAllChunks, uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { libraryPages, testLibrary } from '../../../../test-support/library-source.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { createContentContext } from '../content-state.ts'
import { pageEditingRoutes } from './pages.routes.ts'
import { readChunk } from '../reader/reader.service.ts'
import { writeBuild } from '../reader/reader-builds.repo.ts'
import { removeStaleBuilds } from '../reader/reader-builds.service.ts'
import { STAGING_LIMITS, removeAbandonedUploads, stageUploadChunk } from './upload-staging.service.ts'
import { reprocessAndWait } from '../../../test/reprocess.ts'

const ctx = useTestApp()
/** The removals of superseded builds this app started, finished. */
const settleBackgroundWork = () => ctx.app.state.content.background.settle()
const corpusPages = libraryPages(testLibrary('tiny').corpus)

describe('saving pages through chunks', () => {
  it('saves every tiny-corpus page and reads it back in chunks that never split an element', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    for (const page of corpusPages) {
      const saved = await uploadPage(ctx.app, cookie, page.content, { title: page.title, chapterId: chapter.id })
      expect(saved.statusCode, saved.body).toBe(200)
      const body = saved.json()
      expect(body.title).toBe(page.title)
      expect(body.linksContent).toContain('Sources and references')
      expect(body.version).toBe(1)

      const parts = await readAllChunks(ctx.app, body.id, 600)
      // every chunk is whole elements: it parses to the same thing on its own
      for (const part of parts) expect(part.trim().startsWith('<')).toBe(true)
      const joined = parts.join('\n')
      // footnote anchors survive
      const markers = page.content.match(/id="_ftnref\d+"/g) ?? []
      for (const marker of markers) expect(joined).toContain(marker)
      // every internal link points at a heading id
      for (const [, target] of page.content.matchAll(/href="#([^"_][^"]*)"/g))
        expect(joined).toContain(`id="${target}"`)
      // headers follow the slug rule
      expect(body.headers.length).toBeGreaterThan(0)
      for (const header of body.headers) expect(header.id).toMatch(/^[a-z0-9-]+$/)
    }
  })

  it('treats a repeated chunk as a retry, not as more text', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const send = (chunk: string, chunkIndex: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/content/chunk',
        headers: { cookie },
        payload: { chunk, chunkIndex, totalChunks: 2, contentId: 'new' },
      })
    expect((await send('<p>first half ', 0)).json()).toMatchObject({ received: 1, totalChunks: 2, progress: 50 })
    await send('and the second</p>', 1)
    const again = await send('and the second</p>', 1)
    expect(again.json()).toMatchObject({ received: 2, progress: 100 })
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/finalize',
      headers: { cookie },
      payload: { contentId: 'new', totalChunks: 2, metadata: { title: 'Retry', chapterId: chapter.id } },
    })
    expect(done.statusCode, done.body).toBe(200)
    const parts = await readAllChunks(ctx.app, done.json().id, 600, cookie)
    expect(parts.join('')).toMatch(/<p id="[^"]+">first half and the second<\/p>/)
  })

  it('refuses to finalize an incomplete upload and keeps the staged chunks', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    await ctx.app.inject({
      method: 'POST',
      url: '/api/content/chunk',
      headers: { cookie },
      payload: { chunk: '<p>a</p>', chunkIndex: 0, totalChunks: 3, contentId: 'new' },
    })
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/finalize',
      headers: { cookie },
      payload: { contentId: 'new', totalChunks: 3, metadata: { title: 'Partial', chapterId: chapter.id } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(/incomplete/)
    expect(response.json().details.missing).toEqual([1, 2])
  })

  it('refuses a chunk index out of range and an upload whose chunk count changes', async () => {
    const cookie = await loginAs(ctx)
    const send = (chunkIndex: number, totalChunks: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/content/chunk',
        headers: { cookie },
        payload: { chunk: 'x', chunkIndex, totalChunks, contentId: 'new' },
      })
    expect((await send(3, 3)).statusCode).toBe(400)
    expect((await send(0, 3)).statusCode).toBe(200)
    expect((await send(1, 4)).statusCode).toBe(400)
  })

  it('refuses a page over 10 MB with 413', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const big = `<p>${'a'.repeat(10 * 1024 * 1024)}</p>`
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie },
      payload: { title: 'Too big', chapterId: chapter.id, content: big },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json().error).toMatch(/10 MB/)
  })

  it('needs a session for every write', async () => {
    for (const [method, url] of [
      ['POST', '/api/content'],
      ['PUT', '/api/content/1'],
      ['DELETE', '/api/content/1'],
      ['POST', '/api/content/chunk'],
      ['POST', '/api/content/finalize'],
      ['POST', '/api/admin/reprocess-headers'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: {} })).statusCode).toBe(401)
    }
  })
})

describe('versions', () => {
  it('keeps the previous text as a revision and refuses a save based on an old version', async () => {
    const cookie = await loginAs(ctx, 'editor-one')
    const chapter = await makeChapter(ctx.database)
    const first = await uploadPage(ctx.app, cookie, '<h2>One</h2><p>first text</p>', {
      title: 'V',
      chapterId: chapter.id,
    })
    const id = first.json().id
    const second = await uploadPage(
      ctx.app,
      cookie,
      '<h2>One</h2><p>second text</p>',
      { title: 'V', chapterId: chapter.id, baseVersion: 1 },
      id,
    )
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().version).toBe(2)

    const stale = await uploadPage(
      ctx.app,
      cookie,
      '<p>from an old tab</p>',
      { title: 'V', chapterId: chapter.id, baseVersion: 1 },
      id,
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.json().error).toMatch(/editor-one/)
    expect(stale.json().details).toMatchObject({ version: 2, updatedBy: 'editor-one' })

    const revisions = await ctx.app.inject({ url: `/api/content/${id}/revisions`, headers: { cookie } })
    expect(revisions.json().data).toEqual([expect.objectContaining({ version: 1, title: 'V', savedBy: 'editor-one' })])

    const forced = await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${id}`,
      headers: { cookie },
      payload: { title: 'V', chapterId: chapter.id, content: '<p>overwritten</p>', baseVersion: 1, overwrite: true },
    })
    expect(forced.statusCode, forced.body).toBe(200)
    expect(forced.json().version).toBe(3)
  })
})

describe('reading', () => {
  it('serves chunks with an ETag and answers 304 when unchanged', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    // 602 blocks: two chunks of the reader's size (600), the second holding the last two
    const html = Array.from({ length: 602 }, (_, i) => `<p>p${i}</p>`).join('')
    const saved = await uploadPage(ctx.app, cookie, html, { title: 'E', chapterId: chapter.id })
    const id = saved.json().id
    const first = await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=1&size=600` })
    expect(first.json()).toMatchObject({ hasMore: false, totalChunks: 2 })
    expect(first.json().chunk).toMatch(/^<p id="[^"]+">p600<\/p>\n<p id="[^"]+">p601<\/p>$/)
    const etag = first.headers.etag as string
    const again = await ctx.app.inject({
      url: `/api/content/${id}/chunks?chunk=1&size=600`,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect((await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=2&size=600` })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=-1&size=600` })).statusCode).toBe(400)
    expect((await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=0&size=601` })).statusCode).toBe(400)
    // Any size from 1 to 600 blocks: the last of 301 chunks of 2 holds the last two blocks.
    const pair = await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=300&size=2` })
    expect(pair.json()).toMatchObject({ hasMore: false, totalChunks: 301 })
    expect(pair.json().chunk).toBe(first.json().chunk)
  })

  it('locates the chunk holding an anchor, and 404s for an unknown one', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    // the tiny corpus's first page behind 1,000 paragraphs, so its notes are not in chunk 0
    const page = corpusPages[0]!
    const filler = Array.from({ length: 1000 }, (_, i) => `<p>f${i}</p>`).join('\n')
    const saved = await uploadPage(ctx.app, cookie, `${filler}\n${page.content}`, {
      title: page.title,
      chapterId: chapter.id,
    })
    const id = saved.json().id
    const parts = await readAllChunks(ctx.app, id, 600)
    const located = await ctx.app.inject({ url: `/api/content/${id}/locate?anchor=_ftn1&size=600` })
    expect(located.statusCode, located.body).toBe(200)
    expect(located.json().chunk).toBeGreaterThan(0)
    expect(parts[located.json().chunk]).toContain('id="_ftn1"')
    expect((await ctx.app.inject({ url: `/api/content/${id}/locate?anchor=nope&size=600` })).statusCode).toBe(404)
  })

  it('hides unpublished pages from visitors but not from administrators', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, cookie, '<p>draft</p>', {
      title: 'Draft',
      chapterId: chapter.id,
      published: false,
    })
    const id = saved.json().id
    for (const url of [
      `/api/content/${id}`,
      `/api/content/${id}/chunks?chunk=0`,
      `/api/content/${id}/locate?anchor=x`,
    ]) {
      expect((await ctx.app.inject({ url })).statusCode).toBe(404)
    }
    expect((await ctx.app.inject({ url: `/api/content/${id}`, headers: { cookie } })).json().content).toContain('draft')
    const withoutBody = await ctx.app.inject({ url: `/api/content/${id}?body=false`, headers: { cookie } })
    expect(withoutBody.json()).toMatchObject({ id, title: 'Draft', content: '' })
    const list = await ctx.app.inject({ url: `/api/content?chapterId=${chapter.id}` })
    expect(list.json()).toEqual([])
    const adminList = await ctx.app.inject({ url: `/api/content?chapterId=${chapter.id}`, headers: { cookie } })
    expect(adminList.json()).toEqual([{ id, title: 'Draft', order: 0, published: false }])
    const items = await ctx.app.inject({ url: `/api/chapters/${chapter.id}/content` })
    expect(items.json()).toEqual({ items: [] })
    expect(items.headers['cache-control']).toBe('public, max-age=300')
    expect(items.headers.vary).toMatch(/Cookie/)
    const adminItems = await ctx.app.inject({ url: `/api/chapters/${chapter.id}/content`, headers: { cookie } })
    expect(adminItems.json()).toEqual({ items: [{ id, title: 'Draft' }] })
    expect(adminItems.headers['cache-control']).toBe('private, no-store')
    expect(adminItems.headers.vary).toMatch(/Cookie/)
  })

  it('deletes a page with its blocks', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, cookie, '<p>gone soon</p>', { title: 'Gone', chapterId: chapter.id })
    const id = saved.json().id
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/content/${id}`, headers: { cookie } })).statusCode,
    ).toBe(204)
    expect((await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=0` })).statusCode).toBe(404)
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/content/${id}`, headers: { cookie } })).statusCode,
    ).toBe(404)
  })

  it('reprocesses every page and says how many', async () => {
    const cookie = await loginAs(ctx)
    const { started, job } = await reprocessAndWait(ctx.app, cookie)
    expect(started.statusCode, started.body).toBe(202)
    expect(job.message).toMatch(/^Headers reprocessed in \d+ pages?/)
    expect(job.failedIds).toEqual([])
  })
})

describe('reader builds (a save writes the new reader data first, then switches the page to it)', () => {
  const buildsOf = async (contentId: number) =>
    (
      await ctx.database.db.execute<{ id: number; blocks: number }>(
        sql`SELECT b.id, (SELECT count(*)::int FROM reader_blocks r WHERE r.build_id = b.id) AS blocks
            FROM reader_builds b WHERE b.content_id = ${contentId} ORDER BY b.id`,
      )
    ).rows
  const unclaimedBuilds = async () =>
    (
      await ctx.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM reader_builds b WHERE NOT EXISTS (SELECT 1 FROM content c WHERE c.build_id = b.id)`,
      )
    ).rows[0]!.n

  it('keeps exactly the build the page shows: the one before goes, a refused save leaves none', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const first = await uploadPage(ctx.app, cookie, '<p>a</p><p>b</p>', { title: 'B1', chapterId: chapter.id })
    const id = first.json().id
    const [before] = await buildsOf(id)
    expect(before).toMatchObject({ blocks: 2 })
    const second = await uploadPage(
      ctx.app,
      cookie,
      '<p>a</p><p>b</p><p>c</p>',
      { title: 'B1', chapterId: chapter.id },
      id,
    )
    expect(second.statusCode, second.body).toBe(200)
    await settleBackgroundWork() // the build shown before is removed after the answer
    const after = await buildsOf(id)
    expect(after).toEqual([{ id: expect.any(Number), blocks: 3 }])
    expect(after[0]!.id).not.toBe(before!.id)
    expect(second.json().content).toBe((await readAllChunks(ctx.app, id, 600)).join('\n'))

    const stale = await uploadPage(
      ctx.app,
      cookie,
      '<p>old tab</p>',
      { title: 'B1', chapterId: chapter.id, baseVersion: 1 },
      id,
    )
    expect(stale.statusCode).toBe(409)
    expect(await buildsOf(id)).toEqual(after)
    expect(await unclaimedBuilds()).toBe(0)
  })

  it('removes a build whose writing failed half-way', async () => {
    const before = await unclaimedBuilds()
    const page = {
      blocks: ['<p id="a">fine</p>'],
      anchorIndex: '[["a",0]]',
      headers: [],
      citations: '',
      linksContent: null,
      // PostgreSQL refuses U+0000 in text (the pipeline never makes one): the passages' statement fails.
      passages: [{ block: 0, anchor: 'a', heading: '', text: 'not\u0000storable' }],
      termUses: [],
    }
    await expect(writeBuild(ctx.database.db, page)).rejects.toThrow()
    expect(await unclaimedBuilds()).toBe(before)
  })

  it('answers a chunk asked for just before a save switched builds with the new text', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, cookie, '<p>old one</p><p>old two</p>', {
      title: 'Race',
      chapterId: chapter.id,
    })
    const id = saved.json().id
    const pending = await readChunk(ctx.app.state.content, id, 0, 1, { canSeeDrafts: false }) // the page's state is read here…
    await uploadPage(ctx.app, cookie, '<p>new one</p><p>new two</p>', { title: 'Race', chapterId: chapter.id }, id)
    await settleBackgroundWork()
    expect(JSON.parse(await pending.json()).chunk).toContain('new one') // …the old build is gone by now
  })

  it('removes builds a stopped server left behind, but not one a save may still be writing', async () => {
    const { db } = ctx.database
    const [old] = await db
      .insert(readerBuilds)
      .values({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .returning()
    const [young] = await db.insert(readerBuilds).values({}).returning()
    await db.insert(readerBlocks).values([
      { buildId: old!.id, position: 0, html: '<p>left over</p>' },
      { buildId: young!.id, position: 0, html: '<p>being written</p>' },
    ])
    await db.insert(searchPassages).values({ buildId: old!.id, position: 0, anchor: 'a', text: 'left over' })
    await removeStaleBuilds(db)
    const left = await db
      .select({ id: readerBuilds.id })
      .from(readerBuilds)
      .where(inArray(readerBuilds.id, [old!.id, young!.id]))
    expect(left).toEqual([{ id: young!.id }])
    expect(await db.select().from(readerBlocks).where(eq(readerBlocks.buildId, old!.id))).toEqual([])
    expect(await db.select().from(searchPassages).where(eq(searchPassages.buildId, old!.id))).toEqual([])
    await db.delete(readerBuilds).where(eq(readerBuilds.id, young!.id))
  })
})

describe('upload staging bounds', () => {
  const stageOverHttp = (cookie: string, contentId: 'new' | number, chunkIndex = 0, chunk = '<p>x</p>') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/content/chunk',
      headers: { cookie },
      payload: { chunk, chunkIndex, totalChunks: 2, contentId },
    })
  const userId = async (username: string) =>
    (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id
  const stagedOf = async (id: number) => ctx.database.db.select().from(uploadChunks).where(eq(uploadChunks.userId, id))

  it('lets a user start at most 5 uploads, even when the requests come in parallel', async () => {
    const cookie = await loginAs(ctx, 'stager', 'stager password 1')
    const targets = Array.from({ length: 9 }, (_, i) => 900_000 + i)
    const answers = await Promise.all(targets.map((target) => stageOverHttp(cookie, target)))
    const refused = answers.filter((a) => a.statusCode === 429)
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(STAGING_LIMITS.uploads)
    expect(refused).toHaveLength(targets.length - STAGING_LIMITS.uploads)
    expect(refused[0]!.headers['content-type']).toMatch(/application\/json/)
    expect(refused[0]!.json().error).toMatch(/5 unfinished uploads/)
    const staged = await stagedOf(await userId('stager'))
    expect(new Set(staged.map((row) => row.target)).size).toBe(STAGING_LIMITS.uploads)
    // an upload already started goes on (and may start again), and other users are not affected
    const started = staged[0]!.target
    expect((await stageOverHttp(cookie, Number(started), 1)).statusCode).toBe(200)
    expect((await stageOverHttp(cookie, Number(started), 0)).statusCode).toBe(200)
    const other = await loginAs(ctx, 'other-stager', 'stager password 2')
    expect((await stageOverHttp(other, 'new')).statusCode).toBe(200)
    // finishing one leaves room for another
    await ctx.database.db.delete(uploadChunks).where(eq(uploadChunks.target, started))
    expect((await stageOverHttp(cookie, 'new')).statusCode).toBe(200)
  })

  it('never lets parallel chunks pass the bytes a user may stage', async () => {
    await loginAs(ctx, 'byte-stager', 'stager password 3')
    const user = { id: await userId('byte-stager'), username: 'byte-stager' }
    const limits = { uploads: 5, bytes: 1000, uploadBytes: 700 }
    const chunk = 'ā'.repeat(75) // 150 bytes
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        stageUploadChunk(
          ctx.database.db,
          user,
          { contentId: 800_000 + (i % 3), chunkIndex: Math.floor(i / 3) + 1, totalChunks: 9, chunk },
          limits,
        ),
      ),
    )
    const refused = attempts.filter((a) => a.status === 'rejected')
    const staged = await stagedOf(user.id)
    const bytes = staged.reduce((sum, row) => sum + Buffer.byteLength(row.chunk), 0)
    expect(bytes).toBeLessThanOrEqual(limits.bytes)
    expect(staged).toHaveLength(Math.floor(limits.bytes / 150))
    expect(refused).toHaveLength(12 - staged.length)
    for (const failure of refused) {
      const reason = (failure as PromiseRejectedResult).reason as { status: number; message: string }
      expect(reason.status).toBe(413)
      expect(reason.message).toMatch(/unfinished uploads hold/)
    }
    // a retry of a staged chunk replaces it, so it is not counted twice
    const again = staged[0]!
    await stageUploadChunk(
      ctx.database.db,
      user,
      { contentId: Number(again.target), chunkIndex: again.chunkIndex, totalChunks: 9, chunk },
      limits,
    )
  })

  it('refuses a chunk that names other totals or passes the page limit, and a refused chunk 0 changes nothing', async () => {
    await loginAs(ctx, 'total-stager', 'stager password 5')
    const user = { id: await userId('total-stager'), username: 'total-stager' }
    const limits = { uploads: 5, bytes: 10_000, uploadBytes: 300 }
    const stage = (chunkIndex: number, totalChunks: number, chunk = 'x'.repeat(100)) =>
      stageUploadChunk(ctx.database.db, user, { contentId: 700_001, chunkIndex, totalChunks, chunk }, limits)
    expect((await stage(0, 3)).received).toBe(1)
    expect((await stage(1, 3)).received).toBe(2)
    await expect(stage(2, 4)).rejects.toMatchObject({ status: 400, message: /totalChunks differs/ })
    await expect(stage(2, 3, 'x'.repeat(101))).rejects.toMatchObject({ status: 413 })
    expect((await stage(2, 3)).received).toBe(3)
    // a retry replaces its chunk: still 3
    expect((await stage(2, 3)).received).toBe(3)
    // chunk 0 of a new upload of the same page clears the old one, but not when it is refused
    await expect(stage(0, 3, 'x'.repeat(301))).rejects.toMatchObject({ status: 413 })
    expect(await stagedOf(user.id)).toHaveLength(3)
    expect((await stage(0, 2)).received).toBe(1)
    expect(await stagedOf(user.id)).toHaveLength(1)
    await ctx.database.db.delete(uploadChunks).where(eq(uploadChunks.userId, user.id))
  })

  it('removes staging nobody finalized on a timer of the app, and stops the timer when the app closes', async () => {
    await loginAs(ctx, 'sweep-stager', 'stager password 4')
    const user = { id: await userId('sweep-stager'), username: 'sweep-stager' }
    const stage = (contentId: number) =>
      stageUploadChunk(ctx.database.db, user, { contentId, chunkIndex: 0, totalChunks: 2, chunk: '<p>x</p>' })
    const age = (contentId: number) =>
      ctx.database.db
        .update(uploadChunks)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(uploadChunks.target, String(contentId)))
    await stage(700_001)
    await stage(700_002)
    await age(700_001)
    expect(await removeAbandonedUploads(ctx.database.db)).toBe(1)
    expect((await stagedOf(user.id)).map((row) => row.target)).toEqual(['700002'])

    // An app instance of its own, sweeping every 50 ms.
    const app = Fastify({ logger: false })
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    const content = createContentContext(ctx.database.db)
    await app.register(pageEditingRoutes, { db: ctx.database.db, content, stagingSweepMs: 50 })
    await app.ready()
    await age(700_002)
    const deadline = Date.now() + 5000
    while ((await stagedOf(user.id)).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    expect(await stagedOf(user.id)).toEqual([])
    await app.close()
    await stage(700_003)
    await age(700_003)
    await new Promise((r) => setTimeout(r, 300))
    expect((await stagedOf(user.id)).map((row) => row.target)).toEqual(['700003'])
    await removeAbandonedUploads(ctx.database.db)
  })
})
