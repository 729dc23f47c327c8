import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, chapters, contentPages, readerBlocks, readerBuilds, searchPassages } from '../../db/schema.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return { cookie }
}

async function createBook(payload: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/books', payload, headers: await admin() })
  expect(response.statusCode).toBe(201)
  return response.json() as { id: number; title: string }
}

async function createChapter(bookId: number, title: string, order = 0) {
  const [chapter] = await ctx.database.db.insert(chapters).values({ bookId, title, order }).returning()
  return chapter!
}

async function addPage(chapterId: number, published: boolean) {
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({ chapterId, title: 'p', content: '<p>x</p>', published })
    .returning()
  return page!
}

describe('books', () => {
  it('round-trips a book: create (201), read, update, delete', async () => {
    const headers = await admin()
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers,
      payload: { title: '  Majjhima Nikāya ', description: 'Keskmised', order: '3', coverImage: PNG },
    })
    expect(created.statusCode).toBe(201)
    const book = created.json()
    expect(book).toMatchObject({ title: 'Majjhima Nikāya', description: 'Keskmised', order: 3, coverImage: PNG })
    expect(new Date(book.createdAt).toISOString()).toBe(book.createdAt)

    const read = await ctx.app.inject({ url: `/api/books/${book.id}` })
    expect(read.json()).toEqual(book)

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers,
      payload: { title: 'MN', coverImage: null },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ id: book.id, title: 'MN', description: null, order: 0, coverImage: null })

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers })
    expect(deleted.statusCode).toBe(204)
    expect((await ctx.app.inject({ url: `/api/books/${book.id}` })).statusCode).toBe(404)
  })

  it('writes an audit row for each change', async () => {
    const book = await createBook({ title: 'Audited' })
    const headers = await admin()
    await ctx.app.inject({ method: 'PUT', url: `/api/books/${book.id}`, headers, payload: { title: 'Audited 2' } })
    await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers })
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, book.id))
    const forBook = rows.filter((row) => row.entity === 'book')
    expect(forBook.map((row) => row.action).sort()).toEqual(['create', 'delete', 'update'])
    expect(forBook.every((row) => row.username === 'admin')).toBe(true)
    expect(JSON.parse(forBook.find((row) => row.action === 'update')!.details!)).toEqual({
      title: 'Audited 2',
      changes: { title: { before: 'Audited', after: 'Audited 2' } },
    })
  })

  it('lists books by order then title, each with its chapters in order and page counts', async () => {
    const b = await createBook({ title: 'List B', order: 50 })
    const a = await createBook({ title: 'List A', order: 50 })
    const first = await createBook({ title: 'List Z', order: -5 })
    const second = await createChapter(a.id, 'Second', 2)
    const firstChapter = await createChapter(a.id, 'First', 1)
    await addPage(firstChapter.id, true)
    await addPage(firstChapter.id, false)
    await addPage(second.id, false)

    const visitor = (await ctx.app.inject({ url: '/api/books' })).json() as { id: number; chapters: unknown[] }[]
    const ids = visitor.map((book) => book.id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(a.id))
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id))
    expect(visitor.find((book) => book.id === a.id)!.chapters).toEqual([
      { id: firstChapter.id, title: 'First', contentCount: 1 },
      { id: second.id, title: 'Second', contentCount: 0 },
    ])
    expect(visitor.find((book) => book.id === b.id)!.chapters).toEqual([])

    const asAdmin = (await ctx.app.inject({ url: '/api/books', headers: await admin() })).json() as typeof visitor
    expect(asAdmin.find((book) => book.id === a.id)!.chapters).toEqual([
      { id: firstChapter.id, title: 'First', contentCount: 2 },
      { id: second.id, title: 'Second', contentCount: 1 },
    ])
  })

  it('deleting a book deletes its chapters, their pages, reader blocks and passages', async () => {
    const book = await createBook({ title: 'Doomed' })
    const chapter = await createChapter(book.id, 'C')
    const page = await addPage(chapter.id, true)
    const { db } = ctx.database
    const [build] = await db.insert(readerBuilds).values({ contentId: page.id }).returning()
    await db.insert(readerBlocks).values({ buildId: build!.id, position: 0, html: '<p>x</p>' })
    await db.insert(searchPassages).values({ buildId: build!.id, position: 0, anchor: 'a', text: 'x' })
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: await admin() })
    expect(response.statusCode).toBe(204)
    expect(await db.select().from(chapters).where(eq(chapters.bookId, book.id))).toEqual([])
    expect(await db.select().from(contentPages).where(eq(contentPages.id, page.id))).toEqual([])
    expect(await db.select().from(readerBuilds).where(eq(readerBuilds.id, build!.id))).toEqual([])
    expect(await db.select().from(readerBlocks).where(eq(readerBlocks.buildId, build!.id))).toEqual([])
    expect(await db.select().from(searchPassages).where(eq(searchPassages.buildId, build!.id))).toEqual([])
  })

  it('refuses every write without a session (401)', async () => {
    const book = await createBook({ title: 'Guarded' })
    for (const [method, url] of [
      ['POST', '/api/books'],
      ['PUT', `/api/books/${book.id}`],
      ['DELETE', `/api/books/${book.id}`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: method === 'DELETE' ? undefined : { title: 'x' } })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it.each([
    [{}, /title/],
    [{ title: '   ' }, /title: Title is required/],
    [{ title: 'x', order: 'abc' }, /order/],
    [{ title: 'x', order: 1.5 }, /order/],
    [{ title: 'x', coverImage: 'https://example.org/cover.jpg' }, /coverImage: Cover image must be/],
    [{ title: 'x', coverImage: 'data:image/svg+xml;base64,PHN2Zz4=' }, /coverImage/],
    [{ title: 'x', coverImage: 'data:image/png;base64,<script>' }, /coverImage/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/books', payload, headers: await admin() })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(message)
  })

  it('accepts a cover image up to the limit and refuses a longer one', async () => {
    const headers = await admin()
    const prefix = 'data:image/jpeg;base64,'
    const big = prefix + 'A'.repeat(14_000_000 - prefix.length)
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers,
      payload: { title: 'Big', coverImage: big },
    })
    expect(ok.statusCode).toBe(201)
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: '/api/books',
      headers,
      payload: { title: 'Too big', coverImage: big + 'AAAA' },
    })
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.json().error).toMatch(/coverImage: Cover image is too large/)
  })

  it('treats an empty cover image as none', async () => {
    const book = await createBook({ title: 'No cover', coverImage: '' })
    expect((await ctx.app.inject({ url: `/api/books/${book.id}` })).json().coverImage).toBeNull()
  })

  it('lists books without picture bytes: each has the address of its cover, or null', async () => {
    const prefix = 'data:image/jpeg;base64,'
    const covered = await createBook({ title: 'Heavy cover', coverImage: prefix + 'A'.repeat(2_000_000) })
    const bare = await createBook({ title: 'Bare' })
    for (const headers of [{}, await admin()]) {
      const response = await ctx.app.inject({ url: '/api/books', headers })
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toMatch(/data:image|base64/)
      // Every book of this file (a 14 MB cover among them) fits in a few kilobytes.
      expect(response.body.length).toBeLessThan(8_000)
      const list = response.json() as Record<string, unknown>[]
      // The spec's coverImage is there, as the cover's address (decision 047), and coverUrl beside it.
      expect(list.every((book) => book.coverImage === book.coverUrl)).toBe(true)
      expect(list.find((book) => book.id === covered.id)!.coverImage).toMatch(
        new RegExp(`^/api/books/${covered.id}/cover\\?v=[0-9a-f]{16}$`),
      )
      expect(list.find((book) => book.id === bare.id)!.coverImage).toBeNull()
    }
  })

  it('serves a cover from its own address: the bytes, their type, kept for a year', async () => {
    const book = await createBook({ title: 'Covered', coverImage: PNG })
    const list = (await ctx.app.inject({ url: '/api/books' })).json() as { id: number; coverUrl: string | null }[]
    const coverUrl = list.find((b) => b.id === book.id)!.coverUrl!
    const cover = await ctx.app.inject({ url: coverUrl })
    expect(cover.statusCode).toBe(200)
    expect(cover.headers['content-type']).toBe('image/png')
    expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(cover.headers['x-content-type-options']).toBe('nosniff')
    expect(cover.rawPayload.equals(Buffer.from(PNG.split(',')[1]!, 'base64'))).toBe(true)
    expect(cover.headers['content-length']).toBe(String(cover.rawPayload.length))

    // A revalidation by its ETag answers 304 without the bytes.
    const again = await ctx.app.inject({ url: coverUrl, headers: { 'if-none-match': String(cover.headers.etag) } })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)

    // A new picture gets a new address; the old address (or none) may not be kept without asking again.
    const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAP'
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers: await admin(),
      payload: { title: 'Covered', coverImage: JPEG },
    })
    expect(put.statusCode).toBe(200)
    const after = (await ctx.app.inject({ url: '/api/books' })).json() as { id: number; coverUrl: string | null }[]
    const newUrl = after.find((b) => b.id === book.id)!.coverUrl!
    expect(newUrl).not.toBe(coverUrl)
    const fresh = await ctx.app.inject({ url: newUrl })
    expect(fresh.headers['content-type']).toBe('image/jpeg')
    expect(fresh.rawPayload.equals(Buffer.from(JPEG.split(',')[1]!, 'base64'))).toBe(true)
    for (const url of [coverUrl, `/api/books/${book.id}/cover`]) {
      const stale = await ctx.app.inject({ url })
      expect(stale.statusCode, url).toBe(200)
      expect(stale.headers['cache-control'], url).toBe('public, no-cache')
      expect(stale.headers['content-type'], url).toBe('image/jpeg')
    }
  })

  it('answers 404 for the cover of a book without one or of no book, 400 for a bad id', async () => {
    const bare = await createBook({ title: 'Coverless' })
    for (const url of [`/api/books/${bare.id}/cover`, '/api/books/999999/cover?v=0123456789abcdef']) {
      const response = await ctx.app.inject({ url })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toEqual({ error: 'Cover not found', code: 'not_found' })
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
    expect((await ctx.app.inject({ url: '/api/books/abc/cover' })).statusCode).toBe(400)
    // A deleted book's cover goes with it.
    const gone = await createBook({ title: 'Gone', coverImage: PNG })
    await ctx.app.inject({ method: 'DELETE', url: `/api/books/${gone.id}`, headers: await admin() })
    expect((await ctx.app.inject({ url: `/api/books/${gone.id}/cover` })).statusCode).toBe(404)
  })

  it('answers 404 for unknown books and 400 for ids that are not positive integers', async () => {
    const headers = await admin()
    expect((await ctx.app.inject({ url: '/api/books/999999' })).json()).toEqual({
      error: 'Book not found',
      code: 'not_found',
    })
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/books/999999', headers, payload: { title: 'x' } })).statusCode,
    ).toBe(404)
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/books/999999', headers })).statusCode).toBe(404)
    for (const id of ['0', '-1', '1.5', 'abc', '99999999999']) {
      expect((await ctx.app.inject({ url: `/api/books/${id}` })).statusCode, id).toBe(400)
    }
  })
})
