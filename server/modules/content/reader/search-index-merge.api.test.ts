// On the embedded database a save merges its search passages into the index before the page shows
// them while readers are searching, and leaves them to the upkeep when nobody is (decision 067).
// PostgreSQL merges as it writes (its gin_pending_list_limit is 4 MB) and is left as it was.
import { describe, expect, it } from 'vitest'
import { libraryPages, testLibrary } from '../../../../test-support/library-source.ts'
import { uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { mergePendingPassages } from '../../../db/search-index.ts'

const ctx = useTestApp()
const page = libraryPages(testLibrary('tiny').corpus)[0]!

/** Merges the pending list and says how many of its pages there were: 0 when nothing waited. */
const pendingPages = () => mergePendingPassages(ctx.database.db)

describe.runIf(process.env.TEST_DB === 'pglite')('the search index after a save (embedded)', () => {
  it('with nobody searching, a save leaves its passages to the upkeep', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    await pendingPages()
    const created = await uploadPage(ctx.app, cookie, page.content, { title: 'Unsearched', chapterId: chapter.id })
    expect(created.statusCode, created.body).toBe(200)
    expect(await pendingPages()).toBeGreaterThan(0)
  })

  it('while readers search, a new page and a new version of it leave nothing in the pending list', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    await pendingPages()
    expect((await ctx.app.inject({ url: '/api/search?q=dhamma' })).statusCode).toBe(200)
    const created = await uploadPage(ctx.app, cookie, page.content, { title: 'Merged', chapterId: chapter.id })
    expect(created.statusCode, created.body).toBe(200)
    expect(await pendingPages()).toBe(0)

    const { id } = created.json<{ id: number }>()
    const current = await ctx.app.inject({ url: `/api/content/${id}`, headers: { cookie } })
    const baseVersion = current.json<{ version: number }>().version
    const more = `<p>Unmistakable ninefold paragraph.</p>${page.content}`
    const saved = await uploadPage(ctx.app, cookie, more, { title: 'Merged', chapterId: chapter.id, baseVersion }, id)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await pendingPages()).toBe(0)
    // and the administrator finds its new words at once (the page is a draft)
    const found = await ctx.app.inject({ url: '/api/search?q=ninefold', headers: { cookie } })
    expect(found.json<{ results: unknown[] }>().results.length).toBeGreaterThan(0)
  })
})
