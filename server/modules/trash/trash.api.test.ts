// The trash (issue 26, item 5; decision 043): a deleted book, chapter or page is gone for visitors
// everywhere at once and comes back whole (chapters, pages, order, revisions, reader build, search)
// when an administrator restores it; purged by hand or after 30 days; every step in the audit log.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { TrashEntry, TrashPage } from '#shared/api/trash.ts'
import { READER_CHUNK_SIZE, TRASH_KEEP_DAYS } from '#shared/limits.ts'
import { readAllChunks, uploadPage } from '../../test/content-upload.ts'
import { clientDirWithFirstView } from '../../test/client-dir.ts'
import { makeBook, makeChapter } from '../../test/factories.ts'
import { generatePage } from '../../test/generated-page.ts'
import { loginAs, useSecondApp, useTestApp, type TestContext } from '../../test/test-app.ts'
import { purgeExpired } from './trash.service.ts'

const ctx = useTestApp({ clientDir: clientDirWithFirstView('trash-client') })
const other = useSecondApp(ctx)

const DAY_MS = 24 * 60 * 60 * 1000
const WORD = 'zqxvöötrash'

async function makeTerm(cookie: string, term: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/terms',
    headers: { cookie },
    payload: { term, description: `<p>About ${term}</p>`, published: true },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as number
}

async function page(cookie: string, chapterId: number, title: string, order: number, html: string) {
  const saved = await uploadPage(ctx.app, cookie, html, { title, chapterId, order })
  expect(saved.statusCode, saved.body).toBe(200)
  return saved.json() as { id: number; version: number }
}

const get = (url: string, cookie?: string, app = ctx.app) => app.inject({ url, headers: cookie ? { cookie } : {} })

async function trashList(cookie: string) {
  const answer = await get('/api/admin/trash', cookie)
  expect(answer.statusCode, answer.body).toBe(200)
  return (answer.json() as TrashPage).data
}

async function searchTitles(q: string) {
  const answer = await get(`/api/search?q=${encodeURIComponent(q)}`)
  expect(answer.statusCode, answer.body).toBe(200)
  return (answer.json().results as { title?: string; contentId?: number }[]).map((r) => r.title)
}

async function auditActions(cookie: string) {
  const answer = await get('/api/admin/audit?limit=100', cookie)
  return (answer.json().data as { action: string; entity: string; entityId: number; username: string | null }[]).map(
    (e) => `${e.action} ${e.entity} ${e.entityId} ${e.username ?? '-'}`,
  )
}

