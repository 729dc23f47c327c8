// The product spec's calls (§7) answer as the spec lists them, seen from an HTTP client: one test per
// row of its table, checking the status and the listed fields, as a visitor and as a logged-in
// administrator where it matters. Our own additions are additive (new fields, new routes), never a
// changed status or a removed field (README "The API", decision 047): extra fields pass here, a
// missing one or another status fails. The pages of §2 follow: the app's paths are 200, any other
// path is the not-found page with 404, however it is spelled.
import net from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { clientDirWithFirstView } from '../test/client-dir.ts'
import { uploadPage } from '../test/content-upload.ts'
import { rawRequest } from '../test/raw-http.ts'
import { waitForReprocessing } from '../test/reprocess.ts'
import { loginAs, useTestApp } from '../test/test-app.ts'
import { ensureUser } from '../modules/auth/auth.service.ts'

const ctx = useTestApp({ clientDir: clientDirWithFirstView('spec-calls') })
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let admin = ''
const lib = { bookId: 0, chapterId: 0, pageId: 0, draftId: 0, termId: 0, draftTermId: 0 }

interface Answer {
  status: number
  body: unknown
  headers: Record<string, unknown>
}

/** One call as a browser makes it: JSON in and out, the session cookie when given. */
async function call(
  method: string,
  url: string,
  options: { cookie?: string; payload?: unknown } = {},
): Promise<Answer> {
  const response = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  })
  const text = response.body
  return { status: response.statusCode, body: text === '' ? undefined : JSON.parse(text), headers: response.headers }
}

/** `value` is an object with at least these fields (more are our own additions, and allowed). */
function expectFields(value: unknown, fields: string[], where: string) {
  expect(value, where).toBeTypeOf('object')
  expect(value, where).not.toBeNull()
  for (const field of fields) expect(value as object, `${where}: ${field}`).toHaveProperty(field)
}

/** A JSON error answer: status and an `error` text. */
function expectError(answer: Answer, status: number, where: string) {
  expect(answer.status, where).toBe(status)
  expect((answer.body as { error?: unknown }).error, where).toBeTypeOf('string')
}

beforeAll(async () => {
  admin = await loginAs(ctx, 'spec-admin')
  const book = await call('POST', '/api/books', {
    cookie: admin,
    payload: { title: 'Spec book', description: 'About', order: 1, coverImage: PNG },
  })
  lib.bookId = (book.body as { id: number }).id
  const chapter = await call('POST', '/api/chapters', {
    cookie: admin,
    payload: { title: 'Spec chapter', description: 'Chapter about', bookId: lib.bookId, order: 1 },
  })
  lib.chapterId = (chapter.body as { id: number }).id
  const page = await uploadPage(ctx.app, admin, '<h2>Spec heading</h2><p>Spec text about dhamma.</p>', {
    title: 'Spec page',
    chapterId: lib.chapterId,
    published: true,
  })
  expect(page.statusCode, page.body).toBe(200)
  lib.pageId = page.json().id
  const draft = await uploadPage(ctx.app, admin, '<p>Draft text.</p>', {
    title: 'Spec draft',
    chapterId: lib.chapterId,
    published: false,
  })
  lib.draftId = draft.json().id
  const term = await call('POST', '/api/terms', {
    cookie: admin,
    payload: { term: 'Dhamma', description: '<p>The teaching</p>', published: true },
  })
  lib.termId = (term.body as { id: number }).id
  const draftTerm = await call('POST', '/api/terms', {
    cookie: admin,
    payload: { term: 'Unpublished', description: '<p>Hidden</p>', published: false },
  })
  lib.draftTermId = (draftTerm.body as { id: number }).id
})

