// Reader chunks answered from memory: no query once a page's state and chunk are known, compressed
// once, immutable when addressed by build, and never stale — also when the page is changed by
// another process (PostgreSQL: a trigger notifies every listening process) or while that listening
// connection is down.
import zlib from 'node:zlib'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queriesDuring as countQueries } from '../../../test/queries.ts'
import { postLongPage, useTestApp } from '../../../test/test-app.ts'
import { LISTENER_NAME } from './page-states.ts'
import { savePage } from '../pages/pages.service.ts'

const ctx = useTestApp()

const makePage = (published = true) => postLongPage(ctx, { paragraphs: 1500, words: 20, title: 'Mälust', published })

const chunkOf = (id: number, query: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/content/${id}/chunks?size=600&${query}`, headers })

const queriesDuring = (work: () => Promise<unknown>) => countQueries(ctx, work)

describe('reader chunks from memory', () => {
  it('answers a chunk it has answered before without asking the database', async () => {
    const { page } = await makePage()
    expect(page.buildId).toBeGreaterThan(0)
    expect((await chunkOf(page.id, 'chunk=1')).statusCode).toBe(200)
    const queries = await queriesDuring(async () => {
      for (let i = 0; i < 20; i++) {
        expect((await chunkOf(page.id, 'chunk=1')).statusCode).toBe(200)
        expect((await chunkOf(page.id, `chunk=1&build=${page.buildId}`)).statusCode).toBe(200)
      }
    })
    expect(queries).toBe(0)
  })

  it('while an administrator writes, serves what it kept without a query, keeps nothing new, forgets at the end', async () => {
    const { page, cookie } = await makePage()
    const other = await makePage()
    expect((await chunkOf(page.id, 'chunk=1')).statusCode).toBe(200)
    const states = ctx.app.state.content.pageStates
    states.writeStarted()
    let ended = false
    try {
      // kept before the write: no query, so a save is not queued behind readers on the one connection
      expect(await queriesDuring(() => chunkOf(page.id, 'chunk=1'))).toBe(0)
      // not kept before it: read from the database each time while the write runs
      expect(await queriesDuring(() => chunkOf(other.page.id, 'chunk=0'))).toBeGreaterThan(0)
      expect(await queriesDuring(() => chunkOf(other.page.id, 'chunk=0'))).toBeGreaterThan(0)
      await states.writeEnded()
      ended = true
    } finally {
      if (!ended) await states.writeEnded()
    }
    // the write ended: what was kept is read again (page-states.ts refreshes it), then kept
    await chunkOf(page.id, 'chunk=1')
    expect(await queriesDuring(() => chunkOf(page.id, 'chunk=1'))).toBe(0)
    // what was not kept before is read once, then kept
    expect(await queriesDuring(() => chunkOf(other.page.id, 'chunk=0'))).toBeGreaterThan(0)
    expect(await queriesDuring(() => chunkOf(other.page.id, 'chunk=0'))).toBe(0)
    // and a real save is seen by the next read
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${page.id}`,
      headers: { cookie },
      payload: {
        title: 'Mälust',
        chapterId: (await ctx.app.inject({ url: `/api/content/${page.id}?body=false` })).json().chapterId,
        content: '<p>uus</p>',
        published: true,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const after = await chunkOf(page.id, 'chunk=0')
    expect(after.json()).toMatchObject({ totalChunks: 1, buildId: saved.json().buildId })
    expect(after.json().chunk).toContain('uus')
  })

  it('after a write, the pages kept before are read again in one query, and their readers ask nothing more', async () => {
    const pages = [await makePage(), await makePage(), await makePage()]
    for (const { page } of pages) expect((await chunkOf(page.id, 'chunk=1')).statusCode).toBe(200)
    const states = ctx.app.state.content.pageStates
    const queries = await queriesDuring(async () => {
      states.writeStarted()
      await states.writeEnded()
      for (const { page } of pages) expect((await chunkOf(page.id, 'chunk=1')).statusCode).toBe(200)
    })
    // one query for all three (without the refresh: one per page, each waiting behind any upkeep)
    expect(queries).toBe(1)
  })

  it('what a write changed is what the refresh keeps: an unpublished page is not served', async () => {
    const [changed, unchanged] = [await makePage(), await makePage()]
    for (const { page } of [changed, unchanged]) expect((await chunkOf(page.id, 'chunk=1')).statusCode).toBe(200)
    const states = ctx.app.state.content.pageStates
    states.writeStarted()
    try {
      await ctx.database.db.execute(sql`UPDATE content SET published = false WHERE id = ${changed.page.id}`)
    } finally {
      await states.writeEnded()
    }
    expect((await chunkOf(changed.page.id, 'chunk=1')).statusCode).toBe(404)
    expect((await chunkOf(unchanged.page.id, 'chunk=1')).statusCode).toBe(200)
    expect(await queriesDuring(() => chunkOf(changed.page.id, 'chunk=1'))).toBe(0)
    expect((await chunkOf(changed.page.id, 'chunk=1')).statusCode).toBe(404)
  })

  it('staging a part of an upload changes no page: states stay kept, no query for readers', async () => {
    const { page, cookie } = await makePage()
    expect((await chunkOf(page.id, 'chunk=1')).statusCode).toBe(200)
    const staged = await ctx.app.inject({
      method: 'POST',
      url: '/api/content/chunk',
      headers: { cookie },
      payload: { chunk: '<p>osa</p>', chunkIndex: 0, totalChunks: 2, contentId: page.id },
    })
    expect(staged.statusCode, staged.body).toBe(200)
    expect(await queriesDuring(() => chunkOf(page.id, 'chunk=1'))).toBe(0)
    // any other administrator's write has what was kept read again as it ends (one query for all),
    // so its readers still ask nothing afterwards
    const other = await makePage()
    expect(other.page.id).not.toBe(page.id)
    await chunkOf(page.id, 'chunk=1')
    expect(await queriesDuring(() => chunkOf(page.id, 'chunk=1'))).toBe(0)
  })

  it('a save that committed before its request ended: a reader is never sent the build it removed', async () => {
    // The window the load drill found: the save's transaction has committed (the old build is gone)
    // but its request is still writing its answer, so the state kept from before names the old build.
    // What was made from that build before is still served (as if the reader came a moment earlier);
    // anything else is read from the new build, not failed on the old one.
    const { page } = await makePage()
    const chapterId = (await pageChapter(page.id)) ?? 0
    expect((await chunkOf(page.id, 'chunk=0')).statusCode).toBe(200)
    const admin = await ctx.database.db.execute<{ id: number; username: string }>(
      sql`SELECT id, username FROM users WHERE username = 'admin'`,
    )
    const states = ctx.app.state.content.pageStates
    states.writeStarted()
    try {
      const paragraphs = Array.from({ length: 1500 }, (_, i) => `<p id="p${i}">Uus lõik ${i}</p>`)
      const saved = await savePage(
        ctx.app.state.content,
        admin.rows[0]!,
        page.id,
        { title: 'Mälust', chapterId, order: 0, published: true },
        { content: paragraphs.join('\n') },
      )
      expect(saved.buildId).not.toBe(page.buildId)
      const chunk = await chunkOf(page.id, 'chunk=1')
      expect(chunk.statusCode, chunk.body).toBe(200)
      expect(chunk.json()).toMatchObject({ buildId: saved.buildId, chunk: expect.stringContaining('Uus lõik 600') })
      const last = await chunkOf(page.id, 'chunk=2')
      expect(last.statusCode, last.body).toBe(200)
      expect(last.json()).toMatchObject({ buildId: saved.buildId, hasMore: false })
      const located = await ctx.app.inject({ url: `/api/content/${page.id}/locate?anchor=p1400&size=600` })
      expect(located.statusCode, located.body).toBe(200)
      expect(located.json()).toEqual({ chunk: 2 })
    } finally {
      await states.writeEnded()
    }
  })

  it('sends br or gzip as the client accepts, compressed once, with its own ETag', async () => {
    const { page } = await makePage()
    const plain = await chunkOf(page.id, 'chunk=0')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i)
    const br = await chunkOf(page.id, 'chunk=0', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    const gzip = await chunkOf(page.id, 'chunk=0', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
    console.log(
      `chunk 0 of a 1,500-paragraph page: ${plain.rawPayload.length} B plain, ${gzip.rawPayload.length} B gzip, ${br.rawPayload.length} B br`,
    )
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3)
    // the same bytes again: from the cache of compressed chunks
    const again = await chunkOf(page.id, 'chunk=0', { 'accept-encoding': 'br' })
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true)
    const revalidated = await chunkOf(page.id, 'chunk=0', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag as string,
    })
    expect(revalidated.statusCode).toBe(304)
  })

  it('marks a chunk addressed by its build immutable, and answers 409 with the new build after a save', async () => {
    const { cookie, page } = await makePage()
    const addressed = await chunkOf(page.id, `chunk=0&build=${page.buildId}`)
    expect(addressed.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await chunkOf(page.id, 'chunk=0')).headers['cache-control']).toBe('public, no-cache')

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${page.id}`,
      headers: { cookie },
      payload: {
        title: 'Mälust',
        chapterId: (await pageChapter(page.id)) ?? 0,
        content: '<p>uus tekst</p>',
        published: true,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const newBuild = (saved.json() as { buildId: number }).buildId
    expect(newBuild).not.toBe(page.buildId)
    const stale = await chunkOf(page.id, `chunk=0&build=${page.buildId}`)
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ details: { buildId: newBuild } })
    expect(stale.headers['cache-control']).toBe('no-store')
    const fresh = await chunkOf(page.id, `chunk=0&build=${newBuild}`)
    expect(fresh.json()).toMatchObject({ chunk: expect.stringContaining('uus tekst'), totalChunks: 1 })
  })

  it('keeps drafts private, also addressed by build', async () => {
    const { cookie, page } = await makePage(false)
    expect((await chunkOf(page.id, `chunk=0&build=${page.buildId}`)).statusCode).toBe(404)
    const admin = await chunkOf(page.id, `chunk=0&build=${page.buildId}`, { cookie })
    expect(admin.statusCode).toBe(200)
    expect(admin.headers['cache-control']).toBe('private, no-cache')
  })

  it('serves a change at once: made here by an administrator, or by another process (PostgreSQL)', async () => {
    const { cookie, page } = await makePage()
    expect((await chunkOf(page.id, 'chunk=0')).statusCode).toBe(200)
    // An administrator's change in this process is seen by the very next read, on both databases.
    const setPublished = async (published: boolean) => {
      const chapterId = (await pageChapter(page.id)) ?? 0
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/content/${page.id}`,
        headers: { cookie },
        payload: { title: 'Mälust', chapterId, content: '<p>muudetud</p>', published },
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    await setPublished(false)
    expect((await chunkOf(page.id, 'chunk=0')).statusCode).toBe(404)
    await setPublished(true)
    expect((await chunkOf(page.id, 'chunk=0')).json()).toMatchObject({ chunk: expect.stringContaining('muudetud') })
    // The embedded database has no other process (the DATA_DIR lock); PostgreSQL's are told by it.
    if (ctx.database.kind !== 'postgres') return
    // Another process (or `npm run import`) unpublishes the page: a connection of its own.
    const other = new pg.Client({ connectionString: ctx.database.connectionString })
    await other.connect()
    try {
      await other.query('UPDATE content SET published = false WHERE id = $1', [page.id])
      await expect.poll(async () => (await chunkOf(page.id, 'chunk=0')).statusCode, { timeout: 2_000 }).toBe(404)

      // With the listening connection gone, nothing is kept: a change is seen at once.
      await other.query('UPDATE content SET published = true WHERE id = $1', [page.id])
      await expect.poll(async () => (await chunkOf(page.id, 'chunk=0')).statusCode, { timeout: 2_000 }).toBe(200)
      await other.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_NAME],
      )
      await new Promise((r) => setTimeout(r, 50))
      const before = await queriesDuring(() => chunkOf(page.id, 'chunk=0'))
      expect(before).toBeGreaterThan(0)
      // (the listener is reconnecting; a change now must still be seen by the very next read)
      await other.query('UPDATE content SET published = false WHERE id = $1', [page.id])
      expect((await chunkOf(page.id, 'chunk=0')).statusCode).toBe(404)
      // back to listening within a few seconds, and keeping again
      await other.query('UPDATE content SET published = true WHERE id = $1', [page.id])
      await expect
        .poll(
          async () => {
            await chunkOf(page.id, 'chunk=0')
            return queriesDuring(() => chunkOf(page.id, 'chunk=0'))
          },
          { timeout: 10_000, interval: 250 },
        )
        .toBe(0)
      await other.query('UPDATE content SET published = false WHERE id = $1', [page.id])
      await expect.poll(async () => (await chunkOf(page.id, 'chunk=0')).statusCode, { timeout: 2_000 }).toBe(404)
    } finally {
      await other.end()
    }
  })
})

async function pageChapter(id: number) {
  const rows = await ctx.database.db.execute<{ chapter_id: number }>(
    sql`SELECT chapter_id FROM content WHERE id = ${id}`,
  )
  return rows.rows[0]?.chapter_id
}
