import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentPages, terms } from '../../db/schema.ts'
import { makeChapter, showProcessed } from '../../test/factories.ts'
import { useTestApp } from '../../test/test-app.ts'
import { processPage } from '../content/processing/process-page.ts'

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-client-'))
fs.writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><html><head><title>Õpetuste entsüklopeedia</title></head><body><div id="root"></div></body></html>',
)
const ctx = useTestApp({ clientDir, donationUrl: 'https://example.org/donate' })

async function makePage(title: string, html: string, published: boolean) {
  const chapter = await makeChapter(ctx.database)
  const processed = processPage({ content: html })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({ chapterId: chapter.id, title, content: processed.processedContent, published })
    .returning()
  await showProcessed(ctx.database.db, page!.id, processed)
  return page!
}

describe('what search engines and link previews see', () => {
  it('gives /content/{id} its own title, description and canonical link', async () => {
    const page = await makePage('MN 10 <Satipaṭṭhāna>', '<h1>Mindfulness</h1><p>So I have heard & more.</p>', true)
    const response = await ctx.app.inject({ url: `/content/${page.id}`, headers: { host: 'teachings.example' } })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>MN 10 &lt;Satipaṭṭhāna&gt; · Õpetuste entsüklopeedia</title>')
    expect(response.body).toContain('<meta name="description" content="Mindfulness So I have heard &amp; more." />')
    expect(response.body).toContain(`<link rel="canonical" href="http://teachings.example/content/${page.id}" />`)
  })

  it("puts a title with $&, $` and $' into the head as it is", async () => {
    const page = await makePage("Price $& more $` and $' end", '<p>Text.</p>', true)
    const response = await ctx.app.inject({ url: `/content/${page.id}` })
    expect(response.body).toContain("<title>Price $&amp; more $` and $' end · Õpetuste entsüklopeedia</title>")
    expect(response.body.match(/<html>/g)).toHaveLength(1)
    expect(response.body.match(/<div id="root">/g)).toHaveLength(1)
  })

  it('describes a page opening with 50,000 < without stalling the server', async () => {
    const page = await makePage('Angles', `${'<'.repeat(50_000)}<p>Then words.</p>`, true)
    let fastest = Infinity
    for (let i = 0; i < 3; i++) {
      const started = performance.now()
      const response = await ctx.app.inject({ url: `/content/${page.id}` })
      fastest = Math.min(fastest, performance.now() - started)
      expect(response.body).toContain(`<meta name="description" content="${'&lt;'.repeat(200)}…" />`)
    }
    // The backtracking tag regex this replaced took about two seconds here.
    expect(fastest).toBeLessThan(300)
  })

  it('keeps unpublished pages and unknown ids out of the HTML', async () => {
    const draft = await makePage('Secret draft', '<p>hidden words</p>', false)
    const response = await ctx.app.inject({ url: `/content/${draft.id}` })
    // Not there for a visitor: the bare shell with 404 (decision 047).
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('Secret draft')
    const unknown = await ctx.app.inject({ url: '/content/99999' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toContain('<title>Õpetuste entsüklopeedia</title>')
  })

  it('gives /term/{id} the term and its description as text', async () => {
    const [term] = await ctx.database.db
      .insert(terms)
      .values({ term: 'mettā', description: '<ol><li>Love, <i>friendship</i></li></ol>', published: true })
      .returning()
    const response = await ctx.app.inject({ url: `/term/${term!.id}` })
    expect(response.body).toContain('<title>mettā · Õpetuste entsüklopeedia</title>')
    expect(response.body).toContain('content="Love, friendship"')
  })

  it('names the search page and keeps it out of indexes, whatever was searched', async () => {
    for (const url of ['/otsing', '/otsing?q=mett%C4%81&page=2', '/otsing/?q=%3Cscript%3E', '/otsing?q=%E0%A4%A']) {
      const response = await ctx.app.inject({ url })
      expect(response.statusCode, url).toBe(200)
      expect(response.body).toContain('<title>Otsing · Õpetuste entsüklopeedia</title>')
      expect(response.body).toContain('<meta name="robots" content="noindex" />')
      expect(response.body).not.toContain('script&gt;')
    }
    const page = await makePage('Indexed', '<p>x</p>', true)
    expect((await ctx.app.inject({ url: `/content/${page.id}` })).body).not.toContain('noindex')
    expect((await ctx.app.inject({ url: '/otsingud' })).body).not.toContain('noindex')
  })

  it('lists published pages and terms in /sitemap.xml and points to it from /robots.txt', async () => {
    const page = await makePage('Listed', '<p>x</p>', true)
    const draft = await makePage('Unlisted', '<p>y</p>', false)
    const sitemap = await ctx.app.inject({ url: '/sitemap.xml', headers: { host: 'teachings.example' } })
    expect(sitemap.headers['content-type']).toContain('application/xml')
    expect(sitemap.body).toContain(`<loc>http://teachings.example/content/${page.id}</loc>`)
    expect(sitemap.body).not.toContain(`/content/${draft.id}<`)
    const robots = await ctx.app.inject({ url: '/robots.txt', headers: { host: 'teachings.example' } })
    expect(robots.body).toContain('Sitemap: http://teachings.example/sitemap.xml')
  })

  it('tells the client the donation address', async () => {
    expect((await ctx.app.inject({ url: '/api/site' })).json()).toEqual({ donationUrl: 'https://example.org/donate' })
  })
})
