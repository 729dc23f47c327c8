// A page as a Word document (issue 30): GET /api/content/{id}/docx under the EPUB export's rules —
// visitors get published pages only, the file is made once per build off the main thread, with an
// ETag — and what the .docx holds: headings, lists, tables, links, pictures from the library, and the
// site's footnotes as Word footnotes. Opened by a real converter (pandoc) where it is installed.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { promisify } from 'node:util'
import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { generatePage } from '../../../../test-support/generated-page.ts'
import { libraryPages, testLibrary, usingRealCorpus } from '../../../../test-support/library-source.ts'
import { uploadPage } from '../../../test/content-upload.ts'
import { makeBook, makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { joinLinks, splitLinks } from '#shared/text/links-section.ts'
import { collectPlainText } from '../../content/processing/sanitize.ts'
import { convertDocx } from '../import/docx-convert.ts'
import { checkDocxFile } from '../import/docx-file.ts'

const ctx = useTestApp()
const run = promisify(execFile)
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docx-test-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const PANDOC = ['/usr/bin/pandoc', '/usr/local/bin/pandoc'].find((file) => fs.existsSync(file))

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(content: Buffer, filename: string, type: string) {
  const boundary = '----vitest-docx-boundary-7d1e'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function uploadPicture(cookie: string, bytes: Buffer, filename: string, type: string) {
  const body = multipart(bytes, filename, type)
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json() as { id: number; url: string; type: string }
}

async function save(cookie: string, chapterId: number, title: string, content: string, published = true) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/content',
    headers: { cookie },
    payload: { title, chapterId, content, published },
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json() as { id: number; buildId: number }
}

function docxParts(body: Buffer) {
  const files = unzipSync(new Uint8Array(body))
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : '')
  return {
    names: Object.keys(files),
    document: text('word/document.xml'),
    footnotes: text('word/footnotes.xml'),
  }
}

/** The user footnotes (ids 1…) of word/footnotes.xml, each as its text. */
function footnoteTexts(xml: string): string[] {
  return [...xml.matchAll(/<w:footnote (?:(?!w:type)[^>])*w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:footnote>/g)]
    .filter((match) => Number(match[1]) > 0)
    .map((match) => [...match[2]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''))
}

/** The .docx converted to HTML by pandoc (a real reader of Word files); fails on any error it reports. */
async function pandocHtml(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(tmp, name)
  fs.writeFileSync(file, bytes)
  const { stdout } = await run(PANDOC!, ['--from=docx', '--to=html', file], {
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  })
  return stdout
}

const PAGE = (pictures: { jpeg: string; webp: string }) => `<h1>Ānāpānassati sutta</h1>
<p>Esimene viide<a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a>: <strong>paks</strong>, <em>kald</em>, <u>all</u>, x<sup>2</sup>, H<sub>2</sub>O.</p>
<h2>1. Kāyānupassanā</h2>
<p>Vaata <a href="#2-vedan-nupassan">edasi</a> ja <a href="https://suttacentral.net/mn118">MN 118</a>.</p>
<ul><li>sati<a href="#_ftn2" name="_ftnref2" id="_ftnref2">[2]</a></li><li>samādhi</li></ul>
<ol><li>Esimene</li><li>Teine</li></ol>
<table><tr><th>Pāli</th><th>Eesti</th></tr><tr><td>ñāṇa</td><td>tarkus</td></tr></table>
<p><img src="${pictures.jpeg}" alt="Buddha kuju"> <img src="${pictures.webp}" alt="Läbipaistev ratas"></p>
<h3>2. Vedanānupassanā</h3>
<p>Kolmas<a href="#_ftn3" name="_ftnref3" id="_ftnref3">[3]</a>.</p>
<hr>
<p><a href="#_ftnref1" name="_ftn1" id="_ftn1">[1]</a> Esimene märkus: <i>ānāpāna</i>.</p>
<p><a href="#_ftnref2" name="_ftn2" id="_ftn2">[2]</a> Teine märkus.</p>
=== LINKS START ===
<p><a href="#_ftnref3" name="_ftn3" id="_ftn3">[3]</a> Kolmas märkus, lingiosas.</p>`

/** A page's notes (`<p><a id="_ftnN">[N]</a> text</p>`), each as its plain text without the marker. */
const notesOf = (html: string) =>
  [...html.matchAll(/<p[^>]*><a [^>]*id="_ftn\d+"[^>]*>\[\d+\]<\/a>([\s\S]*?)<\/p>/g)].map((match) =>
    collectPlainText(match[1]!),
  )

