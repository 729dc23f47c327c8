// Pictures in pages over HTTP: upload kinds told by their bytes, refusals with clear messages,
// one stored copy per file, the served picture's headers, the library's uses and delete rules.
import zlib from 'node:zlib'
import { and, count, eq, inArray } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGE_ALT_MAX_CHARS, IMAGE_MAX_BYTES, READER_CHUNK_SIZE } from '#shared/limits.ts'
import { auditLog, images, users } from '../../db/schema.ts'
import { readAllChunks, uploadPage } from '../../test/content-upload.ts'
import { makeChapter } from '../../test/factories.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'
import { removeImagesNotShown } from './images.service.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return cookie
}

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(content: Buffer, filename: string, type: string, field = 'file') {
  const boundary = '----vitest-image-boundary-41c2'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function upload(
  content: Buffer,
  filename = 'pilt.jpg',
  type = 'image/jpeg',
  options: { asAdmin?: boolean; field?: string } = {},
) {
  const body = multipart(content, filename, type, options.field)
  const headers = options.asAdmin === false ? body.headers : { ...body.headers, cookie: await admin() }
  return ctx.app.inject({ method: 'POST', url: '/api/images', payload: body.payload, headers })
}

const picture = (width: number, height: number, channels: 3 | 4 = 3, background = '#8a3b12') =>
  sharp({ create: { width, height, channels, background } })

/** A PNG whose header claims `width`×`height` (its pixels are never there: the header is enough). */
function pngClaiming(width: number, height: number, real: Buffer) {
  const png = Buffer.from(real)
  // IHDR: length (4) type (4) at 8, width and height at 16 and 20, its CRC after the 13 data bytes.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
  return png
}

async function imageCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(images)
  return row!.n
}

describe('uploading pictures', () => {
  it('stores a large JPEG fitted inside 1600×1600 as JPEG, without its metadata', async () => {
    const file = await picture(2400, 1200)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Salajane kaamera', Artist: 'Keegi' } })
      .toBuffer()
    const response = await upload(file, 'suur foto.jpg')
    expect(response.statusCode, response.body).toBe(200)
    const image = response.json()
    expect(image).toMatchObject({ type: 'image/jpeg', width: 1600, height: 800, fileName: 'suur foto.jpg' })
    expect(image.existing).toBe(false)
    expect(image.createdBy).toBe('admin')
    expect(image.url).toMatch(new RegExp(`^/api/images/${image.id}\\?v=[0-9a-f]{16}$`))

    // A picture no published page shows is an administrator's (image-access.api.test.ts).
    const served = await ctx.app.inject({ url: image.url, headers: { cookie: await admin() } })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.length).toBe(image.sizeBytes)
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1600, height: 800 })
    expect(metadata.exif).toBeUndefined()
    expect(served.rawPayload.includes('Salajane')).toBe(false)
  })

  it('keeps transparency as WebP, re-encodes an opaque WebP as JPEG and keeps a GIF’s first frame', async () => {
    const transparent = await upload(
      await picture(300, 200, 4, '#00000000').png().toBuffer(),
      'läbipaistev.png',
      'image/png',
    )
    expect(transparent.statusCode, transparent.body).toBe(200)
    expect(transparent.json()).toMatchObject({ type: 'image/webp', width: 300, height: 200 })
    const served = await ctx.app.inject({ url: transparent.json().url, headers: { cookie: await admin() } })
    expect(served.headers['content-type']).toBe('image/webp')
    expect((await sharp(served.rawPayload).metadata()).hasAlpha).toBe(true)

    const webp = await upload(await picture(120, 90).webp().toBuffer(), 'foto.webp', 'image/webp')
    expect(webp.json()).toMatchObject({ type: 'image/jpeg', width: 120, height: 90 })

    const gif = await upload(await picture(64, 48, 3, '#225588').gif().toBuffer(), 'joonis.gif', 'image/gif')
    expect(gif.statusCode, gif.body).toBe(200)
    expect(gif.json()).toMatchObject({ width: 64, height: 48 })
  })

  it('tells the kind from the bytes: a picture with a wrong name is taken, a text named .jpg is refused', async () => {
    const png = await picture(40, 30).png().toBuffer()
    const misnamed = await upload(png, 'tegelikult-png.jpg', 'image/jpeg')
    expect(misnamed.statusCode, misnamed.body).toBe(200)

    const before = await imageCount()
    const text = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'pilt.jpg', 'image/jpeg')
    expect(text.statusCode).toBe(415)
    expect(text.json().error).toBe('Only JPEG, PNG, WebP and GIF pictures can be uploaded: this file is none of them')
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'pilt.png', 'image/png')
    expect(svg.statusCode).toBe(415)
    // Starts like a JPEG, but is not one.
    const damaged = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]))
    expect(damaged.statusCode).toBe(400)
    expect(damaged.json().error).toMatch(/could not be read/)
    expect(await imageCount()).toBe(before)
  })

  it('refuses a file over the size limit and a picture of too many pixels, saying which', async () => {
    const tooLarge = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0)
    tooLarge.set([0xff, 0xd8, 0xff, 0xe0])
    const large = await upload(tooLarge, 'valtsu.jpg')
    expect(large.statusCode).toBe(413)
    expect(large.json().error).toBe('The file is too large: a picture may be at most 15 MB')

    const bomb = pngClaiming(20_000, 20_000, await picture(8, 8).png().toBuffer())
    const pixels = await upload(bomb, 'pomm.png', 'image/png')
    expect(pixels.statusCode).toBe(413)
    expect(pixels.json().error).toBe(
      'The picture has too many pixels (20000×20000); at most 50 megapixels can be uploaded',
    )
  })

  it('stores the same file once: a second upload answers the stored picture', async () => {
    const file = await picture(50, 50, 3, '#123456').jpeg().toBuffer()
    const first = await upload(file, 'üks.jpg')
    const before = await imageCount()
    const second = await upload(file, 'teine nimi.jpg')
    expect(second.statusCode).toBe(200)
    expect(second.json()).toMatchObject({
      id: first.json().id,
      url: first.json().url,
      existing: true,
      fileName: 'üks.jpg',
    })
    expect(await imageCount()).toBe(before)
  })

  it('refuses a request without a file, and anyone not logged in', async () => {
    const file = await picture(10, 10).jpeg().toBuffer()
    const otherField = await upload(file, 'pilt.jpg', 'image/jpeg', { field: 'picture' })
    expect(otherField.statusCode).toBe(400)
    expect(otherField.json().error).toMatch(/Choose a picture file/)
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { cookie: await admin() },
      payload: { file: 'x' },
    })
    expect(notMultipart.statusCode).toBe(400)

    const anonymous = await upload(file, 'pilt.jpg', 'image/jpeg', { asAdmin: false })
    expect(anonymous.statusCode).toBe(401)
    for (const [method, url] of [
      ['GET', '/api/images'],
      ['PUT', '/api/images/1'],
      ['DELETE', '/api/images/1'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, payload: method === 'PUT' ? { alt: 'x' } : undefined })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })
})

