// Word import's preview over HTTP (issue 30): a generated .docx made into the site's page HTML with
// its counts and warnings, bad files refused with nothing stored, the comparison with an existing
// page, and the normal save path keeping the ids of paragraphs an import did not change.
import http from 'node:http'
import { and, count, eq, gt, max } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { Content } from '#shared/api/content.ts'
import type { WordPreview } from '#shared/api/word.ts'
import { DOCX_MAX_BYTES, DOCX_MAX_PARTS, DOCX_MAX_UNPACKED_BYTES } from '#shared/limits.ts'
import { OWN_IMAGE_ADDRESS, ownImageId } from '#shared/text/image-address.ts'
import { joinLinks, splitLinks } from '#shared/text/links-section.ts'
import { auditLog, images } from '../../../db/schema.ts'
import { uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { DOCX_MESSAGES } from './docx-file.ts'
import {
  bombDocx,
  compoundFile,
  longDocument,
  otherZip,
  REVIEWED,
  reviewedDocument,
  SAMPLE,
  sampleDocument,
  STYLED,
  styledDocument,
  withoutFootnote,
} from '../../../../test-support/word-documents.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return cookie
}

function multipart(content: Buffer, filename: string) {
  const boundary = '----vitest-word-boundary-7f3a'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function preview(file: Buffer, options: { name?: string; contentId?: number; asAdmin?: boolean } = {}) {
  const body = multipart(file, options.name ?? 'tekst.docx')
  const headers = options.asAdmin === false ? body.headers : { ...body.headers, cookie: await admin() }
  const query = options.contentId === undefined ? '' : `?contentId=${options.contentId}`
  return ctx.app.inject({ method: 'POST', url: `/api/admin/word/preview${query}`, payload: body.payload, headers })
}

async function imageCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(images)
  return row!.n
}

const lotus = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#d46a8c' } })
    .png()
    .toBuffer()

