import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, books, contentPages, readerBlocks, readerBuilds, searchPassages } from '../../db/schema.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return { cookie }
}

async function makeBook(title: string, order = 0) {
  const [book] = await ctx.database.db.insert(books).values({ title, order }).returning()
  return book!
}

async function postChapter(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/chapters', payload, headers: await admin() })
}

describe('chapters', () => {
  it('round-trips a chapter: create (201), read with its book, update, delete', async () => {
    const book = await makeBook('Dīgha Nikāya')
    const other = await makeBook('Other')
    const created = await postChapter({ title: ' Sutta 1 ', description: 'About', bookId: String(book.id), order: '2' })
    expect(created.statusCode).toBe(201)
    const chapter = created.json()
    expect(chapter).toMatchObject({ title: 'Sutta 1', description: 'About', bookId: book.id, order: 2 })

    const read = await ctx.app.inject({ url: `/api/chapters/${chapter.id}` })
    expect(read.json()).toMatchObject({
      id: chapter.id,
      title: 'Sutta 1',
      book: { id: book.id, title: 'Dīgha Nikāya' },
    })

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/chapters/${chapter.id}`,
      headers: await admin(),
      payload: { title: 'Moved', description: '', bookId: other.id, order: 1 },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ title: 'Moved', description: null, bookId: other.id, order: 1 })

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/chapters/${chapter.id}`,
      headers: await admin(),
    })
    expect(deleted.statusCode).toBe(204)
    expect((await ctx.app.inject({ url: `/api/chapters/${chapter.id}` })).json()).toEqual({
      error: 'Chapter not found',
      code: 'not_found',
    })
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, chapter.id))
    expect(
      audit
        .filter((row) => row.entity === 'chapter')
        .map((row) => row.action)
        .sort(),
    ).toEqual(['create', 'delete', 'update'])
  })

  it('lists a book’s chapters in order, and all chapters with their books', async () => {
    const book = await makeBook('Listed', -100)
    const later = (await postChapter({ title: 'Later', bookId: book.id, order: 5 })).json()
    const sooner = (await postChapter({ title: 'Sooner', bookId: book.id, order: 1 })).json()
    const list = await ctx.app.inject({ url: `/api/chapters/list/${book.id}` })
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([sooner.id, later.id])
    expect(Object.keys(list.json()[0]).sort()).toEqual([
      'bookId',
      'createdAt',
      'description',
      'id',
      'order',
      'title',
      'updatedAt',
    ])

    const all = (await ctx.app.inject({ url: '/api/chapters' })).json() as { id: number; book: { title: string } }[]
    expect(all.slice(0, 2).map((c) => c.id)).toEqual([sooner.id, later.id])
    expect(all[0]!.book.title).toBe('Listed')

    const empty = await makeBook('Empty')
    expect((await ctx.app.inject({ url: `/api/chapters/list/${empty.id}` })).json()).toEqual([])
    expect((await ctx.app.inject({ url: '/api/chapters/list/999999' })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/chapters/list/abc' })).statusCode).toBe(400)
  })

  it('deleting a chapter deletes its pages, reader blocks and search passages, not its neighbours', async () => {
    const book = await makeBook('Cascade')
    const doomed = (await postChapter({ title: 'Doomed', bookId: book.id })).json()
    const kept = (await postChapter({ title: 'Kept', bookId: book.id })).json()
    const { db } = ctx.database
    const [page] = await db
      .insert(contentPages)
      .values({ chapterId: doomed.id, title: 'p', content: '<p>x</p>' })
      .returning()
    const [keptPage] = await db
      .insert(contentPages)
      .values({ chapterId: kept.id, title: 'k', content: '<p>k</p>' })
      .returning()
    const [build] = await db.insert(readerBuilds).values({ contentId: page!.id }).returning()
    await db.insert(readerBlocks).values({ buildId: build!.id, position: 0, html: '<p>x</p>' })
    await db.insert(searchPassages).values({ buildId: build!.id, position: 0, anchor: 'a', text: 'x' })

    await ctx.app.inject({ method: 'DELETE', url: `/api/chapters/${doomed.id}`, headers: await admin() })
    expect(await db.select().from(contentPages).where(eq(contentPages.id, page!.id))).toEqual([])
    expect(await db.select().from(readerBuilds).where(eq(readerBuilds.id, build!.id))).toEqual([])
    expect(await db.select().from(readerBlocks).where(eq(readerBlocks.buildId, build!.id))).toEqual([])
    expect(await db.select().from(searchPassages).where(eq(searchPassages.buildId, build!.id))).toEqual([])
    expect(await db.select().from(contentPages).where(eq(contentPages.id, keptPage!.id))).toHaveLength(1)
  })

  it('refuses a chapter of a book that does not exist, and changes nothing', async () => {
    const created = await postChapter({ title: 'Orphan', bookId: 999999 })
    expect(created.statusCode).toBe(400)
    expect(created.json().error).toBe('bookId: Book not found')
    const book = await makeBook('Home')
    const chapter = (await postChapter({ title: 'Stays', bookId: book.id })).json()
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/chapters/${chapter.id}`,
      headers: await admin(),
      payload: { title: 'Gone?', bookId: 999999 },
    })
    expect(moved.statusCode).toBe(400)
    expect((await ctx.app.inject({ url: `/api/chapters/${chapter.id}` })).json()).toMatchObject({
      title: 'Stays',
      bookId: book.id,
    })
  })

  it.each([
    [{ bookId: 1 }, /title/],
    [{ title: ' ', bookId: 1 }, /title: Title is required/],
    [{ title: 'x' }, /bookId/],
    [{ title: 'x', bookId: 0 }, /bookId/],
    [{ title: 'x', bookId: 1, order: 'first' }, /order/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await postChapter(payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(message)
  })

  it('answers 404 for unknown chapters, 400 for bad ids, 401 for writes without a session', async () => {
    const headers = await admin()
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/chapters/999999',
          headers,
          payload: { title: 'x', bookId: 1 },
        })
      ).statusCode,
    ).toBe(404)
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/chapters/999999', headers })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/chapters/1.5' })).statusCode).toBe(400)
    expect((await ctx.app.inject({ url: '/api/chapters/0' })).statusCode).toBe(400)
    const book = await makeBook('Guarded')
    for (const [method, url] of [
      ['POST', '/api/chapters'],
      ['PUT', '/api/chapters/1'],
      ['DELETE', '/api/chapters/1'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        payload: method === 'DELETE' ? undefined : { title: 'x', bookId: book.id },
      })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})