describe('serving a picture', () => {
  it('is kept by browsers at its own address, with an ETag, nosniff and its type', async () => {
    const image = (await upload(await picture(20, 20, 3, '#654321').jpeg().toBuffer(), 'serve.jpg')).json()
    const chapter = await makeChapter(ctx.database)
    const html = `<p><img src="${image.url}" alt="x"></p>`
    const saved = await uploadPage(ctx.app, await admin(), html, { title: 'Näidatud', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const served = await ctx.app.inject({ url: image.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const etag = served.headers.etag as string
    expect(etag).toBe(`"${image.url.split('v=')[1]}"`)

    // Any other address of the id is not there (decision 045), revalidated or not.
    const other = await ctx.app.inject({ url: `/api/images/${image.id}?v=0000000000000000` })
    expect(other.statusCode).toBe(404)
    const bare = await ctx.app.inject({ url: `/api/images/${image.id}`, headers: { 'if-none-match': etag } })
    expect(bare.statusCode).toBe(404)
    const again = await ctx.app.inject({ url: image.url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')

    const missing = await ctx.app.inject({ url: '/api/images/999999?v=0000000000000000' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ error: 'Image not found', code: 'not_found' })
    expect((await ctx.app.inject({ url: '/api/images/abc' })).statusCode).toBe(400)
  })
})

describe('the image library', () => {
  it('names the pages that show a picture, refuses to delete it then, and deletes it once unused', async () => {
    const image = (await upload(await picture(800, 600, 3, '#336699').jpeg().toBuffer(), 'kasutusel.jpg')).json()
    const unused = (await upload(await picture(30, 30, 3, '#996633').jpeg().toBuffer(), 'kasutamata.jpg')).json()
    const chapter = await makeChapter(ctx.database)
    const html = `<p>Enne <img src="${image.url}" alt="Buddha kuju" width="800" height="600"> pärast</p>`
    const saved = await uploadPage(ctx.app, await admin(), html, { title: 'Piltidega leht', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const pageId = saved.json().id

    // The reader gets the picture with its size and lazy loading.
    const body = (await readAllChunks(ctx.app, pageId, READER_CHUNK_SIZE)).join('')
    expect(body).toContain(
      `<img src="${image.url}" alt="Buddha kuju" width="800" height="600" loading="lazy" decoding="async">`,
    )

    // The EPUB export keeps its rule for pictures (decision 031): their alt text in brackets.
    const epub = await ctx.app.inject({ url: `/api/content/${pageId}/epub` })
    expect(epub.statusCode).toBe(200)
    const texts = Object.values(unzipSync(epub.rawPayload)).map((file) => strFromU8(file))
    expect(texts.some((text) => text.includes('<span class="picture">[Buddha kuju]</span>'))).toBe(true)
    expect(texts.some((text) => text.includes('/api/images/'))).toBe(false)

    const list = await ctx.app.inject({ url: '/api/images', headers: { cookie: await admin() } })
    expect(list.statusCode).toBe(200)
    const entries = list.json() as { id: number; usedBy: { id: number; title: string }[] }[]
    expect(entries.find((entry) => entry.id === image.id)?.usedBy).toEqual([
      { id: pageId, title: 'Piltidega leht', chapterId: chapter.id, published: true },
    ])
    expect(entries.find((entry) => entry.id === unused.id)?.usedBy).toEqual([])
    expect(list.json()[0].bytes).toBeUndefined()

    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/images/${image.id}`,
      headers: { cookie: await admin() },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toBe('The picture is used on a page: “Piltidega leht”')
    expect(refused.json().details.pages).toEqual([
      { id: pageId, title: 'Piltidega leht', chapterId: chapter.id, published: true },
    ])
    expect((await ctx.app.inject({ url: image.url })).statusCode).toBe(200)

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/images/${unused.id}`,
      headers: { cookie: await admin() },
    })
    expect(deleted.statusCode).toBe(204)
    expect((await ctx.app.inject({ url: unused.url })).statusCode).toBe(404)

    // Once the page no longer shows it, the picture can go.
    const version = saved.json().version
    const resaved = await uploadPage(
      ctx.app,
      await admin(),
      '<p>Enne pärast</p>',
      { title: 'Piltidega leht', chapterId: chapter.id, baseVersion: version },
      pageId,
    )
    expect(resaved.statusCode, resaved.body).toBe(200)
    const now = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/images/${image.id}`,
      headers: { cookie: await admin() },
    })
    expect(now.statusCode).toBe(204)
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/images/${image.id}`,
      headers: { cookie: await admin() },
    })
    expect(gone.statusCode).toBe(404)
  })

  it('changes a picture’s alt text, within its limit', async () => {
    const image = (await upload(await picture(12, 12, 3, '#abcdef').jpeg().toBuffer(), 'alt.jpg')).json()
    const put = (alt: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/images/${image.id}`, headers: { cookie: cookie! }, payload: { alt } })
    const changed = await put('  Lootoseõis tiigil  ')
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ id: image.id, alt: 'Lootoseõis tiigil', url: image.url })
    const tooLong = await put('x'.repeat(IMAGE_ALT_MAX_CHARS + 1))
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error).toBeTruthy()
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/images/999999',
      headers: { cookie: cookie! },
      payload: { alt: 'x' },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('removes, in one pass over the pages, those of a list of pictures no page shows', async () => {
    const colours = ['#123456', '#654321', '#a0b0c0']
    const uploaded = await Promise.all(
      colours.map(async (background, i) => {
        const answer = await upload(await picture(40, 30, 3, background).jpeg().toBuffer(), `hulk-${i}.jpg`)
        expect(answer.statusCode).toBe(200)
        return answer.json() as { id: number; url: string }
      }),
    )
    const [first, shown, third] = uploaded as [(typeof uploaded)[0], (typeof uploaded)[0], (typeof uploaded)[0]]
    const chapter = await makeChapter(ctx.database)
    // Shown in the links section only: that counts as shown too.
    const saved = await uploadPage(
      ctx.app,
      await admin(),
      `<p>Tekst</p>\n=== LINKS START ===\n<p><img src="${shown.url}" alt="allikas"></p>`,
      { title: 'Viidetes pilt', chapterId: chapter.id },
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'admin'))
    const removed = await removeImagesNotShown(ctx.database.db, { id: user!.id, username: user!.username }, [
      first.id,
      shown.id,
      third.id,
      999_999,
    ])
    expect(removed.sort((a, b) => a - b)).toEqual([first.id, third.id].sort((a, b) => a - b))
    expect((await ctx.app.inject({ url: first.url })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: third.url })).statusCode).toBe(404)
    expect((await ctx.app.inject({ url: shown.url })).statusCode).toBe(200)
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'image'), eq(auditLog.action, 'delete'), inArray(auditLog.entityId, removed)))
    expect(audited).toHaveLength(2)
    expect(await removeImagesNotShown(ctx.database.db, { id: user!.id, username: 'admin' }, [])).toEqual([])
  })
})