/** The ids of the page's top-level blocks by their text, as the reader gets them. */
async function blockIds(id: number): Promise<Map<string, string>> {
  const page = (
    await ctx.app.inject({ url: `/api/content/${id}`, headers: { cookie: await admin() } })
  ).json() as Content
  const ids = new Map<string, string>()
  for (const match of page.processedContent.matchAll(/<(p|h[1-6]) id="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    ids.set(match[3]!.replace(/<[^>]*>/g, '').trim(), match[2]!)
  }
  return ids
}

describe('previewing a Word file', () => {
  it('answers 401 to a visitor, storing nothing', async () => {
    const before = await imageCount()
    const response = await preview(await sampleDocument(await lotus()), { asAdmin: false })
    expect(response.statusCode).toBe(401)
    expect(await imageCount()).toBe(before)
  })

  it('makes the page HTML: headings, marks, lists, table, link, picture, footnotes and endnotes, NFC', async () => {
    const response = await preview(await sampleDocument(await lotus()), { name: 'satipaṭṭhāna.docx' })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json() as WordPreview
    const { html } = result

    expect(result.title).toBe(SAMPLE.title)
    expect(html).toContain(`<h1>${SAMPLE.title}</h1>`)
    expect(html).toContain(`<h1>${SAMPLE.heading1}</h1>`)
    expect(html).toContain(`<h2>${SAMPLE.heading2}</h2>`)
    expect(html).toContain(`<h3>${SAMPLE.heading3}</h3>`)
    expect(html).toContain(`<strong>${SAMPLE.bold}</strong>`)
    expect(html).toContain(`<em>${SAMPLE.italic}</em>`)
    expect(html).toContain(`<u>${SAMPLE.underline}</u>`)
    expect(html).toContain(`<sup>${SAMPLE.superscript}</sup>`)
    expect(html).toContain(`<sub>${SAMPLE.subscript}</sub>`)
    expect(html).toMatch(new RegExp(`<ul>\\s*<li>${SAMPLE.listOuter}\\s*<ul>\\s*<li>${SAMPLE.listInner}</li>`))
    expect(html).toMatch(new RegExp(`<table>[\\s\\S]*<td><p>${SAMPLE.cell}</p>\\s*</td>`))
    expect(html).toContain(`<a href="${SAMPLE.linkUrl}">${SAMPLE.linkText}</a>`)
    // The Pāli sentence was written into the Word file decomposed (NFD): it comes out composed.
    expect(html).toContain(SAMPLE.pali)
    expect(html).toBe(html.normalize('NFC'))

    const img = /<img [^>]*>/.exec(html)?.[0] ?? ''
    expect(img).toContain(`alt="${SAMPLE.pictureAlt}"`)
    const src = /src="([^"]+)"/.exec(img)?.[1] ?? ''
    expect(src).toMatch(OWN_IMAGE_ADDRESS)

    // Footnotes 1–3 and the endnote as 4, in reading order, the corpus's shape: references bare in
    // the text, the notes after an <hr> at the end.
    for (const n of [1, 2, 3, 4]) {
      expect(html).toContain(`<a href="#_ftn${n}" name="_ftnref${n}" id="_ftnref${n}">[${n}]</a>`)
    }
    const notes = html.slice(html.indexOf('\n<hr>\n') + 6).split('\n')
    expect(notes).toEqual([
      ...SAMPLE.footnotes.map(
        (text, i) => `<p><a href="#_ftnref${i + 1}" name="_ftn${i + 1}" id="_ftn${i + 1}">[${i + 1}]</a> ${text}</p>`,
      ),
      `<p><a href="#_ftnref4" name="_ftn4" id="_ftn4">[4]</a> ${SAMPLE.endnote}</p>`,
    ])
    expect(html).not.toContain('docx-')

    expect(result.counts).toEqual({
      // The text's, the table's two cells', the link's and the picture's.
      paragraphs: 7,
      headings: { 1: 2, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0 },
      footnotes: { total: 4, unpaired: [] },
      pictures: 1,
      tables: 1,
    })
    expect(result.warnings).toEqual([])
    expect(result.compare).toBeUndefined()
  })

  it('stores each picture once in the library, with the document’s alt text', async () => {
    // A picture no other test stores, so that the first preview here is the one that adds it.
    const picture = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#8c6ad4' } })
      .png()
      .toBuffer()
    const first = (await preview(await sampleDocument(picture))).json() as WordPreview
    const stored = await imageCount()
    const again = (await preview(await sampleDocument(picture))).json() as WordPreview
    expect(await imageCount()).toBe(stored)
    const src = /src="([^"]+)"/.exec(first.html)![1]!
    expect(/src="([^"]+)"/.exec(again.html)![1]).toBe(src)
    const library = (await ctx.app.inject({ url: '/api/images', headers: { cookie: await admin() } })).json() as Array<{
      url: string
      alt: string
      usedBy: unknown[]
    }>
    const image = library.find((item) => item.url === src.replaceAll('&amp;', '&'))
    expect(image).toMatchObject({ alt: SAMPLE.pictureAlt, usedBy: [] })
    // The first preview added it; the second found it there.
    expect(first.addedPictures).toEqual([ownImageId(src.replaceAll('&amp;', '&'))])
    expect(again.addedPictures).toEqual([])
  })

  it('takes back the pictures it added when the client has gone before the answer', async () => {
    const picture = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#2a6f4e' } })
      .png()
      .toBuffer()
    const before = await imageCount()
    const [last] = await ctx.database.db.select({ id: max(auditLog.id) }).from(auditLog)
    const lastAudit = last?.id ?? 0
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    // Long enough to take the server a second or more to convert (the bench's document).
    const document = await longDocument({ pages: 300, footnotes: 2000, pictures: [picture] })
    const body = multipart(document, 'pikk.docx')
    const session = await admin()
    // The whole file is sent, then the connection is closed while the server converts it.
    await new Promise<void>((resolve) => {
      const request = http.request(`${address}/api/admin/word/preview`, {
        method: 'POST',
        headers: { ...body.headers, cookie: session, 'content-length': body.payload.length },
      })
      request.on('error', () => resolve())
      request.end(body.payload, () =>
        setTimeout(() => {
          request.destroy()
          resolve()
        }, 150),
      )
    })
    // Stored while converting, then taken back: the audit log has both.
    const changes = async () =>
      (
        await ctx.database.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'image'), gt(auditLog.id, lastAudit)))
      ).map((row) => row.action)
    await expect.poll(async () => (await changes()).at(-1), { timeout: 20_000 }).toBe('delete')
    expect((await changes())[0]).toBe('create')
    expect(await imageCount()).toBe(before)
    // The same file previewed by a client that waits keeps its picture.
    const response = await preview(document)
    expect(response.statusCode, response.body).toBe(200)
    expect((response.json() as WordPreview).addedPictures).toHaveLength(1)
    expect(await imageCount()).toBe(before + 1)
  })

  it('counts a reference whose note the file lacks as unpaired, and keeps the rest', async () => {
    const response = await preview(withoutFootnote(await sampleDocument(await lotus()), 2))
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json() as WordPreview
    expect(result.counts.footnotes).toEqual({ total: 4, unpaired: ['2'] })
    expect(result.html).toContain('id="_ftnref2"')
    expect(result.html).not.toContain('id="_ftn2"')
    expect(result.html).toContain(`id="_ftn3">[3]</a> ${SAMPLE.footnotes[2]}</p>`)
  })

  it('keeps bookmarks, makes Quote paragraphs one blockquote, leaves out a BMP picture and counts a style it does not know once per paragraph', async () => {
    const response = await preview(await styledDocument())
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json() as WordPreview
    expect(result.html).toContain(`<blockquote><p>${STYLED.verse[0]}</p>\n<p>${STYLED.verse[1]}</p>\n</blockquote>`)
    // Word's bookmark and the link to it keep their own name.
    expect(result.html).toContain(`<a href="#${STYLED.bookmark}">${STYLED.linkText}</a>`)
    expect(result.html).toContain(`id="${STYLED.bookmark}"`)
    expect(result.html).not.toContain('docx-')
    expect(result.html).not.toContain('<img')
    expect(result.counts.pictures).toBe(0)
    expect(result.warnings).toEqual([
      {
        code: 'picture_skipped',
        message: 'Pilt tüübiga image/bmp jäi välja (võtta saab JPEG, PNG, GIF, WebP).',
        count: 1,
      },
      {
        code: 'unknown_style',
        message: 'Tundmatu lõigustiil „Salmi märkus”: tekst tuli ilma selle stiilita.',
        count: 2,
      },
    ])
  })

  it('lists a comment and tracked changes; an insertion is taken, a deletion is not', async () => {
    const response = await preview(await reviewedDocument())
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json() as WordPreview
    expect(result.html).toContain(REVIEWED.kept)
    expect(result.html).toContain(REVIEWED.inserted)
    expect(result.html).not.toContain(REVIEWED.deleted)
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'comments', count: 1 }),
        expect.objectContaining({ code: 'tracked_changes', count: 2 }),
      ]),
    )
    for (const warning of result.warnings) expect(warning.message).not.toMatch(/^[A-Z][a-z]+ [a-z]+ /)
  })
})

