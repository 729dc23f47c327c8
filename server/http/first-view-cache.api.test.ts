// A reader page's HTML is kept per summary and build (reader-page.ts), and the summary (the title bar) is
// kept while nothing changes, so a visitor's /content/{id} asks the database nothing and neither
// parses, fills nor hashes its first chunk again. What it is made of must still show at once: a
// new save, a renamed chapter, a renamed neighbour, unpublishing; on PostgreSQL also when another
// process makes the change.
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { uploadPage } from '../test/content-upload.ts'
import { makeChapter } from '../test/factories.ts'
import { queriesDuring } from '../test/queries.ts'
import { clientDirWithFirstView } from '../test/client-dir.ts'
import { loginAs, useTestApp } from '../test/test-app.ts'

const ctx = useTestApp({ clientDir: clientDirWithFirstView('first-view-cache') })

const page = (id: number) => ctx.app.inject({ url: `/content/${id}`, headers: { 'accept-encoding': 'identity' } })

describe('reader pages made once per summary and build', () => {
  it('answers the same bytes and ETag again, and shows every change at once', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database, { title: 'Esimene peatükk' })
    const first = await uploadPage(ctx.app, cookie, '<p>Vana tekst.</p>', { title: 'Leht', chapterId: chapter.id })
    expect(first.statusCode, first.body).toBe(200)
    const id = first.json().id as number

    const a = await page(id)
    const b = await page(id)
    expect(a.statusCode).toBe(200)
    expect(a.body).toContain('Vana tekst.')
    expect(a.body).toContain('Esimene peatükk')
    expect(b.body).toBe(a.body)
    expect(b.headers.etag).toBe(a.headers.etag)
    const revalidated = await ctx.app.inject({ url: `/content/${id}`, headers: { 'if-none-match': a.headers.etag! } })
    expect(revalidated.statusCode).toBe(304)

    // A new save: a new build, so the chunk and the ETag change.
    const saved = await uploadPage(
      ctx.app,
      cookie,
      '<p>Uus tekst.</p>',
      { title: 'Leht', chapterId: chapter.id, baseVersion: first.json().version },
      id,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const c = await page(id)
    expect(c.body).toContain('Uus tekst.')
    expect(c.body).not.toContain('Vana tekst.')
    expect(c.headers.etag).not.toBe(a.headers.etag)

    // The chapter renamed: the crumb changes though the page's build does not.
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/chapters/${chapter.id}`,
      headers: { cookie },
      payload: { title: 'Ümbernimetatud peatükk', bookId: chapter.bookId, order: 0 },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const d = await page(id)
    expect(d.body).toContain('Ümbernimetatud peatükk')
    expect(d.headers.etag).not.toBe(c.headers.etag)

    // A page after it published: the title bar's pager names it.
    const next = await uploadPage(ctx.app, cookie, '<p>Järgmine.</p>', {
      title: 'Järgmine leht',
      chapterId: chapter.id,
      order: 1,
    })
    expect(next.statusCode, next.body).toBe(200)
    const e = await page(id)
    expect(e.body).toContain('rel="next">Järgmine leht</a>')

    // Unpublished: no first view for visitors any more.
    const hidden = await uploadPage(
      ctx.app,
      cookie,
      '<p>Uus tekst.</p>',
      { title: 'Leht', chapterId: chapter.id, published: false, baseVersion: saved.json().version },
      id,
    )
    expect(hidden.statusCode, hidden.body).toBe(200)
    const f = await page(id)
    expect(f.body).not.toContain('Uus tekst.')
  })

  it('asks the database nothing for a page it has answered, until something changes', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database, { title: 'Mälus peatükk' })
    const saved = await uploadPage(ctx.app, cookie, '<p>Mälus tekst.</p>', { title: 'Mälus', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const id = saved.json().id as number
    expect((await page(id)).statusCode).toBe(200)
    const queries = await queriesDuring(ctx, async () => {
      for (let i = 0; i < 5; i++) expect((await page(id)).body).toContain('Mälus tekst.')
    })
    expect(queries).toBe(0)
    // A page that is not there is remembered as such too: a flood of made-up ids asks once each.
    expect((await page(id + 1000)).statusCode).toBe(404)
    expect(await queriesDuring(ctx, () => page(id + 1000))).toBe(0)
    // Any write asks again: here a book renamed.
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${chapter.bookId}`,
      headers: { cookie },
      payload: { title: 'Mälus raamat', description: '', order: 0 },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await page(id)).body).toContain('Mälus raamat')
  })

  it('shows a change another process made (PostgreSQL): a page, chapter or book renamed or moved', async () => {
    // The embedded database has no other process (the DATA_DIR lock).
    if (ctx.database.kind !== 'postgres') return
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database, { title: 'Teise peatükk' })
    const saved = await uploadPage(ctx.app, cookie, '<p>Teise tekst.</p>', {
      title: 'Teise leht',
      chapterId: chapter.id,
      order: 5,
    })
    const neighbour = await uploadPage(ctx.app, cookie, '<p>Naaber.</p>', {
      title: 'Naaber',
      chapterId: chapter.id,
      order: 9,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(neighbour.statusCode, neighbour.body).toBe(200)
    const id = saved.json().id as number
    expect((await page(id)).body).toContain('rel="next">Naaber</a>')
    expect(await queriesDuring(ctx, () => page(id))).toBe(0)

    const other = new pg.Client({ connectionString: ctx.database.connectionString })
    await other.connect()
    const shows = (text: string) => expect.poll(async () => (await page(id)).body, { timeout: 2_000 }).toContain(text)
    try {
      await other.query('UPDATE chapters SET title = $1 WHERE id = $2', ['Teises protsessis peatükk', chapter.id])
      await shows('Teises protsessis peatükk')
      await other.query('UPDATE books SET title = $1 WHERE id = $2', ['Teises protsessis raamat', chapter.bookId])
      await shows('Teises protsessis raamat')
      await other.query('UPDATE content SET title = $1 WHERE id = $2', ['Naaber teisest', neighbour.json().id])
      await shows('rel="next">Naaber teisest</a>')
      // The neighbour moved before the page: it is the previous page now.
      await other.query('UPDATE content SET "order" = 1 WHERE id = $1', [neighbour.json().id])
      await shows('rel="prev">Naaber teisest</a>')
    } finally {
      await other.end()
    }
  })
})
