// Two application instances on one database, as two server processes run them (on PostgreSQL each
// with its own connection pool): they share no memory, and one reprocessing runs at a time across both.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { App } from '../../app.ts'
import { withJobLock } from '../../db/job-lock.ts'
import { readAllChunks, uploadPage } from '../../test/content-upload.ts'
import { makeChapter } from '../../test/factories.ts'
import { loginAs, useSecondApp, useTestApp } from '../../test/test-app.ts'
import { waitForReprocessing } from '../../test/reprocess.ts'
import { REPROCESS_RUNNING } from './jobs/reprocess.service.ts'

const ctx = useTestApp()
/** The second instance: its own pool on PostgreSQL; on PGlite (one process per data directory) the same database. */
const other = useSecondApp(ctx)

const lockRows = async () =>
  (await ctx.database.db.execute<{ name: string }>(sql`SELECT name FROM job_locks`)).rows.map((row) => row.name)

describe('two app instances on one database', () => {
  it('keep their own caches and processing workers', async () => {
    expect(other.app.state).not.toBe(ctx.app.state)
    expect(other.app.state.content.worker).not.toBe(ctx.app.state.content.worker)
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, cookie, '<p>one</p><p>two</p>', { title: 'Shared', chapterId: chapter.id })
    const id = saved.json().id
    await readAllChunks(ctx.app, id, 600)
    const key = `${id}:${(await ctx.database.db.execute<{ b: number }>(sql`SELECT build_id AS b FROM content WHERE id = ${id}`)).rows[0]!.b}:0:600`
    expect(ctx.app.state.content.chunks.get(key)).toBeDefined()
    expect(other.app.state.content.chunks.get(key)).toBeUndefined()
    // The other instance reads the same page through its own cache.
    expect(await readAllChunks(other.app, id, 600)).toEqual(await readAllChunks(ctx.app, id, 600))
    expect(other.app.state.content.chunks.get(key)).toBeDefined()
  })

  it('refuse a second reprocessing while one runs in the other instance, then allow it', async () => {
    const cookie = await loginAs(ctx)
    const otherCookie = await loginAs({ app: other.app, database: other.database })
    const chapter = await makeChapter(ctx.database)
    for (const n of [1, 2, 3]) {
      const saved = await uploadPage(ctx.app, cookie, `<h2>Part ${n}</h2><p>text</p>`, {
        title: `Reprocessed ${n}`,
        chapterId: chapter.id,
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    const reprocess = (app: App, cookie: string) =>
      app.inject({ method: 'POST', url: '/api/admin/reprocess-headers', headers: { cookie } })

    // The other instance's run answers at once (202) and goes on in the background, holding the lock.
    const first = await reprocess(other.app, otherCookie)
    expect(first.statusCode, first.body).toBe(202)
    expect(first.json().job).toMatchObject({ state: 'running', total: 4, startedBy: 'admin' })
    expect(await lockRows()).toContain('reprocess-headers')
    const refused = await reprocess(ctx.app, cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ error: REPROCESS_RUNNING, code: 'conflict' })
    // …and in the same instance too.
    expect((await reprocess(other.app, otherCookie)).statusCode).toBe(409)
    // Either instance sees the run's progress.
    const seen = await ctx.app.inject({ url: '/api/admin/reprocess-headers', headers: { cookie } })
    expect(seen.json().job.id).toBe(first.json().job.id)

    const done = await waitForReprocessing(ctx.app, cookie)
    expect(done).toMatchObject({ state: 'finished', total: 4, done: 4, failedIds: [] })
    expect(await lockRows()).toEqual([])
    const again = await reprocess(ctx.app, cookie)
    expect(again.statusCode, again.body).toBe(202)
    expect((await waitForReprocessing(ctx.app, cookie)).state).toBe('finished')
  })
})

describe('withJobLock', () => {
  it('runs one job of a name at a time, on any connection, and frees the name when the job fails', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const running = withJobLock(other.database.db, 'test-job', () => held.then(() => 'first'))
    while (!(await lockRows()).includes('test-job')) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(await withJobLock(ctx.database.db, 'test-job', async () => 'second')).toEqual({ ran: false })
    expect(await withJobLock(ctx.database.db, 'another-job', async () => 'third')).toEqual({
      ran: true,
      result: 'third',
    })
    release()
    expect(await running).toEqual({ ran: true, result: 'first' })
    await expect(
      withJobLock(ctx.database.db, 'test-job', async () => {
        throw new Error('job failed')
      }),
    ).rejects.toThrow('job failed')
    expect(await lockRows()).toEqual([])
  })

  it('frees the lock with the job’s last write, before the job has returned', async () => {
    let afterRelease: { ran: boolean } | undefined
    const result = await withJobLock(ctx.database.db, 'ending-job', async (lock) => {
      await ctx.database.db.transaction((tx) => lock.release(tx))
      expect(await lockRows()).toEqual([])
      afterRelease = await withJobLock(ctx.database.db, 'ending-job', async () => 'next')
      return 'done'
    })
    expect(result).toEqual({ ran: true, result: 'done' })
    expect(afterRelease).toEqual({ ran: true, result: 'next' })
  })

  it('takes over a lock its holder stopped refreshing (a process that died), but not a refreshed one', async () => {
    const times = { heartbeatMs: 20, staleMs: 500 }
    await ctx.database.db.execute(sql`
      INSERT INTO job_locks (name, holder, heartbeat_at) VALUES ('dead-job', 'gone', now() - interval '1 second')`)
    expect(await withJobLock(ctx.database.db, 'dead-job', async () => 'taken', times)).toEqual({
      ran: true,
      result: 'taken',
    })
    // A live holder refreshes its row every 20 ms, so after twice the stale time it still holds.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const live = withJobLock(ctx.database.db, 'live-job', () => held, times)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await withJobLock(ctx.database.db, 'live-job', async () => 'stolen', times)).toEqual({ ran: false })
    release()
    await live
    expect(await lockRows()).toEqual([])
  })
})