describe('refusing what is not a .docx', () => {
  const cases: Array<[string, () => Promise<Buffer> | Buffer, number, string, string]> = [
    [
      'an old .doc',
      () => compoundFile(['WordDocument', '1Table']),
      415,
      'unsupported_media_type',
      DOCX_MESSAGES.oldDoc,
    ],
    [
      'a password-locked .docx',
      () => compoundFile(['EncryptionInfo', 'EncryptedPackage']),
      415,
      'encrypted_document',
      DOCX_MESSAGES.encrypted,
    ],
    [
      'a PDF',
      () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n'),
      415,
      'unsupported_media_type',
      DOCX_MESSAGES.pdf,
    ],
    ['a renamed picture', () => lotus(), 415, 'unsupported_media_type', DOCX_MESSAGES.notDocx],
    ['a zip without a Word document', () => otherZip(), 415, 'unsupported_media_type', DOCX_MESSAGES.notDocx],
    [
      'a .docx cut short',
      async () => (await sampleDocument(await lotus())).subarray(0, 3000),
      415,
      'unsupported_media_type',
      DOCX_MESSAGES.damaged,
    ],
    ['a zip bomb its directory tells', () => bombDocx(30 * 1024 * 1024), 413, 'too_large', DOCX_MESSAGES.bomb],
    [
      'a zip bomb whose directory lies about its size',
      () => bombDocx(30 * 1024 * 1024, 1000),
      413,
      'too_large',
      DOCX_MESSAGES.bomb,
    ],
    [
      'parts that unpack past the limit together',
      () => bombDocx(1000, DOCX_MAX_UNPACKED_BYTES + 1),
      413,
      'too_large',
      DOCX_MESSAGES.bomb,
    ],
    [
      'a file over the size limit',
      () => Buffer.alloc(DOCX_MAX_BYTES + 1, 0x50),
      413,
      'too_large',
      DOCX_MESSAGES.tooLarge,
    ],
  ]
  const named = cases.map(([name, make, status, code, message]) => ({ name, make, status, code, message }))
  it.each(named)('$name: $status $code, nothing stored', async ({ make, status, code, message }) => {
    const before = await imageCount()
    const response = await preview(await make())
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json()).toEqual({ error: message, code })
    expect(await imageCount()).toBe(before)
  })

  it('answers 400 without a file and 404 for a page that does not exist, before storing anything', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/word/preview',
      headers: { cookie: await admin(), 'content-type': 'application/json' },
      payload: {},
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ error: DOCX_MESSAGES.missing })
    const before = await imageCount()
    const missing = await preview(
      await sampleDocument(
        await sharp({ create: { width: 9, height: 9, channels: 3, background: '#123456' } })
          .png()
          .toBuffer(),
      ),
      {
        contentId: 999_999,
      },
    )
    expect(missing.statusCode).toBe(404)
    expect(await imageCount()).toBe(before)
    const bad = await preview(await sampleDocument(await lotus()), { contentId: 0 })
    expect(bad.statusCode).toBe(400)
  })
})