/** A page in the corpus's shape: its notes after an <hr> at the end of the text. */
const ROUND_TRIP = `<h1>Dhammacakkappavattana sutta</h1>
<p>Nii olen ma kuulnud<a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a>. <strong>Bhagavā</strong> peatus <em>Isipatanas</em>, Bārāṇasī lähedal.</p>
<h2>1. Kaks äärmust</h2>
<p>Need kaks äärmust, <i>bhikkhave</i><a href="#_ftn2" name="_ftnref2" id="_ftnref2">[2]</a>, ei sobi.</p>
<ul><li>kāmasukhallikānuyoga</li><li>attakilamathānuyoga</li></ul>
<table><tr><td>dukkha</td><td>kannatus</td></tr></table>
<h2>2. Keskmine tee</h2>
<p>Õilis kaheksaosaline tee<a href="#_ftn3" name="_ftnref3" id="_ftnref3">[3]</a>: sammā-diṭṭhi, sammā-saṅkappo.</p>
<hr>
<p><a href="#_ftnref1" name="_ftn1" id="_ftn1">[1]</a> <i>Evaṃ me sutaṃ.</i></p>
<p><a href="#_ftnref2" name="_ftn2" id="_ftn2">[2]</a> Munkade poole pöördumine.</p>
<p><a href="#_ftnref3" name="_ftn3" id="_ftn3">[3]</a> Ariya aṭṭhaṅgika magga.</p>`
const ROUND_TRIP_LINKS = `<h2>Allikad ja viited</h2>
<ul><li><a href="https://suttacentral.net/sn56.11">SN 56.11</a> (CC0)</li></ul>`

