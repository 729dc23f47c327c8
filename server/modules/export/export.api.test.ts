// EPUB export (issue 16, Offline and export): a page, a chapter and a book as EPUB 3, checked by
// EPUBCheck (Debian's `epubcheck`, a jar run with java), from the pages' current reader builds.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { makeBook, makeChapter } from '../../test/factories.ts'
import { loginAs, postLongPage, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()
const run = promisify(execFile)
const EPUBCHECK_JAR = '/usr/bin/epubcheck'
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'epub-test-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** EPUBCheck's messages of severity ERROR or FATAL for these bytes; fails (never skips) without it. */
async function epubcheck(bytes: Buffer, name: string): Promise<string[]> {
  if (!fs.existsSync(EPUBCHECK_JAR)) {
    throw new Error(`EPUBCheck is missing: ${EPUBCHECK_JAR} not found (apt-get install epubcheck)`)
  }
  const file = path.join(tmp, name)
  fs.writeFileSync(file, bytes)
  const report = path.join(tmp, `${name}.json`)
  try {
    await run('java', ['-jar', EPUBCHECK_JAR, '--json', report, file], { timeout: 120_000 })
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT') throw new Error('EPUBCheck needs java: `java` not found (apt-get install epubcheck)')
    if (!fs.existsSync(report)) throw error
  }
  const { messages } = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    messages: Array<{ ID: string; severity: string; message: string; locations: Array<{ path: string; line: number }> }>
  }
  return messages
    .filter((message) => message.severity === 'ERROR' || message.severity === 'FATAL')
    .map((message) => `${message.ID} ${message.message} at ${JSON.stringify(message.locations.slice(0, 2))}`)
}

async function save(cookie: string, chapterId: number, title: string, content: string, published = true, order = 0) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/content',
    headers: { cookie },
    payload: { title, chapterId, content, published, order },
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json() as { id: number; buildId: number }
}

const epubFiles = (body: Buffer) => {
  const files = unzipSync(new Uint8Array(body))
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]))
}

// About 420 KB of text: the page is split into two files, a footnote reference in each.
const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `<p>Lõik ${i}: ${'dukkha ja nibbāna, saṃsāra ja ñāṇa, '.repeat(6)}</p>`).join(
    '\n',
  )
const LONG_PAGE = `<h2>1. Ānāpānassati</h2>
<p>Esimene viide<a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a> ja <a href="#puudub">katkine</a>, <a href="https://suttacentral.net/mn118">MN 118</a>, <a href="/term/sati">sati</a>.</p>
<img src="https://example.org/pilt.png" alt="Pilt">
<table width="100%"><tr><td width="50">ṭhāna</td></tr></table>
<h3>1.1. Kāyānupassanā</h3>
${filler(1000)}
<h3>1.2. Vedanā</h3>
${filler(1000)}
<p>Teine viide<a href="#_ftn2" name="_ftnref2" id="_ftnref2">[2]</a>, <a href="#1-1-k-y-nupassan">tagasi</a>.</p>
<h2>2. Lõpp</h2><p>Lõpp.</p>
=== LINKS START ===
<p><a href="#_ftnref1" name="_ftn1" id="_ftn1">[1]</a> Märkus ühe kohta: ānāpāna.</p>
<p><a href="#_ftnref2" name="_ftn2" id="_ftn2">[2]</a> Märkus kahe kohta.</p>`

