// Revision history (issue 15): the list with change summaries, one revision, comparing two versions
// (blocks, then words inside changed blocks; bounded; the 9 MB page within the 2 s),
// restoring through the normal save path, and the retention policy at crafted dates.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { RevisionComparison, type RevisionHistory } from '#shared/api/revisions.ts'
import { REVISION_DIFF_MAX_CHANGED_BLOCKS, REVISIONS_KEEP_NEWEST } from '#shared/limits.ts'
import { auditLog, contentRevisions } from '../../../db/schema.ts'
import { readAllChunks } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { generatePage } from '../../../test/generated-page.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { readBuildBlocks } from '../reader/index.ts'
import { findRevisionText } from './revisions.repo.ts'

const ctx = useTestApp()

async function createPage(cookie: string, content: string, title = 'Ajalooga lehekülg') {
  const chapter = await makeChapter(ctx.database)
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/content',
    headers: { cookie },
    payload: { title, chapterId: chapter.id, content, published: true },
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json() as { id: number; version: number; chapterId: number }
}

async function savePage(
  cookie: string,
  page: { id: number; chapterId: number },
  content: string,
  title = 'Ajalooga lehekülg',
) {
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/content/${page.id}`,
    headers: { cookie },
    payload: { title, chapterId: page.chapterId, content, published: true },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return saved.json() as { id: number; version: number }
}

async function history(id: number, cookie: string, query = ''): Promise<RevisionHistory> {
  const answer = await ctx.app.inject({ url: `/api/content/${id}/revisions${query}`, headers: { cookie } })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json()
}

async function compare(id: number, cookie: string, query: string): Promise<RevisionComparison> {
  const answer = await ctx.app.inject({ url: `/api/content/${id}/revisions/compare?${query}`, headers: { cookie } })
  expect(answer.statusCode, answer.body).toBe(200)
  // The worker writes this answer's JSON, past the route's serializer: the contract is checked here,
  // and nothing the schema does not list (which parsing would drop) is sent.
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
  const sent: unknown = answer.json()
  const checked = RevisionComparison.parse(sent)
  expect(checked).toEqual(sent)
  return checked
}

const paragraphs = (texts: string[]) => texts.map((text) => `<p>${text}</p>`).join('\n')

describe('revision history', () => {
  it('is for administrators only', async () => {
    const cookie = await loginAs(ctx)
    const page = await createPage(cookie, '<p>Üks</p>')
    await savePage(cookie, page, '<p>Kaks</p>')
    const [revision] = (await history(page.id, cookie)).data
    for (const url of [
      `/api/content/${page.id}/revisions`,
      `/api/content/${page.id}/revisions/${revision!.revisionId}`,
      `/api/content/${page.id}/revisions/compare?from=${revision!.revisionId}`,
    ]) {
      const answer = await ctx.app.inject({ url })
      expect(answer.statusCode, url).toBe(401)
      expect(answer.json()).toHaveProperty('error')
    }
    const restore = await ctx.app.inject({
      method: 'POST',
      url: `/api/content/${page.id}/revisions/${revision!.revisionId}/restore`,
      payload: { baseVersion: 2 },
    })
    expect(restore.statusCode).toBe(401)
  })

  it('lists the current version and earlier ones newest first: who, when, size and what changed in blocks', async () => {
    const cookie = await loginAs(ctx, 'toimetaja')
    const page = await createPage(cookie, paragraphs(['Esimene lõik.', 'Teine lõik.', 'Kolmas lõik.']))
    await savePage(
      cookie,
      page,
      paragraphs(['Esimene lõik.', 'Teine lõik, parandatud.', 'Kolmas lõik.', 'Neljas.', 'Viies.']),
    )
    await savePage(cookie, page, paragraphs(['Teine lõik, parandatud.', 'Kolmas lõik.', 'Neljas.', 'Viies.']))

    const list = await history(page.id, cookie)
    expect(list.current).toMatchObject({
      revisionId: null,
      version: 3,
      savedBy: 'toimetaja',
      summary: { added: 0, removed: 1, changed: 0 },
    })
    expect(list.data.map((r) => [r.version, r.summary])).toEqual([
      [2, { added: 2, removed: 0, changed: 1 }],
      [1, { added: 3, removed: 0, changed: 0 }],
    ])
    expect(list.data[0]).toMatchObject({ savedBy: 'toimetaja', title: 'Ajalooga lehekülg' })
    expect(list.data[0]!.sizeBytes).toBeGreaterThan(list.data[1]!.sizeBytes)
    expect(Date.parse(list.data[0]!.savedAt)).toBeGreaterThanOrEqual(Date.parse(list.data[1]!.savedAt))
    expect(list.pagination).toMatchObject({ page: 1, total: 2, hasNext: false })

    const paged = await history(page.id, cookie, '?limit=1&page=2')
    expect(paged.data.map((r) => r.version)).toEqual([1])
    expect(paged.pagination).toMatchObject({ page: 2, total: 2, totalPages: 2, hasPrev: true })
  })

  it('gives one revision with its text; 404 for another page’s revision or none, 400 for a bad id', async () => {
    const cookie = await loginAs(ctx)
    const page = await createPage(cookie, '<p>Vana tekst</p>')
    await savePage(cookie, page, '<p>Uus tekst</p>')
    const other = await createPage(cookie, '<p>Teine leht</p>')
    const [revision] = (await history(page.id, cookie)).data

    const one = await ctx.app.inject({
      url: `/api/content/${page.id}/revisions/${revision!.revisionId}`,
      headers: { cookie },
    })
    expect(one.statusCode).toBe(200)
    expect(one.json()).toMatchObject({ revisionId: revision!.revisionId, version: 1 })
    expect(one.json().content).toContain('Vana tekst')

    for (const url of [
      `/api/content/${other.id}/revisions/${revision!.revisionId}`,
      `/api/content/${other.id}/revisions/compare?from=${revision!.revisionId}`,
      `/api/content/${page.id}/revisions/999999`,
      `/api/content/999999/revisions`,
    ]) {
      const answer = await ctx.app.inject({ url, headers: { cookie } })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.json()).toHaveProperty('error')
    }
    for (const url of [
      `/api/content/${page.id}/revisions/abc`,
      `/api/content/${page.id}/revisions/compare?from=-1`,
      `/api/content/${page.id}/revisions/compare`,
      `/api/content/${page.id}/revisions?limit=1000`,
    ]) {
      expect((await ctx.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(400)
    }
    const badRestore = await ctx.app.inject({
      method: 'POST',
      url: `/api/content/${page.id}/revisions/${revision!.revisionId}/restore`,
      headers: { cookie },
      payload: { baseVersion: 'two' },
    })
    expect(badRestore.statusCode).toBe(400)
  })
})

describe('comparing versions', () => {
  it('aligns blocks, marks words inside changed ones, with a little context, against the current text or another revision', async () => {
    const cookie = await loginAs(ctx)
    const texts = Array.from({ length: 30 }, (_, i) => `Lõik number ${i} räägib nibbānast.`)
    const page = await createPage(cookie, `<h2>Pealkiri</h2>\n${paragraphs(texts)}`)
    const second = [...texts]
    second[10] = 'Lõik number 10 räägib dukkhast.'
    second.splice(20, 1)
    await savePage(cookie, page, `<h2>Pealkiri</h2>\n${paragraphs(second)}\n<p>Lisatud lõpulõik.</p>`, 'Uus pealkiri')
    const third = [...second, 'Veel üks.']
    await savePage(cookie, page, `<h2>Pealkiri</h2>\n${paragraphs(third)}`, 'Uus pealkiri')
    const [v2, v1] = (await history(page.id, cookie)).data

    const withCurrent = await compare(page.id, cookie, `from=${v1!.revisionId}`)
    expect(withCurrent.from).toMatchObject({ revisionId: v1!.revisionId, version: 1 })
    expect(withCurrent.to).toMatchObject({ revisionId: null, version: 3 })
    expect(withCurrent.titleChanged).toEqual({ from: 'Ajalooga lehekülg', to: 'Uus pealkiri' })
    expect(withCurrent.summary).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 29 })
    expect(withCurrent.truncated).toBe(false)
    const blocks = withCurrent.hunks.flatMap((hunk) => hunk.blocks)
    const changed = blocks.find((block) => block.kind === 'changed')!
    expect(changed).toMatchObject({ tag: 'p', fromPosition: 11, toPosition: 11 })
    expect(changed.words).toEqual([
      { kind: 'same', text: 'Lõik number 10 räägib ' },
      { kind: 'removed', text: 'nibbānast' },
      { kind: 'added', text: 'dukkhast' },
      { kind: 'same', text: '.' },
    ])
    expect(blocks.find((block) => block.kind === 'removed')).toMatchObject({
      fromText: 'Lõik number 20 räägib nibbānast.',
      toText: null,
    })
    expect(blocks.find((block) => block.kind === 'added')).toMatchObject({ toText: 'Veel üks.', fromText: null })
    // one block of context on each side of every change, never the whole page
    expect(blocks.filter((block) => block.kind === 'same').length).toBeLessThanOrEqual(6)
    expect(withCurrent.hunks).toHaveLength(3)
    expect(withCurrent.hunks[0]!.blocks.map((block) => block.kind)).toEqual(['same', 'changed', 'same'])

    const betweenRevisions = await compare(page.id, cookie, `from=${v1!.revisionId}&to=${v2!.revisionId}`)
    expect(betweenRevisions.to).toMatchObject({ revisionId: v2!.revisionId, version: 2 })
    expect(betweenRevisions.summary).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 29 })
    expect(betweenRevisions.hunks.at(-1)!.blocks.at(-1)).toMatchObject({ kind: 'added', toText: 'Lisatud lõpulõik.' })
  })

  it('compares revisions kept without block lengths by processing their text again', async () => {
    const cookie = await loginAs(ctx)
    const page = await createPage(cookie, paragraphs(['Alfa.', 'Beeta.', 'Gamma.']))
    await savePage(cookie, page, paragraphs(['Alfa.', 'Beeta!', 'Gamma.']))
    await ctx.database.db
      .update(contentRevisions)
      .set({ blockBytes: null })
      .where(eq(contentRevisions.contentId, page.id))
    const [v1] = (await history(page.id, cookie)).data
    const answer = await compare(page.id, cookie, `from=${v1!.revisionId}`)
    expect(answer.summary).toEqual({ added: 0, removed: 0, changed: 1, unchanged: 2 })
  })

  it('answers at most the bounded number of changed blocks and says it left some out', async () => {
    const cookie = await loginAs(ctx)
    const count = REVISION_DIFF_MAX_CHANGED_BLOCKS + 200
    const page = await createPage(cookie, paragraphs(Array.from({ length: count }, (_, i) => `Vana ${i}`)))
    await savePage(cookie, page, paragraphs(Array.from({ length: count }, (_, i) => `Uus ${i}`)))
    const [v1] = (await history(page.id, cookie)).data
    const answer = await compare(page.id, cookie, `from=${v1!.revisionId}`)
    expect(answer.truncated).toBe(true)
    expect(answer.summary.changed).toBe(count)
    expect(answer.hunks.flatMap((hunk) => hunk.blocks)).toHaveLength(REVISION_DIFF_MAX_CHANGED_BLOCKS)
  })

  it('reads a text of millions of characters back exactly, though it comes from the database in pieces', async () => {
    const cookie = await loginAs(ctx)
    // 2.5 MB: a revision text of several rows of lines, and a build of several rows of blocks.
    const page = await createPage(cookie, generatePage({ bytes: 2_500_000 }).content, 'Tükkideks')
    const stored = (await ctx.app.inject({ url: `/api/content/${page.id}`, headers: { cookie } })).json() as {
      content: string
    }
    expect(stored.content.length).toBeGreaterThan(2_000_000)
    await savePage(cookie, page, stored.content.replace('<p>', '<p>Muudetud. '), 'Tükkideks')
    const [v1] = (await history(page.id, cookie)).data
    const revision = await findRevisionText(ctx.database.db, page.id, v1!.revisionId!)
    expect(revision!.content === stored.content).toBe(true)

    // The current build (the one made by the first save is gone).
    const { buildId } = (await ctx.app.inject({ url: `/api/content/${page.id}`, headers: { cookie } })).json() as {
      buildId: number
    }
    const blocks = await ctx.database.db.execute<{ html: string }>(
      sql`SELECT html FROM reader_blocks WHERE build_id = ${buildId} ORDER BY position`,
    )
    expect(blocks.rows.length).toBeGreaterThan(4000)
    const read = await readBuildBlocks(ctx.database.db, buildId)
    expect(read.content === blocks.rows.map((block) => block.html).join('\n')).toBe(true)
    expect(read.blockBytes).toEqual(blocks.rows.map((block) => Buffer.byteLength(block.html)))
  }, 120_000)

  it('compares two versions of the 9 MB page with a few hundred changed paragraphs in a bounded time', async () => {
    const cookie = await loginAs(ctx)
    const { content } = generatePage()
    const page = await createPage(cookie, content, 'Suur')
    // 300 paragraphs changed by a word, spread through the page
    let seen = 0
    let edited = 0
    const changedContent = content.replace(/<p>([^<]{40,}?) /g, (whole, start: string) => {
      seen++
      if (seen % 10 !== 0 || edited >= 300) return whole
      edited++
      return `<p>${start} muudetud `
    })
    expect(edited).toBe(300)
    await savePage(cookie, page, changedContent, 'Suur')
    const [v1] = (await history(page.id, cookie)).data
    expect((await history(page.id, cookie)).current.summary).toEqual({ added: 0, removed: 0, changed: 300 })

    await compare(page.id, cookie, `from=${v1!.revisionId}`) // warm: the first call also compiles code paths
    const started = performance.now()
    const answer = await compare(page.id, cookie, `from=${v1!.revisionId}`)
    const ms = performance.now() - started
    console.log(`revision compare, 9 MB page, 300 changed paragraphs: ${ms.toFixed(0)} ms`)
    expect(answer.summary.changed).toBe(300)
    expect(answer.hunks.flatMap((hunk) => hunk.blocks).filter((block) => block.kind === 'changed')).toHaveLength(300)
    // The 2 s is the bench figure's target (bench/revisions.ts, measured alone); here the bound
    // is generous, since this suite shares two cores with other test files and other work.
    expect(ms).toBeLessThan(6000)
  }, 180_000)
})

describe('restoring a revision', () => {
  it('saves it as a new version through the normal save path, keeps every revision and records a restore', async () => {
    const cookie = await loginAs(ctx, 'taastaja')
    const page = await createPage(cookie, paragraphs(['Algne tekst sõnaga kalliskivi.']), 'Algne')
    await savePage(cookie, page, paragraphs(['Muudetud tekst.']), 'Muudetud')
    const [v1] = (await history(page.id, cookie)).data

    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/content/${page.id}/revisions/${v1!.revisionId}/restore`,
      headers: { cookie },
      payload: { baseVersion: 2 },
    })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.json()).toMatchObject({ id: page.id, version: 3, title: 'Algne' })

    const list = await history(page.id, cookie)
    expect(list.current).toMatchObject({ version: 3, summary: { added: 0, removed: 0, changed: 1 } })
    expect(list.data.map((r) => [r.version, r.title])).toEqual([
      [2, 'Muudetud'],
      [1, 'Algne'],
    ])
    // the reader's chunks and search follow
    expect((await readAllChunks(ctx.app, page.id, 600)).join('\n')).toContain('Algne tekst sõnaga kalliskivi.')
    const found = await ctx.app.inject({ url: `/api/search?q=kalliskivi` })
    expect(found.json().results.map((result: { id: number }) => result.id)).toContain(page.id)

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, page.id))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1)
    expect(entry).toMatchObject({ action: 'restore', entity: 'content', username: 'taastaja' })
    expect(JSON.parse(entry!.details!)).toMatchObject({ revisionId: v1!.revisionId, restoredVersion: 1 })
  })

  it('refuses a restore based on a version that is no longer current (409) and changes nothing', async () => {
    const cookie = await loginAs(ctx)
    const page = await createPage(cookie, '<p>Üks</p>')
    await savePage(cookie, page, '<p>Kaks</p>')
    await savePage(cookie, page, '<p>Kolm</p>')
    const [, v1] = (await history(page.id, cookie)).data
    const stale = await ctx.app.inject({
      method: 'POST',
      url: `/api/content/${page.id}/revisions/${v1!.revisionId}/restore`,
      headers: { cookie },
      payload: { baseVersion: 2 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().details).toMatchObject({ version: 3 })
    const list = await history(page.id, cookie)
    expect(list.current.version).toBe(3)
    expect(list.data).toHaveLength(2)
  })
})