const restore = (cookie: string, id: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/trash/${id}/restore`, headers: { cookie } })

/** A book of two chapters and three pages (one saved twice), a term link and a word only it has. */
async function library(cookie: string) {
  const termId = await makeTerm(cookie, `trashterm-${Math.random().toString(36).slice(2, 8)}`)
  const book = await makeBook(ctx.database, { title: 'Prügiraamat', order: 7 })
  const first = await makeChapter(ctx.database, { bookId: book.id, title: 'Esimene', order: 2 })
  const second = await makeChapter(ctx.database, { bookId: book.id, title: 'Teine', order: 5 })
  const html = (n: number) =>
    `<h2>Osa ${n}</h2><p>${WORD} ${n} <a href="/term/${termId}">mõiste</a>.</p>` +
    Array.from({ length: 40 }, (_, i) => `<p>Lõik ${i} lehel ${n}.</p>`).join('')
  const a = await page(cookie, first.id, 'Leht A', 3, html(1))
  const b = await page(cookie, first.id, 'Leht B', 1, html(2))
  const c = await page(cookie, second.id, 'Leht C', 0, html(3))
  // A second save of A: one revision kept.
  const saved = await uploadPage(
    ctx.app,
    cookie,
    html(1) + '<p>Lisatud.</p>',
    {
      title: 'Leht A',
      chapterId: first.id,
      order: 3,
      baseVersion: a.version,
    },
    a.id,
  )
  expect(saved.statusCode, saved.body).toBe(200)
  return { termId, book, chapters: [first, second], pages: [a, b, c] }
}

/** A restored page shows its build written again under a new id: the text is what is compared. */
function withoutBuildIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBuildIds)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === 'buildId' ? 'some build' : withoutBuildIds(inner)]),
  )
}

/** What visitors and administrators see of a library: compared before deleting and after restoring. */
async function everything(cookie: string, lib: Awaited<ReturnType<typeof library>>) {
  const pages = []
  for (const { id } of lib.pages) {
    pages.push({
      page: (await get(`/api/content/${id}?body=false`, cookie)).json(),
      chunks: await readAllChunks(ctx.app, id, READER_CHUNK_SIZE),
      revisions: (await get(`/api/content/${id}/revisions`, cookie)).json(),
      summary: (await get(`/api/content/${id}/summary`)).json(),
    })
  }
  return withoutBuildIds({
    book: (await get(`/api/books/${lib.book.id}`)).json(),
    chapters: [
      (await get(`/api/chapters/${lib.chapters[0]!.id}/content`)).json(),
      (await get(`/api/chapters/${lib.chapters[1]!.id}/content`)).json(),
    ],
    pages,
    usage: (await get(`/api/terms/${lib.termId}/usage`)).json(),
    search: (await searchTitles(WORD)).sort(),
  }) as { search: string[]; pages: { revisions: { data: unknown[] }; page: { version: number } }[] }
}

describe('deleting moves to the trash', () => {
  it('hides a deleted book from visitors everywhere at once, and restoring brings it back whole', async () => {
    const cookie = await loginAs(ctx)
    const lib = await library(cookie)
    const [a] = lib.pages
    const before = await everything(cookie, lib)
    expect(before.search).toEqual(['Leht A', 'Leht B', 'Leht C'])
    expect(before.pages[0]!.revisions.data.length).toBeGreaterThanOrEqual(1)
    expect((await get(`/content/${a!.id}`)).body).toContain('Leht A')
    // Another process keeps the page's state in memory too (PostgreSQL: told by NOTIFY).
    expect(
      (await get(`/api/content/${a!.id}/chunks?chunk=0&size=${READER_CHUNK_SIZE}`, undefined, other.app)).statusCode,
    ).toBe(200)

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${lib.book.id}`, headers: { cookie } })
    expect(deleted.statusCode).toBe(204)
    expect(deleted.body).toBe('')

    // Gone for visitors: reads, reader chunks, the page's HTML, search, the sitemap, EPUB, term usage.
    expect((await get(`/api/books/${lib.book.id}`)).statusCode).toBe(404)
    expect((await get('/api/books')).json().map((b: { id: number }) => b.id)).not.toContain(lib.book.id)
    expect((await get(`/api/chapters/${lib.chapters[0]!.id}`)).statusCode).toBe(404)
    for (const { id } of lib.pages) {
      expect((await get(`/api/content/${id}`)).statusCode).toBe(404)
      expect((await get(`/api/content/${id}/chunks?chunk=0&size=${READER_CHUNK_SIZE}`)).statusCode).toBe(404)
      expect((await get(`/api/content/${id}/summary`)).statusCode).toBe(404)
      expect((await get(`/api/content/${id}/epub`)).statusCode).toBe(404)
    }
    expect((await get(`/content/${a!.id}`)).body).not.toContain('Leht A')
    if (ctx.database.kind === 'postgres') {
      await expect
        .poll(
          async () =>
            (await get(`/api/content/${a!.id}/chunks?chunk=0&size=${READER_CHUNK_SIZE}`, undefined, other.app))
              .statusCode,
        )
        .toBe(404)
    }
    expect(await searchTitles(WORD)).toEqual([])
    expect((await get('/sitemap.xml')).body).not.toContain(`/content/${a!.id}<`)
    expect((await get(`/api/books/${lib.book.id}/epub`)).statusCode).toBe(404)
    expect((await get(`/api/terms/${lib.termId}/usage`)).json()).toMatchObject({ total: 0, pages: [] })
    // … and from administrators' normal lists.
    expect((await get('/api/books', cookie)).json().map((b: { id: number }) => b.id)).not.toContain(lib.book.id)
    expect((await get(`/api/content/${a!.id}`, cookie)).statusCode).toBe(404)

    // In the trash: what, where from, when, by whom, until when.
    const [entry] = (await trashList(cookie)).filter((e) => e.entityId === lib.book.id && e.kind === 'book')
    expect(entry).toMatchObject({
      kind: 'book',
      title: 'Prügiraamat',
      parentTitle: null,
      chapterCount: 2,
      pageCount: 3,
      deletedByName: 'admin',
    } satisfies Partial<TrashEntry>)
    expect(Date.parse(entry!.purgeAfter) - Date.parse(entry!.deletedAt)).toBe(TRASH_KEEP_DAYS * DAY_MS)

    const restored = await restore(cookie, entry!.id)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toEqual({ kind: 'book', entityId: lib.book.id, title: 'Prügiraamat', movedToEnd: false })

    // Back whole: the same ids, chapters, pages, order, revisions, reader chunks, search and term usage.
    expect(await everything(cookie, lib)).toEqual(before)
    expect((await get('/sitemap.xml')).body).toContain(`/content/${a!.id}<`)
    expect((await get(`/api/books/${lib.book.id}/epub`)).statusCode).toBe(200)
    expect((await get(`/content/${a!.id}`)).body).toContain('Leht A')
    if (ctx.database.kind === 'postgres') {
      await expect
        .poll(
          async () =>
            (await get(`/api/content/${a!.id}/chunks?chunk=0&size=${READER_CHUNK_SIZE}`, undefined, other.app))
              .statusCode,
        )
        .toBe(200)
    }
    expect((await trashList(cookie)).some((e) => e.id === entry!.id)).toBe(false)
    // Saving the restored page goes on from its version.
    const page = before.pages[0]!.page as { version: number }
    const saved = await uploadPage(
      ctx.app,
      cookie,
      `<p>${WORD} uuesti</p>`,
      {
        title: 'Leht A',
        chapterId: lib.chapters[0]!.id,
        order: 3,
        baseVersion: page.version,
      },
      a!.id,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().version).toBe(page.version + 1)

    const audit = await auditActions(cookie)
    expect(audit).toContain(`delete book ${lib.book.id} admin`)
    expect(audit).toContain(`restore book ${lib.book.id} admin`)
  })

  it('puts a restored page last when its place was taken, and refuses one whose chapter is in the trash', async () => {
    const cookie = await loginAs(ctx)
    const lib = await library(cookie)
    const [a, b] = lib.pages
    const chapterId = lib.chapters[0]!.id
    const del = (url: string) => ctx.app.inject({ method: 'DELETE', url, headers: { cookie } })

    expect((await del(`/api/content/${b!.id}`)).statusCode).toBe(204)
    const pageEntry = (await trashList(cookie)).find((e) => e.kind === 'content' && e.entityId === b!.id)!
    expect(pageEntry).toMatchObject({ title: 'Leht B', parentTitle: 'Esimene', chapterCount: 0, pageCount: 1 })
    // Meanwhile another page takes order 1.
    const taker = await page(cookie, chapterId, 'Uus leht', 1, '<p>uus</p>')

    // The chapter goes to the trash too: the page cannot go back into it.
    expect((await del(`/api/chapters/${chapterId}`)).statusCode).toBe(204)
    const chapterEntry = (await trashList(cookie)).find((e) => e.kind === 'chapter' && e.entityId === chapterId)!
    expect(chapterEntry).toMatchObject({ parentTitle: 'Prügiraamat', chapterCount: 1, pageCount: 2 })
    const refused = await restore(cookie, pageEntry.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: 'The chapter it belongs to is in the trash: restore “Esimene” first',
      code: 'parent_missing',
      details: { trashId: chapterEntry.id, kind: 'chapter', title: 'Esimene' },
    })
    expect((await get(`/api/content/${b!.id}`, cookie)).statusCode).toBe(404)

    expect((await restore(cookie, chapterEntry.id)).statusCode).toBe(200)
    const back = await restore(cookie, pageEntry.id)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ entityId: b!.id, movedToEnd: true })
    const list = (await get(`/api/content?chapterId=${chapterId}`, cookie)).json() as { id: number; order: number }[]
    expect(list.map((p) => [p.id, p.order])).toEqual([
      [taker.id, 1],
      [a!.id, 3],
      [b!.id, 4],
    ])
    const audit = await auditActions(cookie)
    expect(audit).toContain(`delete content ${b!.id} admin`)
    expect(audit).toContain(`restore content ${b!.id} admin`)
    expect(audit).toContain(`restore chapter ${chapterId} admin`)
  })

  it('purges one entry or all of them now; a purged entry cannot be restored', async () => {
    const cookie = await loginAs(ctx)
    const lib = await library(cookie)
    const [a, b, c] = lib.pages
    const del = (url: string) => ctx.app.inject({ method: 'DELETE', url, headers: { cookie } })
    expect((await del(`/api/content/${a!.id}`)).statusCode).toBe(204)
    const entry = (await trashList(cookie)).find((e) => e.entityId === a!.id && e.kind === 'content')!

    expect((await del(`/api/admin/trash/${entry.id}`)).statusCode).toBe(204)
    expect((await del(`/api/admin/trash/${entry.id}`)).statusCode).toBe(404)
    expect((await restore(cookie, entry.id)).statusCode).toBe(404)
    const left = await ctx.database.db.execute(sql`SELECT 1 FROM trash_rows WHERE trash_id = ${entry.id}`)
    expect(left.rows).toEqual([])
    expect(await auditActions(cookie)).toContain(`purge content ${a!.id} admin`)

    // A page deleted before its book: purging the book purges the page's entry too (it has nowhere to go).
    expect((await del(`/api/content/${b!.id}`)).statusCode).toBe(204)
    expect((await del(`/api/books/${lib.book.id}`)).statusCode).toBe(204)
    const bookEntry = (await trashList(cookie)).find((e) => e.entityId === lib.book.id && e.kind === 'book')!
    expect((await del(`/api/admin/trash/${bookEntry.id}`)).statusCode).toBe(204)
    expect((await trashList(cookie)).some((e) => e.kind === 'content' && e.entityId === b!.id)).toBe(false)
    expect(await auditActions(cookie)).toContain(`purge content ${b!.id} admin`)

    const another = await makeBook(ctx.database, { title: 'Veel üks' })
    expect((await del(`/api/books/${another.id}`)).statusCode).toBe(204)
    const emptied = await del('/api/admin/trash')
    expect(emptied.statusCode, emptied.body).toBe(200)
    expect(emptied.json().purged).toBeGreaterThanOrEqual(1)
    expect(await trashList(cookie)).toEqual([])
    expect((await get(`/api/content/${c!.id}`)).statusCode).toBe(404)
  })

  it('purges what has been there for 30 days, once across processes, as the server', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const old = await page(cookie, chapter.id, 'Vana', 0, '<p>vana</p>')
    const recent = await page(cookie, chapter.id, 'Uus', 1, '<p>uus</p>')
    for (const { id } of [old, recent]) {
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/content/${id}`, headers: { cookie } })).statusCode,
      ).toBe(204)
    }
    const entries = await trashList(cookie)
    const oldEntry = entries.find((e) => e.entityId === old.id)!
    const recentEntry = entries.find((e) => e.entityId === recent.id)!
    // 30 days and a minute ago.
    await ctx.database.db.execute(
      sql`UPDATE trash SET deleted_at = now() - interval '30 days 1 minute', purge_after = now() - interval '1 minute' WHERE id = ${oldEntry.id}`,
    )
    const runs = await Promise.all([purgeExpired(ctx.database.db), purgeExpired(other.database.db)])
    // One run purged it; the other found the lock taken or nothing left.
    expect(runs.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBe(1)
    const ids = (await trashList(cookie)).map((e) => e.id)
    expect(ids).not.toContain(oldEntry.id)
    expect(ids).toContain(recentEntry.id)
    expect(await auditActions(cookie)).toContain(`purge content ${old.id} -`)
  })

  it('lets one of two parallel deletes and one of two parallel restores win; the other is a clean 404', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const twice = await page(cookie, chapter.id, 'Kahekordne', 0, '<p>kaks korda</p>')
    const deletes = await Promise.all(
      [1, 2].map(() => ctx.app.inject({ method: 'DELETE', url: `/api/content/${twice.id}`, headers: { cookie } })),
    )
    expect(deletes.map((answer) => answer.statusCode).sort()).toEqual([204, 404])
    const entries = (await trashList(cookie)).filter((e) => e.kind === 'content' && e.entityId === twice.id)
    expect(entries).toHaveLength(1)
    const restores = await Promise.all([restore(cookie, entries[0]!.id), restore(cookie, entries[0]!.id)])
    expect(restores.map((answer) => answer.statusCode).sort()).toEqual([200, 404])
    expect((await get(`/api/content/${twice.id}`)).statusCode).toBe(200)
  })

  // A minute or more per database: with E2E_LARGE=1, as CI runs it (.ci/run), not in `npm test`.
  it.runIf(Boolean(process.env.E2E_LARGE))(
    'moves the 9 MB page with its revision to the trash and back, chunk for chunk',
    { timeout: 300_000 },
    async () => {
      const cookie = await loginAs(ctx)
      const chapter = await makeChapter(ctx.database)
      const { content } = generatePage()
      const big = await page(cookie, chapter.id, 'Suur', 0, content)
      const saved = await uploadPage(
        ctx.app,
        cookie,
        content.replace('<p>', '<p>Muudetud. '),
        { title: 'Suur', chapterId: chapter.id, baseVersion: big.version },
        big.id,
      )
      expect(saved.statusCode, saved.body).toBe(200)
      const before = await readAllChunks(ctx.app, big.id, READER_CHUNK_SIZE)
      const revisions = (await get(`/api/content/${big.id}/revisions`, cookie)).json()

      let started = performance.now()
      const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/content/${big.id}`, headers: { cookie } })
      const deleteMs = performance.now() - started
      expect(deleted.statusCode).toBe(204)
      const entry = (await trashList(cookie)).find((e) => e.kind === 'content' && e.entityId === big.id)!
      started = performance.now()
      const restored = await restore(cookie, entry.id)
      const restoreMs = performance.now() - started
      expect(restored.statusCode, restored.body).toBe(200)
      console.log(
        `trash, 9 MB page with 1 revision (${ctx.database.kind}): delete ${deleteMs.toFixed(0)} ms, restore ${restoreMs.toFixed(0)} ms`,
      )
      expect(await readAllChunks(ctx.app, big.id, READER_CHUNK_SIZE)).toEqual(before)
      expect((await get(`/api/content/${big.id}/revisions`, cookie)).json()).toEqual(revisions)
    },
  )

  it('refuses the trash to anyone but an administrator', async () => {
    const asVisitor = (method: 'GET' | 'POST' | 'DELETE', url: string, app: TestContext['app'] = ctx.app) =>
      app.inject({ method, url })
    expect((await asVisitor('GET', '/api/admin/trash')).statusCode).toBe(401)
    expect((await asVisitor('POST', '/api/admin/trash/1/restore')).statusCode).toBe(401)
    expect((await asVisitor('DELETE', '/api/admin/trash/1')).statusCode).toBe(401)
    expect((await asVisitor('DELETE', '/api/admin/trash')).statusCode).toBe(401)
    const cookie = await loginAs(ctx)
    expect((await restore(cookie, 2_000_000_000)).statusCode).toBe(404)
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/admin/trash/abc/restore', headers: { cookie } })).statusCode,
    ).toBe(400)
  })
})