describe('§7 calls, accounts', () => {
  it('GET /api/user: the current user; 401 means none', async () => {
    expectError(await call('GET', '/api/user'), 401, 'visitor')
    const me = await call('GET', '/api/user', { cookie: admin })
    expect(me.status).toBe(200)
    expectFields(me.body, ['id', 'username'], 'administrator')
    expect(me.body).not.toHaveProperty('password')
  })

  it('POST /api/login: json username, password', async () => {
    await ensureUser(ctx.database.db, 'spec-login', 'correct horse battery', { resetPassword: false })
    const ok = await call('POST', '/api/login', {
      payload: { username: 'spec-login', password: 'correct horse battery' },
    })
    expect(ok.status).toBe(200)
    expect(String(ok.headers['set-cookie'])).toMatch(/session=/)
    expectError(
      await call('POST', '/api/login', { payload: { username: 'spec-login', password: 'wrong' } }),
      401,
      'wrong',
    )
  })

  it('POST /api/logout: none', async () => {
    const cookie = await loginAs(ctx, 'spec-logout')
    const out = await call('POST', '/api/logout', { cookie })
    expect(out.status).toBe(200)
    expectError(await call('GET', '/api/user', { cookie }), 401, 'after logout')
  })

  it('POST /api/register: json (an administrator adds a user; nobody else may once one exists)', async () => {
    const made = await call('POST', '/api/register', {
      cookie: admin,
      payload: { username: 'spec-registered', password: 'correct horse battery' },
    })
    expect(made.status).toBeGreaterThanOrEqual(200)
    expect(made.status).toBeLessThan(300)
    expectFields(made.body, ['id', 'username'], 'registered')
    const stranger = await call('POST', '/api/register', {
      payload: { username: 'x-spec', password: 'long enough pw' },
    })
    expect(stranger.status).toBeGreaterThanOrEqual(400)
    expect(stranger.status).toBeLessThan(500)
  })
})