describe('retention', () => {
  it('keeps the newest revisions, all of the last 30 days, one a day for a year and one a month before', async () => {
    const cookie = await loginAs(ctx)
    const page = await createPage(cookie, '<p>Alus</p>')
    const day = 24 * 60 * 60 * 1000
    const now = Date.now()
    const at = (daysAgo: number, hour = 12) => {
      const date = new Date(now - daysAgo * day)
      date.setUTCHours(hour, 0, 0, 0)
      return date
    }
    // Crafted history, oldest first: versions 1 … n, their dates given below.
    const dates = [
      at(800, 9),
      at(800, 15), // one month, long ago: the later of the two stays
      at(790, 10), // same month as the two above? (kept only if last of its month)
      at(400, 8),
      at(400, 9), // another month more than a year ago
      at(200, 8),
      at(200, 18), // one day within the year: the later stays
      at(100, 8),
      at(40, 8),
      at(40, 9),
      at(40, 10), // one day: the last stays
      at(10, 8),
      at(10, 9), // last 30 days: all stay
    ]
    // … and enough fresh revisions after them that the old ones are past the newest 50 ...
    const fresh = Array.from({ length: REVISIONS_KEEP_NEWEST }, (_, i) => at(0, 0 + (i % 10)))
    const all = [...dates, ...fresh]
    await ctx.database.db.insert(contentRevisions).values(
      all.map((savedAt, i) => ({
        contentId: page.id,
        version: -1000 + i,
        title: `v${i}`,
        content: `<p>v${i}</p>`,
        sizeBytes: 10,
        savedAt,
      })),
    )
    await savePage(cookie, page, '<p>Uus</p>') // the save prunes

    const left = await ctx.database.db
      .select({ title: contentRevisions.title })
      .from(contentRevisions)
      .where(eq(contentRevisions.contentId, page.id))
      .orderBy(contentRevisions.version)
    const titles = left.map((row) => row.title)
    // the newest 50 (49 fresh + the page's own first version) stay, whatever their dates
    expect(titles.filter((t) => t.startsWith('v') && Number(t.slice(1)) >= dates.length)).toHaveLength(fresh.length)
    const kept = (i: number) => titles.includes(`v${i}`)
    const monthOf = (date: Date) => date.toISOString().slice(0, 7)
    // last of its month, more than a year ago
    const lastOfMonth800 = [0, 1, 2].filter((i) => monthOf(all[i]!) === monthOf(all[2]!)).at(-1)!
    expect([0, 1, 2].filter(kept)).toEqual(monthOf(all[0]!) === monthOf(all[2]!) ? [lastOfMonth800] : [1, 2])
    expect([3, 4].filter(kept)).toEqual([4])
    expect([5, 6].filter(kept)).toEqual([6]) // one a day within the year
    expect(kept(7)).toBe(true)
    expect([8, 9, 10].filter(kept)).toEqual([10])
    expect([11, 12].filter(kept)).toEqual([11, 12]) // the last 30 days: every one
  })
})