describe('importing over an existing page', () => {
  it('compares with the current text, and saving keeps the ids of unchanged paragraphs', async () => {
    const chapter = await makeChapter(ctx.database)
    const picture = await lotus()
    const first = (await preview(await sampleDocument(picture))).json() as WordPreview
    const saved = await uploadPage(ctx.app, await admin(), first.html, { title: first.title, chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const { id, version } = saved.json() as { id: number; version: number }
    const idsBefore = await blockIds(id)

    const changed = 'Ekāyano ayaṁ maggo: muudetud lause.'
    const response = await preview(await sampleDocument(picture, { changed }), { contentId: id })
    expect(response.statusCode, response.body).toBe(200)
    const second = response.json() as WordPreview
    const compare = second.compare!
    expect(compare.from).toMatchObject({ revisionId: null, version })
    expect(compare.to).toMatchObject({ revisionId: null, version: version + 1, savedBy: 'admin' })
    expect(compare.titleChanged).toBeNull()
    expect(compare.summary).toMatchObject({ changed: 1, added: 0, removed: 0 })
    const changedBlock = compare.hunks.flatMap((hunk) => hunk.blocks).find((block) => block.kind === 'changed')!
    expect(changedBlock.fromText).toContain(SAMPLE.pali)
    expect(changedBlock.toText).toContain(changed)

    // Saved through the normal path (chunks, then finalize with the version it started from).
    const resaved = await uploadPage(
      ctx.app,
      await admin(),
      second.html,
      { title: second.title, chapterId: chapter.id, baseVersion: version },
      id,
    )
    expect(resaved.statusCode, resaved.body).toBe(200)
    const idsAfter = await blockIds(id)
    expect(idsAfter.get(SAMPLE.plain)).toBeDefined()
    expect(idsAfter.get(SAMPLE.plain)).toBe(idsBefore.get(SAMPLE.plain))
    expect(idsAfter.get(SAMPLE.heading2)).toBe(idsBefore.get(SAMPLE.heading2))
    const changedId = [...idsAfter].find(([text]) => text.startsWith(changed))?.[1]
    expect(changedId).toBeDefined()
    expect([...idsBefore.values()]).not.toContain(changedId)

    // A save over a version that moved on is refused, as for any save.
    const stale = await uploadPage(
      ctx.app,
      await admin(),
      first.html,
      { title: first.title, chapterId: chapter.id, baseVersion: version },
      id,
    )
    expect(stale.statusCode).toBe(409)
  })

  it('keeps the page’s links section when the Word file has none of its own', async () => {
    const chapter = await makeChapter(ctx.database)
    const picture = await lotus()
    const first = (await preview(await sampleDocument(picture))).json() as WordPreview
    expect(first.linksKept).toBe(false)
    expect(splitLinks(first.html).links).toBeNull()
    const links = '<h2>Allikad</h2>\n<p><a href="https://suttacentral.net/mn10">MN 10</a>, CC0.</p>'
    const saved = await uploadPage(ctx.app, await admin(), joinLinks(first.html, links), {
      title: first.title,
      chapterId: chapter.id,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const { id } = saved.json() as { id: number }

    const again = (await preview(await sampleDocument(picture), { contentId: id })).json() as WordPreview
    expect(again.linksKept).toBe(true)
    expect(splitLinks(again.html)).toEqual({ main: first.html, links })
    // The same document again: nothing changes, the links section included.
    expect(again.compare!.summary).toMatchObject({ changed: 0, added: 0, removed: 0 })
  })
})

describe('discarding the pictures of previews the editor did not take', () => {
  const discard = async (body: unknown, asAdmin = true) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/admin/word/discard',
      payload: body as object,
      headers: asAdmin ? { cookie: await admin() } : {},
    })
  const pictureOf = (background: string) =>
    sharp({ create: { width: 20, height: 20, channels: 3, background } })
      .png()
      .toBuffer()

  it('removes those no page shows in one call, with their audit entries, and keeps a shown one', async () => {
    const unused = (await preview(await sampleDocument(await pictureOf('#13579b')))).json() as WordPreview
    const shown = (await preview(await sampleDocument(await pictureOf('#b97531')))).json() as WordPreview
    const [unusedId] = unused.addedPictures
    const [shownId] = shown.addedPictures
    expect(unusedId).toBeGreaterThan(0)
    expect(shownId).toBeGreaterThan(0)
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, await admin(), shown.html, { title: shown.title, chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const [last] = await ctx.database.db.select({ id: max(auditLog.id) }).from(auditLog)

    // A visitor is refused before anything is looked at.
    expect((await discard({ pictures: [unusedId] }, false)).statusCode).toBe(401)
    const before = await imageCount()
    const answer = await discard({ pictures: [unusedId, shownId, unusedId, 2_000_000_000] })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ removed: [unusedId] })
    expect(await imageCount()).toBe(before - 1)
    const entries = await ctx.database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'image'), gt(auditLog.id, last!.id ?? 0)))
    expect(entries).toEqual([{ action: 'delete', entityId: unusedId }])
    // The page still shows its picture.
    const src = /src="([^"]+)"/.exec(shown.html)![1]!.replaceAll('&amp;', '&')
    expect((await ctx.app.inject({ url: src })).statusCode).toBe(200)
  })

  it('answers 400 to a body that is not a list of picture ids, removing nothing', async () => {
    const before = await imageCount()
    for (const body of [
      {},
      { pictures: [] },
      { pictures: [0] },
      { pictures: ['1'] },
      { pictures: [1.5] },
      { pictures: Array.from({ length: DOCX_MAX_PARTS + 1 }, (_, i) => i + 1) },
    ]) {
      const answer = await discard(body)
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(answer.json()).toHaveProperty('error')
    }
    expect(await imageCount()).toBe(before)
  })
})