describe('§7 calls, books', () => {
  it('GET /api/books: id, title, description, order, coverImage; the reader view adds chapters[id, title, contentCount]', async () => {
    for (const cookie of [undefined, admin]) {
      const list = await call('GET', '/api/books', { cookie })
      expect(list.status).toBe(200)
      const book = (list.body as { id: number }[]).find((b) => b.id === lib.bookId)
      expectFields(
        book,
        ['id', 'title', 'description', 'order', 'coverImage', 'chapters'],
        `book (${cookie ? 'admin' : 'visitor'})`,
      )
      const { coverImage, coverUrl, chapters } = book as unknown as {
        coverImage: string
        coverUrl: string
        chapters: unknown[]
      }
      // The cover as its own immutable address (the list stays small); coverUrl is the same address.
      expect(coverImage).toMatch(/^\/api\/books\/\d+\/cover\?v=[0-9a-f]{16}$/)
      expect(coverUrl).toBe(coverImage)
      const cover = await ctx.app.inject({ url: coverImage })
      expect(cover.statusCode).toBe(200)
      expect(cover.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(chapters.length).toBe(1)
      expectFields(chapters[0], ['id', 'title', 'contentCount'], 'chapter')
      // Visitors count published pages only.
      expect((chapters[0] as { contentCount: number }).contentCount).toBe(cookie ? 2 : 1)
    }
  })

  it('GET /api/books/{id}: the book (title read), with its fields', async () => {
    const book = await call('GET', `/api/books/${lib.bookId}`)
    expect(book.status).toBe(200)
    expectFields(book.body, ['id', 'title', 'description', 'order', 'coverImage', 'createdAt', 'updatedAt'], 'book')
    expect((book.body as { coverImage: string }).coverImage).toBe(PNG)
    expectError(await call('GET', '/api/books/999999'), 404, 'missing book')
  })

  it('POST /api/books: json title, description, order, coverImage; returns the created book', async () => {
    expectError(await call('POST', '/api/books', { payload: { title: 'No' } }), 401, 'visitor')
    const made = await call('POST', '/api/books', {
      cookie: admin,
      payload: { title: 'Made', description: 'D', order: '3', coverImage: PNG },
    })
    expect([200, 201]).toContain(made.status)
    expect(made.body).toMatchObject({ title: 'Made', description: 'D', order: 3, coverImage: PNG })
    expectFields(made.body, ['id', 'createdAt', 'updatedAt'], 'created')
  })

  it('PUT /api/books/{id}: the same body; returns the updated book', async () => {
    const made = await call('POST', '/api/books', { cookie: admin, payload: { title: 'To change' } })
    const id = (made.body as { id: number }).id
    const changed = await call('PUT', `/api/books/${id}`, {
      cookie: admin,
      payload: { title: 'Changed', description: null, order: 2, coverImage: PNG },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id, title: 'Changed', description: null, order: 2, coverImage: PNG })
  })

  it('DELETE /api/books/{id}: none', async () => {
    const made = await call('POST', '/api/books', { cookie: admin, payload: { title: 'To delete' } })
    const id = (made.body as { id: number }).id
    expectError(await call('DELETE', `/api/books/${id}`), 401, 'visitor')
    const gone = await call('DELETE', `/api/books/${id}`, { cookie: admin })
    expect(gone.status).toBeGreaterThanOrEqual(200)
    expect(gone.status).toBeLessThan(300)
    expect((await call('GET', `/api/books/${id}`)).status).toBe(404)
  })
})

describe('§7 calls, chapters', () => {
  it('GET /api/chapters: an array', async () => {
    const list = await call('GET', '/api/chapters')
    expect(list.status).toBe(200)
    expect(Array.isArray(list.body)).toBe(true)
    expectFields(
      (list.body as { id: number }[]).find((c) => c.id === lib.chapterId),
      ['id', 'title'],
      'chapter',
    )
  })

  it('GET /api/chapters/list/{bookId}: id, title, description, order, bookId', async () => {
    const list = await call('GET', `/api/chapters/list/${lib.bookId}`)
    expect(list.status).toBe(200)
    expect((list.body as unknown[]).length).toBe(1)
    expectFields((list.body as unknown[])[0], ['id', 'title', 'description', 'order', 'bookId'], 'chapter')
  })

  it('GET /api/chapters/{id}: the chapter with title and nested book (id, title)', async () => {
    const chapter = await call('GET', `/api/chapters/${lib.chapterId}`)
    expect(chapter.status).toBe(200)
    expectFields(chapter.body, ['id', 'title', 'bookId', 'book'], 'chapter')
    expect((chapter.body as { book: unknown }).book).toMatchObject({ id: lib.bookId, title: 'Spec book' })
    expectError(await call('GET', '/api/chapters/999999'), 404, 'missing chapter')
  })

  it('POST /api/chapters and PUT /api/chapters/{id}: title, description, bookId, order', async () => {
    const payload = { title: 'New chapter', description: 'Desc', bookId: lib.bookId, order: 4 }
    expectError(await call('POST', '/api/chapters', { payload }), 401, 'visitor')
    const made = await call('POST', '/api/chapters', { cookie: admin, payload })
    expect([200, 201]).toContain(made.status)
    expect(made.body).toMatchObject(payload)
    const id = (made.body as { id: number }).id
    const changed = await call('PUT', `/api/chapters/${id}`, {
      cookie: admin,
      payload: { ...payload, title: 'Renamed' },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ ...payload, id, title: 'Renamed' })
  })

  it('DELETE /api/chapters/{id}: none', async () => {
    const made = await call('POST', '/api/chapters', { cookie: admin, payload: { title: 'Gone', bookId: lib.bookId } })
    const id = (made.body as { id: number }).id
    const gone = await call('DELETE', `/api/chapters/${id}`, { cookie: admin })
    expect(gone.status).toBeGreaterThanOrEqual(200)
    expect(gone.status).toBeLessThan(300)
    expect((await call('GET', `/api/chapters/${id}`)).status).toBe(404)
  })

  it('GET /api/chapters/{id}/content: items[] with id, title; cached 5 minutes', async () => {
    const visitor = await call('GET', `/api/chapters/${lib.chapterId}/content`)
    expect(visitor.status).toBe(200)
    const items = (visitor.body as { items: { id: number; title: string }[] }).items
    expect(items.map((item) => item.id)).toEqual([lib.pageId])
    expectFields(items[0], ['id', 'title'], 'item')
    expect(String(visitor.headers['cache-control'])).toMatch(/max-age=300\b/)
    const asAdmin = await call('GET', `/api/chapters/${lib.chapterId}/content`, { cookie: admin })
    expect((asAdmin.body as { items: unknown[] }).items.length).toBe(2)
  })
})

describe('§7 calls, content', () => {
  it('GET /api/content?chapterId={id}: an array of id, title, order, published', async () => {
    const list = await call('GET', `/api/content?chapterId=${lib.chapterId}`, { cookie: admin })
    expect(list.status).toBe(200)
    const items = list.body as { id: number }[]
    expect(items.map((item) => item.id).sort()).toEqual([lib.pageId, lib.draftId].sort())
    for (const item of items) expectFields(item, ['id', 'title', 'order', 'published'], 'page')
  })

  it('GET /api/content/{id}: the page with its fields (a draft only for an administrator)', async () => {
    const page = await call('GET', `/api/content/${lib.pageId}`)
    expect(page.status).toBe(200)
    const fields = ['id', 'chapterId', 'title', 'content', 'processedContent', 'linksContent', 'headers']
    expectFields(page.body, [...fields, 'citations', 'published', 'order', 'createdAt', 'updatedAt', 'chapter'], 'page')
    // Spec §3 calls headers "JSON text"; the runtime contract reads it as the list [{ text, level, id }].
    const { headers, chapter } = page.body as { headers: unknown[]; chapter: object }
    expectFields(headers[0], ['text', 'level', 'id'], 'heading')
    expectFields(chapter, ['bookId', 'bookTitle'], 'chapter')
    expectError(await call('GET', `/api/content/${lib.draftId}`), 404, 'draft for a visitor')
    expect((await call('GET', `/api/content/${lib.draftId}`, { cookie: admin })).status).toBe(200)
  })

  it('POST /api/content and PUT /api/content/{id}: json content, linksContent, title, chapterId, order, published', async () => {
    const payload = {
      content: '<p>Posted.</p>',
      linksContent: '<p>Links.</p>',
      title: 'Posted',
      chapterId: lib.chapterId,
      order: 7,
      published: false,
    }
    expectError(await call('POST', '/api/content', { payload }), 401, 'visitor')
    const made = await call('POST', '/api/content', { cookie: admin, payload })
    expect([200, 201]).toContain(made.status)
    expect(made.body).toMatchObject({ title: 'Posted', chapterId: lib.chapterId, order: 7, published: false })
    const id = (made.body as { id: number }).id
    const changed = await call('PUT', `/api/content/${id}`, {
      cookie: admin,
      payload: { ...payload, title: 'Put', published: true },
    })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id, title: 'Put', published: true })
    expectFields(changed.body, ['content', 'linksContent'], 'page')
  })

  it('DELETE /api/content/{id}: none', async () => {
    const made = await call('POST', '/api/content', {
      cookie: admin,
      payload: { content: '<p>x</p>', title: 'Doomed', chapterId: lib.chapterId },
    })
    const id = (made.body as { id: number }).id
    expectError(await call('DELETE', `/api/content/${id}`), 401, 'visitor')
    const gone = await call('DELETE', `/api/content/${id}`, { cookie: admin })
    expect(gone.status).toBeGreaterThanOrEqual(200)
    expect(gone.status).toBeLessThan(300)
    expect((await call('GET', `/api/content/${id}`, { cookie: admin })).status).toBe(404)
  })

  it('POST /api/content/chunk and /finalize: progress, then the page; a failed finalize has error and details', async () => {
    const chunk = await call('POST', '/api/content/chunk', {
      cookie: admin,
      payload: { chunk: '<p>Chunked.</p>', chunkIndex: 0, totalChunks: 1, contentId: 'new' },
    })
    expect(chunk.status).toBe(200)
    expectFields(chunk.body, ['progress'], 'chunk')
    const metadata = { title: 'Chunked', chapterId: lib.chapterId, order: 0, published: true }
    const done = await call('POST', '/api/content/finalize', {
      cookie: admin,
      payload: { contentId: 'new', totalChunks: 1, metadata },
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ title: 'Chunked', chapterId: lib.chapterId, published: true })
    // Nothing staged for it (a second finalize of the same upload): an error with details.
    const failed = await call('POST', '/api/content/finalize', {
      cookie: admin,
      payload: { contentId: 'new', totalChunks: 3, metadata },
    })
    expect(failed.status).toBeGreaterThanOrEqual(400)
    expect(failed.status).toBeLessThan(500)
    expectFields(failed.body, ['error', 'details'], 'failed finalize')
  })

  it('GET /api/content/{id}/chunks?chunk={n}&size=600: chunk, hasMore, totalChunks; an error in field error', async () => {
    expect(READER_CHUNK_SIZE).toBe(600)
    const first = await call('GET', `/api/content/${lib.pageId}/chunks?chunk=0&size=600`)
    expect(first.status).toBe(200)
    expectFields(first.body, ['chunk', 'hasMore', 'totalChunks'], 'chunk')
    const { chunk, hasMore, totalChunks } = first.body as { chunk: string; hasMore: boolean; totalChunks: number }
    expect(chunk).toContain('Spec text about dhamma.')
    expect(hasMore).toBe(totalChunks > 1)
    const past = await call('GET', `/api/content/${lib.pageId}/chunks?chunk=${totalChunks}&size=600`)
    expect(past.status).toBeGreaterThanOrEqual(400)
    expect(past.status).toBeLessThan(500)
    expect((past.body as { error?: unknown }).error).toBeTypeOf('string')
    expectError(await call('GET', `/api/content/${lib.draftId}/chunks?chunk=0&size=600`), 404, 'draft for a visitor')
    expect((await call('GET', `/api/content/${lib.draftId}/chunks?chunk=0&size=600`, { cookie: admin })).status).toBe(
      200,
    )
  })

  it('GET /api/content/{id}/chunks takes any size from 1 to 600; others are an error in field error', async () => {
    const whole = await call('GET', `/api/content/${lib.pageId}/chunks?chunk=0&size=600`)
    const joined = (whole.body as { chunk: string }).chunk
    for (const size of [1, 4, 599]) {
      const first = await call('GET', `/api/content/${lib.pageId}/chunks?chunk=0&size=${size}`)
      expect(first.status, `size ${size}`).toBe(200)
      expectFields(first.body, ['chunk', 'hasMore', 'totalChunks'], `chunk of size ${size}`)
      const { totalChunks } = first.body as { totalChunks: number }
      const parts: string[] = []
      for (let n = 0; n < totalChunks; n++) {
        const part = await call('GET', `/api/content/${lib.pageId}/chunks?chunk=${n}&size=${size}`)
        expect(part.status).toBe(200)
        const body = part.body as { chunk: string; hasMore: boolean }
        expect(body.hasMore).toBe(n < totalChunks - 1)
        parts.push(body.chunk)
      }
      // the same blocks, cut another way
      expect(parts.join('\n')).toBe(joined)
    }
    for (const size of ['0', '601', 'x', '2.5']) {
      const refused = await call('GET', `/api/content/${lib.pageId}/chunks?chunk=0&size=${size}`)
      expect(refused.status, `size ${size}`).toBe(400)
      expect((refused.body as { error?: unknown }).error).toBeTypeOf('string')
    }
  })

  it('POST /api/admin/reprocess-headers: no body; the answer has a message, an error an error field', async () => {
    expectError(await call('POST', '/api/admin/reprocess-headers'), 401, 'visitor')
    const started = await call('POST', '/api/admin/reprocess-headers', { cookie: admin })
    expect(started.status).toBeGreaterThanOrEqual(200)
    expect(started.status).toBeLessThan(300)
    expect((started.body as { message?: unknown }).message).toBeTypeOf('string')
    await waitForReprocessing(ctx.app, admin)
  })
})

