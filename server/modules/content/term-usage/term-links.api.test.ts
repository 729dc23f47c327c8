// Term links on every save path, and a term's "where used" (decision 036).
import { describe, expect, it } from 'vitest'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { ensureUser } from '../../auth/auth.service.ts'
import { importLibrary } from '../../library-import/library-import.service.ts'
import { readAllChunks, uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'

const ctx = useTestApp()

async function makeTerm(cookie: string, term: string, published = true) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/terms',
    headers: { cookie },
    payload: { term, description: `<p>About ${term}</p>`, published },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as number
}

const source = (extra = '') =>
  '<h2>Loving-kindness</h2>' +
  '<p>Practise <a data-term="mettā">mettā</a> daily; <a data-term="no such term">this</a> stays a mark.</p>' +
  `<p>Again <a data-term="mettā">loving-kindness</a>${extra}.</p>`

describe('term marks (data-term) on every save path', () => {
  it('give the same reader HTML whether a page comes through npm run import or the editor', async () => {
    const cookie = await loginAs(ctx)
    const mettaId = await makeTerm(cookie, 'mettā')
    const { user } = await ensureUser(ctx.database.db, 'importer', 'importer password', { resetPassword: false })
    await importLibrary(ctx.app.state.content, user, {
      books: [
        {
          title: 'Imported book',
          order: 0,
          chapters: [
            {
              title: 'Imported',
              order: 0,
              pages: [{ title: 'Imported page', order: 0, published: true, content: source() }],
            },
          ],
        },
      ],
    })
    const books = (await ctx.app.inject({ url: '/api/books', headers: { cookie } })).json()
    const importedChapter = books.find((b: { title: string }) => b.title === 'Imported book').chapters[0].id
    const pages = (
      await ctx.app.inject({ url: `/api/content?chapterId=${importedChapter}`, headers: { cookie } })
    ).json()
    const importedId = pages[0].id as number
    expect(importedId).toBeGreaterThan(0)

    const chapter = await makeChapter(ctx.database)
    // The editor's save path, as the source came (a mark only) …
    const saved = await uploadPage(ctx.app, cookie, source(), { title: 'Edited page', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    // … and as the term picker writes a link (TipTap may put data-term before href).
    const picked = source().replaceAll('<a data-term="mettā">', `<a data-term="mettā" href="/term/${mettaId}">`)
    const viaPicker = await uploadPage(ctx.app, cookie, picked, { title: 'Picked page', chapterId: chapter.id })
    expect(viaPicker.statusCode, viaPicker.body).toBe(200)

    const imported = await readAllChunks(ctx.app, importedId, READER_CHUNK_SIZE)
    expect(imported.join('\n')).toContain(`<a href="/term/${mettaId}" data-term="mettā">mettā</a>`)
    expect(imported.join('\n')).toContain('<a data-term="no such term">this</a>')
    expect(await readAllChunks(ctx.app, saved.json().id, READER_CHUNK_SIZE)).toEqual(imported)
    expect(await readAllChunks(ctx.app, viaPicker.json().id, READER_CHUNK_SIZE)).toEqual(imported)
    // The stored HTML the editor opens again is the same too.
    const stored = async (id: number) =>
      (await ctx.app.inject({ url: `/api/content/${id}`, headers: { cookie } })).json()
    expect((await stored(saved.json().id)).content).toBe((await stored(importedId)).content)
  })
})

describe('GET /api/terms/{id}/usage', () => {
  it('lists the pages linking to a term with their places and the first place; visitors see published pages', async () => {
    const cookie = await loginAs(ctx)
    const termId = await makeTerm(cookie, 'karuṇā')
    const chapter = await makeChapter(ctx.database)
    const twice =
      '<p id="intro">No term here.</p>' +
      '<p id="first-use">Feel <a data-term="karuṇā">karuṇā</a>.</p>' +
      `<p>And <a href="/term/${termId}">compassion</a> again.</p>`
    const published = await uploadPage(ctx.app, cookie, twice, { title: 'Compassion', chapterId: chapter.id })
    const draft = await uploadPage(ctx.app, cookie, '<p id="d">A <a data-term="karuṇā">k</a></p>', {
      title: 'Draft',
      chapterId: chapter.id,
      order: 1,
      published: false,
    })
    await uploadPage(ctx.app, cookie, '<p>Unrelated</p>', { title: 'Other', chapterId: chapter.id, order: 2 })

    const forAdmin = await ctx.app.inject({ url: `/api/terms/${termId}/usage`, headers: { cookie } })
    expect(forAdmin.statusCode, forAdmin.body).toBe(200)
    expect(forAdmin.json()).toEqual({
      total: 2,
      pages: [
        expect.objectContaining({
          id: published.json().id,
          title: 'Compassion',
          places: 2,
          anchor: 'first-use',
          published: true,
        }),
        expect.objectContaining({ id: draft.json().id, title: 'Draft', places: 1, anchor: 'd', published: false }),
      ],
    })
    const forVisitor = await ctx.app.inject({ url: `/api/terms/${termId}/usage` })
    expect(forVisitor.json()).toMatchObject({ total: 1, pages: [{ id: published.json().id, places: 2 }] })

    // The page's current text counts: saved without the term, it is no longer listed.
    const resaved = await uploadPage(
      ctx.app,
      cookie,
      '<p>Nothing now</p>',
      { title: 'Compassion', chapterId: chapter.id },
      published.json().id,
    )
    expect(resaved.statusCode, resaved.body).toBe(200)
    expect((await ctx.app.inject({ url: `/api/terms/${termId}/usage` })).json()).toEqual({ total: 0, pages: [] })
    // Deleting a page removes its uses.
    await ctx.app.inject({ method: 'DELETE', url: `/api/content/${draft.json().id}`, headers: { cookie } })
    expect((await ctx.app.inject({ url: `/api/terms/${termId}/usage`, headers: { cookie } })).json().total).toBe(0)
  })

  it('is 404 for a missing term, and for visitors for an unpublished one; 400 for a bad id', async () => {
    const cookie = await loginAs(ctx)
    const hidden = await makeTerm(cookie, 'hidden term', false)
    expect((await ctx.app.inject({ url: `/api/terms/${hidden}/usage` })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: `/api/terms/${hidden}/usage`, headers: { cookie } })).statusCode).toBe(200)
    expect((await ctx.app.inject({ url: '/api/terms/999999/usage' })).json()).toEqual({
      error: expect.any(String),
      code: 'not_found',
    })
    expect((await ctx.app.inject({ url: '/api/terms/abc/usage' })).statusCode).toBe(400)
  })
})
