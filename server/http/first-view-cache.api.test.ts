// A reader page's HTML is kept per summary and build (app.ts), so a visitor's /content/{id} neither
// parses, fills nor hashes its first chunk again. What it is made of must still show at once: a
// new save, a renamed chapter, a renamed neighbour, unpublishing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { uploadPage } from '../test/content-upload.ts'
import { makeChapter } from '../test/factories.ts'
import { loginAs, useTestApp } from '../test/test-app.ts'

// The real templates against the server's filling: scripts/first-view-contract.test.ts.
const TEMPLATES = {
  frame: '{{main}}',
  reader: '<p class="crumb">{{crumb}}</p><h1>{{title}}</h1>{{pager}}<div class="chunk">{{chunk}}</div>',
  home: '',
  homeLinkActive: '',
  homeLink: '',
  pager: '<nav>{{links}}</nav>',
  previousLink: '<a href="/content/{{id}}" rel="prev">{{title}}</a>',
  nextLink: '<a href="/content/{{id}}" rel="next">{{title}}</a>',
}
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-view-cache-'))
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title><div id="root"></div>')
fs.writeFileSync(path.join(clientDir, 'first-view.json'), JSON.stringify(TEMPLATES))
const ctx = useTestApp({ clientDir })
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

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
})
