// Who gets a picture (decision 045): visitors only one that a published page shows, at its own
// address (the right `v`); administrators every stored one. A refused visitor's answer is the one a
// missing picture gets: 404, no ETag, nothing a cache keeps. The check is answered from memory while
// nothing changes, and a change (here, or in another process on PostgreSQL) is seen by the next read.
import pg from 'pg'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { LISTENER_NAME } from '../content/reader/page-states.ts'
import { readAllChunks, uploadPage } from '../../test/content-upload.ts'
import { makeChapter } from '../../test/factories.ts'
import { queriesDuring as countQueries } from '../../test/queries.ts'
import { loginAs, useSecondApp, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()
const other = useSecondApp(ctx)

const KEPT_BY_BROWSERS = 'private, max-age=31536000, immutable'

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return cookie
}

interface Uploaded {
  id: number
  url: string
}

let colour = 0x102030
async function uploadPicture(): Promise<Uploaded> {
  colour += 0x010101
  const file = await sharp({
    create: { width: 16, height: 12, channels: 3, background: `#${colour.toString(16).padStart(6, '0')}` },
  })
    .jpeg()
    .toBuffer()
  const boundary = '----image-access-boundary'
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { cookie: await admin(), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

const showing = (picture: Uploaded) => `<p>Enne <img src="${picture.url}" alt="kuju"> pärast</p>`

async function savePage(html: string, published: boolean) {
  const chapter = await makeChapter(ctx.database)
  const saved = await uploadPage(ctx.app, await admin(), html, { title: 'Pildiga', chapterId: chapter.id, published })
  expect(saved.statusCode, saved.body).toBe(200)
  return { id: saved.json().id as number, chapterId: chapter.id }
}

async function putPage(page: { id: number; chapterId: number }, html: string, published: boolean, links?: string) {
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/content/${page.id}`,
    headers: { cookie: await admin() },
    payload: { title: 'Pildiga', chapterId: page.chapterId, content: html, linksContent: links ?? null, published },
  })
  expect(saved.statusCode, saved.body).toBe(200)
}

const visitor = (url: string, headers: Record<string, string> = {}, app = ctx.app) => app.inject({ url, headers })
const asAdmin = async (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url, headers: { ...headers, cookie: await admin() } })

/** What a refused visitor is told: exactly what a picture that does not exist answers. */
async function expectRefused(answer: Awaited<ReturnType<typeof visitor>>, what: string) {
  const missing = await visitor('/api/images/999999?v=0000000000000000')
  expect(answer.statusCode, what).toBe(404)
  expect(answer.json(), what).toEqual({ error: 'Image not found', code: 'not_found' })
  expect(answer.headers.etag, what).toBeUndefined()
  expect(answer.headers['cache-control'], what).toBe('no-store')
  expect(answer.headers['cache-control'], what).toBe(missing.headers['cache-control'])
  expect(answer.body, what).toBe(missing.body)
}

describe('who gets a picture', () => {
  it('refuses visitors a picture that only a draft shows, as if it did not exist; administrators get it', async () => {
    const picture = await uploadPicture()
    const version = picture.url.split('v=')[1]!
    await savePage(showing(picture), false)

    await expectRefused(await visitor(picture.url), 'its own address')
    await expectRefused(await visitor(`/api/images/${picture.id}`), 'without v')
    // Knowing the hash does not help: no 304 either.
    await expectRefused(await visitor(picture.url, { 'if-none-match': `"${version}"` }), 'revalidated')
    const head = await ctx.app.inject({ method: 'HEAD', url: picture.url })
    expect(head.statusCode).toBe(404)
    expect(head.headers.etag).toBeUndefined()

    const shown = await asAdmin(picture.url)
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['content-type']).toBe('image/jpeg')
    // An administrator's browser asks again each time: after logging out, it is refused too.
    expect(shown.headers['cache-control']).toBe('private, no-cache')
    expect(shown.headers.etag).toBe(`"${version}"`)
    expect((await asAdmin(picture.url, { 'if-none-match': `"${version}"` })).statusCode).toBe(304)
  })

  it('refuses visitors a picture no page shows', async () => {
    const picture = await uploadPicture()
    await expectRefused(await visitor(picture.url), 'unused')
    expect((await asAdmin(picture.url)).statusCode).toBe(200)
  })

  it('gives visitors a published page’s picture at its own address, kept by browsers, not shared caches', async () => {
    const picture = await uploadPicture()
    const version = picture.url.split('v=')[1]!
    const page = await savePage(showing(picture), true)
    expect((await readAllChunks(ctx.app, page.id, 600)).join('')).toContain(picture.url)

    const served = await visitor(picture.url)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['cache-control']).toBe(KEPT_BY_BROWSERS)
    expect(served.headers.etag).toBe(`"${version}"`)
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const again = await visitor(picture.url, { 'if-none-match': `"${version}"` })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // The administrator gets a published page's picture as a visitor does.
    expect((await asAdmin(picture.url)).headers['cache-control']).toBe(KEPT_BY_BROWSERS)

    // The address cannot be guessed: without its v, or with another, it is not there, for anyone.
    for (const url of [
      `/api/images/${picture.id}`,
      `/api/images/${picture.id}?v=0000000000000000`,
      `/api/images/${picture.id}?v=${version.toUpperCase()}`,
      `/api/images/${picture.id}?v=${version}0`,
      `/api/images/${picture.id}?v=`,
    ]) {
      await expectRefused(await visitor(url), url)
      const refused = await asAdmin(url)
      expect(refused.statusCode, url).toBe(404)
      expect(refused.headers.etag, url).toBeUndefined()
    }
  })

  it('gives visitors a picture that a published page’s links section shows', async () => {
    const picture = await uploadPicture()
    const page = await savePage('<p>Tekst</p>', false)
    await putPage(page, '<p>Tekst</p>', true, `<p>Viide <img src="${picture.url}" alt="joonis"></p>`)
    expect((await visitor(picture.url)).statusCode).toBe(200)
  })

  it('takes a picture back at once when its page is unpublished, stops showing it or is deleted', async () => {
    const picture = await uploadPicture()
    const page = await savePage(showing(picture), true)
    expect((await visitor(picture.url)).statusCode).toBe(200)

    await putPage(page, showing(picture), false)
    await expectRefused(await visitor(picture.url), 'unpublished')
    await putPage(page, showing(picture), true)
    expect((await visitor(picture.url)).statusCode).toBe(200)
    await putPage(page, '<p>Pilt on läinud</p>', true)
    await expectRefused(await visitor(picture.url), 'no longer shown')
    await putPage(page, showing(picture), true)
    expect((await visitor(picture.url)).statusCode).toBe(200)
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/content/${page.id}`,
      headers: { cookie: await admin() },
    })
    expect(deleted.statusCode).toBe(204)
    await expectRefused(await visitor(picture.url), 'page deleted')

    // A second published page keeps it public while the first is a draft.
    const first = await savePage(showing(picture), true)
    const second = await savePage(showing(picture), true)
    await putPage(first, showing(picture), false)
    expect((await visitor(picture.url)).statusCode).toBe(200)
    await putPage(second, showing(picture), false)
    await expectRefused(await visitor(picture.url), 'both drafts')
  })

  it('checks from memory: a reader’s pictures and a flood of made-up addresses ask the database nothing more', async () => {
    const pictures = [await uploadPicture(), await uploadPicture(), await uploadPicture()]
    const draftOnly = await uploadPicture()
    await savePage(pictures.map(showing).join(''), true)
    await savePage(showing(draftOnly), false)
    for (const picture of pictures) expect((await visitor(picture.url)).statusCode).toBe(200)

    // Each picture served costs the one query for its bytes; the check costs none.
    const served = await queriesDuring(async () => {
      for (const picture of pictures) expect((await visitor(picture.url)).statusCode).toBe(200)
    })
    expect(served).toBe(pictures.length)
    // Drafts' pictures, wrong hashes and ids that do not exist: no query at all.
    const refused = await queriesDuring(async () => {
      for (let i = 0; i < 50; i++) {
        expect((await visitor(draftOnly.url)).statusCode).toBe(404)
        expect((await visitor(`/api/images/${pictures[0]!.id}?v=${i.toString(16).padStart(16, '0')}`)).statusCode).toBe(
          404,
        )
        expect((await visitor(`/api/images/${900_000 + i}?v=0123456789abcdef`)).statusCode).toBe(404)
      }
    })
    expect(refused).toBe(0)
  })

  it('sees a change made by another process at once (PostgreSQL), and while not listening asks each time', async () => {
    const picture = await uploadPicture()
    const page = await savePage(showing(picture), true)
    // The other app instance has read which pictures are public, and keeps that.
    expect((await visitor(picture.url, {}, other.app)).statusCode).toBe(200)
    // An administrator of this instance makes the page a draft: the other instance refuses at once.
    await putPage(page, showing(picture), false)
    if (ctx.database.kind !== 'postgres') return
    expect((await visitor(picture.url, {}, other.app)).statusCode).toBe(404)
    await putPage(page, showing(picture), true)
    expect((await visitor(picture.url, {}, other.app)).statusCode).toBe(200)

    // Another process (or `npm run import`) writes the table itself.
    const writer = new pg.Client({ connectionString: ctx.database.connectionString })
    await writer.connect()
    try {
      await writer.query('UPDATE content SET published = false WHERE id = $1', [page.id])
      await expect.poll(async () => (await visitor(picture.url)).statusCode, { timeout: 2_000 }).toBe(404)
      await writer.query('UPDATE content SET published = true WHERE id = $1', [page.id])
      await expect.poll(async () => (await visitor(picture.url)).statusCode, { timeout: 2_000 }).toBe(200)

      // Without the listening connection, nothing is kept: the next read sees a change.
      await writer.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_NAME],
      )
      await new Promise((resolve) => setTimeout(resolve, 50))
      await writer.query('UPDATE content SET published = false WHERE id = $1', [page.id])
      expect((await visitor(picture.url)).statusCode).toBe(404)
      await writer.query('UPDATE content SET published = true WHERE id = $1', [page.id])
      expect((await visitor(picture.url)).statusCode).toBe(200)
    } finally {
      await writer.end()
    }
  })
})

const queriesDuring = (work: () => Promise<unknown>) => countQueries(ctx, work)