describe('EPUB export', () => {
  let cookie: string
  let bookId: number
  let chapterId: number
  let longId: number
  let secondId: number
  let draftId: number

  it('exports a long page with footnotes across split files, valid by EPUBCheck', async () => {
    cookie = await loginAs(ctx)
    const book = await makeBook(ctx.database, { title: 'Majjhima Nikāya' })
    bookId = book.id
    chapterId = (await makeChapter(ctx.database, { bookId, title: 'Mūlapaṇṇāsa', order: 1 })).id
    longId = (await save(cookie, chapterId, 'Ānāpānassati sutta (MN 118)', LONG_PAGE, true, 1)).id
    secondId = (
      await save(
        cookie,
        chapterId,
        'Satipaṭṭhāna',
        `<h2>Sissejuhatus</h2><p>Vaata <a href="/content/${longId}#_ftn2">märkust</a>.</p>`,
        true,
        2,
      )
    ).id
    draftId = (await save(cookie, chapterId, 'Mustand', '<p>Pooleli.</p>', false, 3)).id

    const answer = await ctx.app.inject({ url: `/api/content/${longId}/epub` })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toBe('application/epub+zip')
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="anapanassati-sutta-mn-118.epub"; filename*=UTF-8''${encodeURIComponent('Ānāpānassati sutta (MN 118).epub').replace('(', '%28').replace(')', '%29')}`,
    )
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.headers.etag).toMatch(/^"epub-/)
    // The mimetype entry first, stored: its name at byte 30, its text at 38.
    expect(answer.rawPayload.subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip')

    const files = epubFiles(answer.rawPayload)
    const prefix = `EPUB/p${longId}`
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([`${prefix}-1.xhtml`, `${prefix}-2.xhtml`, `${prefix}-notes.xhtml`, 'EPUB/nav.xhtml']),
    )
    const [first, second, notes] = [
      files[`${prefix}-1.xhtml`]!,
      files[`${prefix}-2.xhtml`]!,
      files[`${prefix}-notes.xhtml`]!,
    ]
    expect(first).toContain(`<a href="p${longId}-notes.xhtml#_ftn1" epub:type="noteref" id="_ftnref1">[1]</a>`)
    expect(second).toContain(`<a href="p${longId}-notes.xhtml#_ftn2" epub:type="noteref" id="_ftnref2">[2]</a>`)
    expect(second).toContain(`<a href="p${longId}-1.xhtml#x1-1-k-y-nupassan">tagasi</a>`)
    expect(notes).toContain(`<a href="p${longId}-1.xhtml#_ftnref1" id="_ftn1">[1]</a> Märkus ühe kohta: ānāpāna.`)
    expect(notes).toContain(`<a href="p${longId}-2.xhtml#_ftnref2" id="_ftn2">[2]</a>`)
    // Diacritics as UTF-8 characters, not references; a link to a missing id loses its href.
    expect(first).toContain('saṃsāra ja ñāṇa')
    expect(first).toContain('<a>katkine</a>')
    expect(first).toContain('<a href="http://localhost/term/sati">sati</a>')
    expect(first).toContain('<span class="picture">[Pilt]</span>')
    // The table of contents: the page, its headings as a tree, each in the file that holds it.
    const nav = files['EPUB/nav.xhtml']!
    expect(nav).toContain(`<a href="p${longId}-1.xhtml#x1-1-k-y-nupassan">1.1. Kāyānupassanā</a>`)
    expect(nav).toMatch(/1\. Ānāpānassati<\/a>\n\s*<ol>\n\s*<li><a[^>]*>1\.1\. Kāyānupassanā/)
    expect(nav).toContain(`p${longId}-2.xhtml#x2-lopp">2. Lõpp</a>`)

    expect(await epubcheck(answer.rawPayload, 'page.epub')).toEqual([])
  }, 180_000)

  it('exports a chapter of several pages, leaving drafts out for visitors', async () => {
    const answer = await ctx.app.inject({ url: `/api/chapters/${chapterId}/epub` })
    expect(answer.statusCode, answer.body).toBe(200)
    const files = epubFiles(answer.rawPayload)
    expect(files[`EPUB/p${secondId}-1.xhtml`]).toContain(
      `<a href="p${longId}-notes.xhtml#_ftn2" epub:type="noteref">märkust</a>`,
    )
    expect(files[`EPUB/p${draftId}-1.xhtml`]).toBeUndefined()
    const opf = files['EPUB/content.opf']!
    expect(opf.indexOf(`p${longId}-1`)).toBeLessThan(opf.indexOf(`p${secondId}-1`))
    expect(files['EPUB/title.xhtml']).toContain('Mūlapaṇṇāsa')
    expect(await epubcheck(answer.rawPayload, 'chapter.epub')).toEqual([])

    const admin = await ctx.app.inject({ url: `/api/chapters/${chapterId}/epub`, headers: { cookie } })
    expect(admin.headers['cache-control']).toBe('private, no-store')
    expect(epubFiles(admin.rawPayload)[`EPUB/p${draftId}-1.xhtml`]).toContain('Pooleli.')
  }, 180_000)

  it('exports a whole book, chapters holding their pages', async () => {
    const later = await makeChapter(ctx.database, { bookId, title: 'Majjhimapaṇṇāsa', order: 2 })
    const third = await save(cookie, later.id, 'Kakacūpama', '<h2>Saag</h2><p>Tekst.</p>')
    const answer = await ctx.app.inject({ url: `/api/books/${bookId}/epub` })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-disposition']).toContain('filename="majjhima-nikaya.epub"')
    const nav = epubFiles(answer.rawPayload)['EPUB/nav.xhtml']!
    expect(nav.indexOf('Mūlapaṇṇāsa')).toBeLessThan(nav.indexOf('Majjhimapaṇṇāsa'))
    expect(nav).toContain(`<a href="p${third.id}-1.xhtml">Kakacūpama</a>`)
    expect(await epubcheck(answer.rawPayload, 'book.epub')).toEqual([])
  }, 180_000)

  it('answers 304 to the same ETag, and a new one after a page changes', async () => {
    const first = await ctx.app.inject({ url: `/api/chapters/${chapterId}/epub` })
    const etag = first.headers.etag as string
    const again = await ctx.app.inject({ url: `/api/chapters/${chapterId}/epub`, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${secondId}`,
      headers: { cookie },
      payload: {
        title: 'Satipaṭṭhāna',
        chapterId,
        content: '<p>Uus tekst.</p>',
        published: true,
        order: 2,
        overwrite: true,
      },
    })
    const changed = await ctx.app.inject({ url: `/api/chapters/${chapterId}/epub`, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
  })

  it('keeps drafts and what does not exist from visitors; bad ids are 400', async () => {
    expect((await ctx.app.inject({ url: `/api/content/${draftId}/epub` })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: `/api/content/${draftId}/epub`, headers: { cookie } })).statusCode).toBe(200)
    const empty = await makeChapter(ctx.database, { bookId })
    await save(cookie, empty.id, 'Ainult mustand', '<p>x</p>', false)
    expect((await ctx.app.inject({ url: `/api/chapters/${empty.id}/epub` })).json()).toEqual({
      error: 'The chapter has no published pages',
      code: 'not_found',
    })
    expect((await ctx.app.inject({ url: '/api/chapters/999999/epub' })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/books/999999/epub' })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: '/api/content/999999/epub' })).statusCode).toBe(404)
    for (const bad of ['abc', '-1', '0', '1.5', '%00', '99999999999999999999', '%31%32']) {
      const answer = await ctx.app.inject({ url: `/api/content/${bad}/epub` })
      expect([400, 404], `${bad}: ${answer.statusCode} ${answer.body}`).toContain(answer.statusCode)
      expect(answer.json()).toHaveProperty('error')
    }
  })

  it('makes the 9 MB page into an EPUB in bounded time', async () => {
    const { page } = await postLongPage(ctx, { paragraphs: 13_000, words: 100 })
    const started = performance.now()
    const answer = await ctx.app.inject({ url: `/api/content/${page.id}/epub` })
    const seconds = (performance.now() - started) / 1000
    expect(answer.statusCode).toBe(200)
    const files = Object.keys(unzipSync(new Uint8Array(answer.rawPayload)))
    console.log(
      `9 MB page: ${seconds.toFixed(1)} s, ${(answer.rawPayload.length / 1e6).toFixed(1)} MB EPUB, ${files.length} files`,
    )
    expect(files.length).toBeGreaterThan(25)
    expect(seconds).toBeLessThan(60)
  }, 240_000)
})