describe('§7 calls, search and lexicon', () => {
  it('GET /api/search?q=&books=…&includeLexicon=true: a results list', async () => {
    const found = await call('GET', `/api/search?q=dhamma&books=${lib.bookId}&includeLexicon=true`)
    expect(found.status).toBe(200)
    const results = (found.body as { results: { type: string }[] }).results
    expect(Array.isArray(results)).toBe(true)
    expect(new Set(results.map((result) => result.type))).toEqual(new Set(['term', 'content']))
    for (const result of results) {
      expectFields(result, ['type', 'id', 'bookTitle', 'chapterTitle', 'preview'], 'result')
      expect(result, 'term or title').toHaveProperty(result.type === 'term' ? 'term' : 'title')
    }
  })

  it('GET /api/terms: all terms (published ones for a visitor)', async () => {
    const all = await call('GET', '/api/terms')
    expect(all.status).toBe(200)
    const ids = (all.body as { id: number }[]).map((term) => term.id)
    expect(ids).toContain(lib.termId)
    expect(ids).not.toContain(lib.draftTermId)
    expectFields(
      (all.body as unknown[])[0],
      ['id', 'term', 'description', 'published', 'createdAt', 'updatedAt'],
      'term',
    )
  })

  it('GET /api/terms?page&limit=25&search: data[], pagination', async () => {
    const page = await call('GET', '/api/terms?page=1&limit=25&search=dham')
    expect(page.status).toBe(200)
    expectFields(page.body, ['data', 'pagination'], 'page')
    const { data, pagination } = page.body as { data: { id: number }[]; pagination: object }
    expect(data.map((term) => term.id)).toEqual([lib.termId])
    expectFields(pagination, ['page', 'total', 'totalPages', 'hasNext', 'hasPrev'], 'pagination')
  })

  it('GET /api/terms/letters: an array of letters', async () => {
    const letters = await call('GET', '/api/terms/letters')
    expect(letters.status).toBe(200)
    expect(letters.body).toContain('D')
    for (const letter of letters.body as unknown[]) expect(letter).toBeTypeOf('string')
  })

  it('GET /api/terms/by-letter/{letter}: terms', async () => {
    const terms = await call('GET', '/api/terms/by-letter/D')
    expect(terms.status).toBe(200)
    expect((terms.body as { id: number }[]).map((term) => term.id)).toContain(lib.termId)
  })

  it('GET /api/terms/{id}: the term', async () => {
    const term = await call('GET', `/api/terms/${lib.termId}`)
    expect(term.status).toBe(200)
    expect(term.body).toMatchObject({ id: lib.termId, term: 'Dhamma', published: true })
    expectError(await call('GET', `/api/terms/${lib.draftTermId}`), 404, 'unpublished for a visitor')
    expect((await call('GET', `/api/terms/${lib.draftTermId}`, { cookie: admin })).status).toBe(200)
  })

  it('POST, PUT and DELETE /api/terms: term, description, published', async () => {
    const payload = { term: 'Sīla', description: '<p>Virtue</p>', published: true }
    expectError(await call('POST', '/api/terms', { payload }), 401, 'visitor')
    const made = await call('POST', '/api/terms', { cookie: admin, payload })
    expect([200, 201]).toContain(made.status)
    expect(made.body).toMatchObject(payload)
    const id = (made.body as { id: number }).id
    const changed = await call('PUT', `/api/terms/${id}`, { cookie: admin, payload: { ...payload, published: false } })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ id, published: false })
    const gone = await call('DELETE', `/api/terms/${id}`, { cookie: admin })
    expect(gone.status).toBeGreaterThanOrEqual(200)
    expect(gone.status).toBeLessThan(300)
    expect((await call('GET', `/api/terms/${id}`, { cookie: admin })).status).toBe(404)
  })

  it('GET /api/admin/terms?page&limit=20&search: data, pagination (unpublished too)', async () => {
    expectError(await call('GET', '/api/admin/terms?page=1&limit=20'), 401, 'visitor')
    const page = await call('GET', '/api/admin/terms?page=1&limit=20&search=unpub', { cookie: admin })
    expect(page.status).toBe(200)
    expectFields(page.body, ['data', 'pagination'], 'page')
    expect((page.body as { data: { id: number }[] }).data.map((term) => term.id)).toEqual([lib.draftTermId])
  })

  it('POST /api/terms/import: a multipart file; the answer has the imported count', async () => {
    const boundary = '----spec-calls-boundary'
    const csv = 'term,description,published\nVinaya,<p>Discipline</p>,yes\nSutta,<p>Discourse</p>,no\n'
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="terms.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    )
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/terms/import',
      headers: { cookie: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(imported.statusCode, imported.body).toBe(200)
    expect(imported.json().imported).toBe(2)
  })

  it('POST /api/feedback: name, email, feedback', async () => {
    const sent = await call('POST', '/api/feedback', {
      payload: { name: 'Lugeja', email: 'lugeja@example.ee', feedback: 'Aitäh!' },
    })
    expect(sent.status).toBeGreaterThanOrEqual(200)
    expect(sent.status).toBeLessThan(300)
    const empty = await call('POST', '/api/feedback', { payload: { feedback: '' } })
    expectError(empty, 400, 'empty feedback')
    expect((empty.body as { error: string }).error).toContain('Tagasiside on kohustuslik')
  })
})

