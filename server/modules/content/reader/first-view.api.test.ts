// The reader's first view carries only what the first screen needs (issue #14): the title bar from
// GET /api/content/{id}/summary, the table of contents from …/toc when it is opened, and the links
// section with the last chunk only.
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { joinLinks } from '#shared/text/links-section.ts'
import { describe, expect, it } from 'vitest'
import { uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'

const ctx = useTestApp()

const LINKS = '<p id="fn-1">1. Allmärkus <a href="#ref-1">tagasi</a></p><script>alert(1)</script>'

async function savedPage(blocks: number, published = true) {
  const cookie = await loginAs(ctx)
  const chapter = await makeChapter(ctx.database, { title: 'Peatükk' })
  const html = joinLinks(
    [
      '<h2>Algus</h2>',
      ...Array.from({ length: blocks }, (_, i) => `<p>lõik ${i}<a id="ref-${i}" href="#fn-1">1</a></p>`),
      '<h3>Lõpp</h3>',
    ].join(''),
    LINKS,
  )
  const saved = await uploadPage(ctx.app, cookie, html, { title: 'Esimene vaade', chapterId: chapter.id, published })
  expect(saved.statusCode, saved.body).toBe(200)
  return { cookie, chapter, id: saved.json().id as number, version: saved.json().version as number }
}

describe('the reader’s first view', () => {
  it('summary: title, chapter and book, current build; small whatever the page', async () => {
    const { id, chapter } = await savedPage(READER_CHUNK_SIZE * 2)
    const answer = await ctx.app.inject({ url: `/api/content/${id}/summary` })
    expect(answer.statusCode, answer.body).toBe(200)
    const full = await ctx.app.inject({ url: `/api/content/${id}?body=false` })
    // previous and next: neighbours.api.test.ts
    const { previous, next, ...rest } = answer.json()
    expect(rest).toEqual({
      id,
      chapterId: chapter.id,
      title: 'Esimene vaade',
      buildId: full.json().buildId,
      chapter: { id: chapter.id, title: 'Peatükk', bookId: chapter.bookId, bookTitle: expect.any(String) },
    })
    expect([previous, next]).toEqual([expect.toBeOneOf([null, expect.any(Object)]), null])
    expect(answer.body.length).toBeLessThan(400)
    expect(answer.body).not.toContain('Allmärkus')
  })

  it('table of contents: the page’s headings only', async () => {
    const { id } = await savedPage(3)
    const answer = await ctx.app.inject({ url: `/api/content/${id}/toc` })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({
      headers: [
        { text: 'Algus', level: 2, id: 'algus' },
        { text: 'Lõpp', level: 3, id: 'lopp' },
      ],
    })
  })

  it('links section: with the last chunk only, sanitised; null on a page without one', async () => {
    const { id } = await savedPage(READER_CHUNK_SIZE + 10)
    const first = (await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=0` })).json()
    expect(first.hasMore).toBe(true)
    expect(first).not.toHaveProperty('linksContent')
    const last = (await ctx.app.inject({ url: `/api/content/${id}/chunks?chunk=1&build=${first.buildId}` })).json()
    expect(last.hasMore).toBe(false)
    expect(last.linksContent).toContain('<p id="fn-1">1. Allmärkus <a href="#ref-1">tagasi</a></p>')
    expect(last.linksContent).not.toContain('script')
    // the same links section GET /api/content/{id} gives
    const page = (await ctx.app.inject({ url: `/api/content/${id}?body=false` })).json()
    expect(last.linksContent).toBe(page.linksContent)

    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const plain = await uploadPage(ctx.app, cookie, '<p>ainult tekst</p>', { title: 'Ilma', chapterId: chapter.id })
    const only = (await ctx.app.inject({ url: `/api/content/${plain.json().id}/chunks?chunk=0` })).json()
    expect(only).toMatchObject({ hasMore: false, linksContent: null })
  })

  it('a draft’s summary and contents are the administrator’s only', async () => {
    const { id, cookie } = await savedPage(2, false)
    for (const part of ['summary', 'toc']) {
      expect((await ctx.app.inject({ url: `/api/content/${id}/${part}` })).statusCode).toBe(404)
      expect((await ctx.app.inject({ url: `/api/content/${id}/${part}`, headers: { cookie } })).statusCode).toBe(200)
    }
    expect((await ctx.app.inject({ url: '/api/content/999999/summary' })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/content/abc/toc' })).statusCode).toBe(400)
  })
})