describe('Word export', () => {
  let cookie: string
  let chapterId: number
  let pageId: number
  let draftId: number

  it('exports a page with headings, marks, lists, a table, links, pictures and Word footnotes', async () => {
    cookie = await loginAs(ctx)
    const book = await makeBook(ctx.database, { title: 'Majjhima Nikāya' })
    chapterId = (await makeChapter(ctx.database, { bookId: book.id, title: 'Mūlapaṇṇāsa' })).id
    const jpeg = await uploadPicture(
      cookie,
      await sharp({ create: { width: 800, height: 400, channels: 3, background: '#8a3b12' } })
        .jpeg()
        .toBuffer(),
      'kuju.jpg',
      'image/jpeg',
    )
    const webp = await uploadPicture(
      cookie,
      await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 0.5 } } })
        .png()
        .toBuffer(),
      'ratas.png',
      'image/png',
    )
    expect(webp.type).toBe('image/webp')
    pageId = (await save(cookie, chapterId, 'Ānāpānassati sutta (MN 118)', PAGE({ jpeg: jpeg.url, webp: webp.url }))).id
    draftId = (await save(cookie, chapterId, 'Mustand', '<p>Pooleli.</p>', false)).id

    const answer = await ctx.app.inject({ url: `/api/content/${pageId}/docx` })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="anapanassati-sutta-mn-118.docx"; filename*=UTF-8''${encodeURIComponent('Ānāpānassati sutta (MN 118).docx').replace('(', '%28').replace(')', '%29')}`,
    )
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.headers.etag).toMatch(/^"docx-/)
    expect(answer.headers['content-length']).toBe(String(answer.rawPayload.length))

    const { names, document, footnotes } = docxParts(answer.rawPayload)
    expect(document).toContain('<w:pStyle w:val="Heading1"/>')
    expect(document).toContain('<w:pStyle w:val="Heading2"/>')
    expect(document).toContain('<w:pStyle w:val="Heading3"/>')
    expect(document).toContain('<w:b/>')
    expect(document).toContain('<w:vertAlign w:val="subscript"/>')
    expect(document).toContain('<w:tbl>')
    expect(document).toContain('<w:numPr>')
    // The heading's slug id is a bookmark; the link to it an internal hyperlink.
    expect(document).toMatch(/<w:hyperlink [^>]*w:anchor="x2_vedan_nupassan"/)
    expect(document).toMatch(/<w:bookmarkStart w:name="x2_vedan_nupassan" w:id="\d+"\/>/)
    expect(document).toContain('descr="Buddha kuju"')
    expect(document).toContain('descr="Läbipaistev ratas"')
    expect(names.filter((name) => name.startsWith('word/media/'))).toHaveLength(2)
    expect(document).toContain('ñāṇa')
    expect(document.match(/<w:footnoteReference w:id="\d+"\/>/g)).toHaveLength(3)
    expect(footnoteTexts(footnotes)).toEqual([
      ' Esimene märkus: ānāpāna.',
      ' Teine märkus.',
      ' Kolmas märkus, lingiosas.',
    ])
    // The notes are footnotes now: their text is not in the body.
    expect(document).not.toContain('Teine märkus')
  })

  it.skipIf(!PANDOC)(
    'opens in pandoc, footnotes and all',
    async () => {
      const answer = await ctx.app.inject({ url: `/api/content/${pageId}/docx` })
      const html = await pandocHtml(answer.rawPayload, 'page.docx')
      expect(html).toContain('<h1')
      expect(html).toContain('Kāyānupassanā')
      expect(html).toMatch(/<section[^>]*class="footnotes[ "]/)
      expect(html).toContain('Kolmas märkus, lingiosas.')
      expect(html).toContain('alt="Buddha kuju"')
    },
    120_000,
  )

  it('answers 304 to the same ETag, and a new file once the page is saved again', async () => {
    const first = await ctx.app.inject({ url: `/api/content/${pageId}/docx` })
    const etag = first.headers.etag as string
    const again = await ctx.app.inject({ url: `/api/content/${pageId}/docx`, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    const built = ctx.app.state.exports.built
    await ctx.app.inject({ url: `/api/content/${pageId}/docx` })
    expect(ctx.app.state.exports.built).toBe(built)
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/content/${pageId}`,
      headers: { cookie },
      payload: {
        title: 'Ānāpānassati sutta (MN 118)',
        chapterId,
        content: '<p>Uus.</p>',
        published: true,
        overwrite: true,
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const changed = await ctx.app.inject({ url: `/api/content/${pageId}/docx`, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(docxParts(changed.rawPayload).document).toContain('Uus.')
  })

  it('keeps drafts from visitors; an administrator gets them; bad ids are 400 or 404', async () => {
    const visitor = await ctx.app.inject({ url: `/api/content/${draftId}/docx` })
    expect(visitor.statusCode).toBe(404)
    expect(visitor.json()).toHaveProperty('error')
    const admin = await ctx.app.inject({ url: `/api/content/${draftId}/docx`, headers: { cookie } })
    expect(admin.statusCode).toBe(200)
    expect(admin.headers['cache-control']).toBe('private, no-store')
    expect(docxParts(admin.rawPayload).document).toContain('Pooleli.')
    expect((await ctx.app.inject({ url: '/api/content/999999/docx' })).statusCode).toBe(404)
    for (const bad of ['abc', '-1', '0', '1.5', '%00', '99999999999999999999']) {
      const answer = await ctx.app.inject({ url: `/api/content/${bad}/docx` })
      expect([400, 404], `${bad}: ${answer.statusCode} ${answer.body}`).toContain(answer.statusCode)
      expect(answer.json()).toHaveProperty('error')
    }
  })

  it('comes back through the Word import with the same text and footnotes', async () => {
    const { id } = await save(cookie, chapterId, 'Dhammacakkappavattana', joinLinks(ROUND_TRIP, ROUND_TRIP_LINKS))
    const answer = await ctx.app.inject({ url: `/api/content/${id}/docx` })
    expect(answer.statusCode).toBe(200)
    const imported = await convertDocx({
      bytes: new Uint8Array(answer.rawPayload),
      directory: checkDocxFile(answer.rawPayload),
      fileName: 'Dhammacakkappavattana.docx',
    })
    // The main text with its notes, then the links section after the marker, as the page had them.
    const { main, links } = splitLinks(imported.html)
    expect(collectPlainText(main)).toBe(collectPlainText(ROUND_TRIP))
    expect(notesOf(main)).toEqual(notesOf(ROUND_TRIP))
    expect(notesOf(main)).toHaveLength(3)
    expect(links).not.toBeNull()
    expect(collectPlainText(links!)).toBe(collectPlainText(ROUND_TRIP_LINKS))
    expect(links).toContain('href="https://suttacentral.net/sn56.11"')
  })

  // The 9 MB page with thousands of footnotes: the real corpus's (CORPUS_DIR) or the generated one (E2E_LARGE=1).
  it.skipIf(!usingRealCorpus() && !process.env.E2E_LARGE)(
    'makes the 9 MB page into a .docx without holding the event loop',
    async () => {
      const content = usingRealCorpus()
        ? libraryPages(testLibrary('full').corpus).reduce((a, b) => (b.content.length > a.content.length ? b : a))
            .content
        : generatePage().content
      const admin = await loginAs(ctx)
      const chapter = await makeChapter(ctx.database)
      const saved = await uploadPage(ctx.app, admin, content, { title: 'Suur lehekülg', chapterId: chapter.id })
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200)
      const { id } = saved.json() as { id: number }
      const notes = (content.match(/<a [^>]*href="#_ftn\d+"/g) ?? []).length
      const delay = monitorEventLoopDelay({ resolution: 10 })
      const started = performance.now()
      delay.enable()
      const answer = await ctx.app.inject({ url: `/api/content/${id}/docx`, remoteAddress: '192.0.2.77' })
      delay.disable()
      const seconds = (performance.now() - started) / 1000
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200)
      const { footnotes } = docxParts(answer.rawPayload)
      const count = footnoteTexts(footnotes).length
      console.log(
        `9 MB page .docx: ${seconds.toFixed(1)} s, ${(answer.rawPayload.length / 1e6).toFixed(1)} MB, ${count} footnotes; ` +
          `event loop delay max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms`,
      )
      expect(count).toBeGreaterThan(1000)
      // The generated page's every marker has its note; the corpus's are counted in its README.
      if (!usingRealCorpus()) expect(count).toBe(notes)
      // As the EPUB's bound (export-limits.api.test.ts): a single pause of a few hundred ms is the machine.
      expect(delay.percentile(99) / 1e6).toBeLessThan(200)
      expect(delay.max / 1e6).toBeLessThan(700)
    },
    600_000,
  )
})