describe('§2 pages: the app’s paths are pages, any other path is the not-found page with 404', () => {
  const page = (url: string, options: { cookie?: string; method?: 'GET' | 'HEAD' } = {}) =>
    ctx.app.inject({ method: options.method ?? 'GET', url, headers: options.cookie ? { cookie: options.cookie } : {} })

  it('answers the spec’s public and admin routes with the app shell, 200', async () => {
    const paths = [
      '/',
      `/content/${lib.pageId}`,
      `/term/${lib.termId}`,
      '/lexicon',
      '/auth',
      `/book/${lib.bookId}`,
      `/chapter/${lib.chapterId}`,
      '/otsing?q=dhamma',
      '/admin',
      '/admin/books',
      `/admin/books/${lib.bookId}/chapters`,
      `/admin/books/${lib.bookId}/chapters/new`,
      `/admin/books/${lib.bookId}/chapters/${lib.chapterId}/edit`,
      `/admin/books/${lib.bookId}/chapters/${lib.chapterId}/content`,
      `/admin/content/new?chapterId=${lib.chapterId}`,
      `/admin/content/edit/${lib.pageId}`,
      '/admin/lexicon',
      '/admin/terms/new',
      `/admin/terms/edit/${lib.termId}`,
    ]
    for (const url of paths) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(response.body, url).toContain('<div id="root">')
    }
  })

  it('answers any other path with the same shell (the client shows the not-found page) and 404', async () => {
    for (const url of [
      '/metrics',
      '/foo/bar',
      '/admin/nothing',
      '/content',
      '/content/abc',
      '/books/1',
      '/wp-login.php',
    ]) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8')
      expect(response.body, url).toContain('<div id="root">')
      expect(response.headers.etag, url).toBeUndefined()
      // HEAD says the same, without the body.
      const head = await page(url, { method: 'HEAD' })
      expect(head.statusCode, `HEAD ${url}`).toBe(404)
      expect(head.body).toBe('')
    }
    expect((await page('/lexicon', { method: 'HEAD' })).statusCode).toBe(200)
  })

  it('answers unknown paths under /api/ with a JSON 404', async () => {
    for (const url of ['/api/metrics', '/api/foo/bar', '/api']) {
      const response = await page(url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toHaveProperty('error')
    }
  })

  it('answers a reader page or term that is not there for the reader with 404; an administrator’s draft is a page', async () => {
    for (const url of [`/content/${lib.draftId}`, '/content/99999999', `/term/${lib.draftTermId}`, '/term/99999999']) {
      expect((await page(url)).statusCode, url).toBe(404)
    }
    expect((await page(`/content/${lib.draftId}`, { cookie: admin })).statusCode).toBe(200)
    expect((await page(`/term/${lib.draftTermId}`, { cookie: admin })).statusCode).toBe(200)
    expect((await page('/content/99999999', { cookie: admin })).statusCode).toBe(404)
    expect((await page('/term/99999999', { cookie: admin })).statusCode).toBe(404)
  })

  it('clears a dead session cookie when it is asked who is reading (a draft’s reader page)', async () => {
    const cookie = await loginAs(ctx, 'spec-dead')
    await call('POST', '/api/logout', { cookie })
    const response = await page(`/content/${lib.draftId}`, { cookie })
    expect(response.statusCode).toBe(404)
    expect(String(response.headers['set-cookie'])).toMatch(/signed_in=;/)
  })

  describe('odd spellings, from a raw socket', () => {
    let port = 0
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      port = (ctx.app.server.address() as net.AddressInfo).port
    })

    /** The status of one request sent exactly as written. */
    const rawStatus = async (method: string, target: string) => (await rawRequest(port, method, target)).status

    // As the client router reads them (shared/app-routes.ts; client/router.test.ts checks the two agree):
    // trailing slashes and case do not matter, each segment is percent-decoded; anything else is no page.
    it.each([
      ['GET', '/lexicon', 200],
      ['GET', '/lexicon/', 200],
      ['GET', '/LEXICON', 200],
      ['GET', '/%6cexicon', 200],
      ['HEAD', '/lexicon', 200],
      ['GET', '//lexicon', 404],
      ['GET', '//foo', 404],
      ['GET', '/foo/../lexicon', 404],
      ['GET', '/%2e%2e/lexicon', 404],
      ['GET', '/lexicon%2F', 404],
      // Malformed percent-encoding is a bad request (Fastify's answer), never a page.
      ['GET', '/lexicon%', 400],
      ['HEAD', '/foo/bar', 404],
      ['GET', '/metrics', 404],
      ['GET', '/api/../metrics', 404],
      ['POST', '/foo', 404],
    ])('%s %s is %i', async (method, target, status) => {
      expect(await rawStatus(method, target)).toBe(status)
    })

    it('reader pages by other spellings: the page’s own status', async () => {
      expect(await rawStatus('GET', `/content/${lib.pageId}/`)).toBe(200)
      expect(await rawStatus('GET', `/Content/${lib.pageId}`)).toBe(200)
      expect(await rawStatus('GET', `/content/${lib.draftId}/`)).toBe(404)
      expect(await rawStatus('GET', '/content/0')).toBe(404)
      expect(await rawStatus('GET', '/content/99999999999')).toBe(404)
    })
  })
})
