// "Reprocess All Headers" as a background job: 202 at once, progress in the jobs row, one run at a
// time, and a run whose process stopped reads as interrupted (decision 035).
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { withJobLock } from '../../../db/job-lock.ts'
import { uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { waitForReprocessing } from '../../../test/reprocess.ts'
import { loginAs, useSecondApp, useTestApp } from '../../../test/test-app.ts'
import { REPROCESS_RUNNING } from './reprocess.service.ts'

const ctx = useTestApp()
const other = useSecondApp(ctx)

const status = async (cookie: string) =>
  (await ctx.app.inject({ url: '/api/admin/reprocess-headers', headers: { cookie } })).json()
const start = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/reprocess-headers', headers: { cookie } })

describe('reprocessing as a background job', () => {
  it('has no job before the first run; visitors get 401', async () => {
    const cookie = await loginAs(ctx)
    expect(await status(cookie)).toEqual({ job: null })
    expect((await ctx.app.inject({ url: '/api/admin/reprocess-headers' })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/reprocess-headers' })).statusCode).toBe(401)
  })

  it('answers 202 with the job at once and records its progress, its end and who started it', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    for (const n of [1, 2, 3, 4]) {
      const saved = await uploadPage(ctx.app, cookie, `<h2>Part ${n}</h2><p>text</p>`, {
        title: `Page ${n}`,
        chapterId: chapter.id,
      })
      expect(saved.statusCode, saved.body).toBe(200)
    }
    const started = await start(cookie)
    expect(started.statusCode, started.body).toBe(202)
    expect(started.json()).toEqual({
      message: 'Reprocessing started',
      job: {
        id: expect.any(Number),
        state: 'running',
        total: 4,
        done: expect.any(Number),
        failedIds: [],
        message: null,
        startedBy: 'admin',
        startedAt: expect.any(String),
        finishedAt: null,
      },
    })
    const job = await waitForReprocessing(ctx.app, cookie)
    expect(job).toMatchObject({ id: started.json().job.id, state: 'finished', total: 4, done: 4, failedIds: [] })
    expect(job.message).toBe('Headers reprocessed in 4 pages')
    expect(Date.parse(job.finishedAt)).toBeGreaterThanOrEqual(Date.parse(job.startedAt))
    // The last job stays visible (a reload of the screen shows it).
    expect((await status(cookie)).job).toEqual(job)
  })

  it('refuses a second run with 409 while one holds the lock, in any process', async () => {
    const cookie = await loginAs(ctx)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const running = withJobLock(other.database.db, 'reprocess-headers', () => held)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const refused = await start(cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ error: REPROCESS_RUNNING, code: 'conflict' })
    release()
    await running
    const allowed = await start(cookie)
    expect(allowed.statusCode, allowed.body).toBe(202)
    expect((await waitForReprocessing(ctx.app, cookie)).state).toBe('finished')
  })

  it('shows a run whose process stopped (no live lock) as interrupted, never running forever', async () => {
    const cookie = await loginAs(ctx)
    const { db } = ctx.database
    // A run left by a killed server: its row says running, its lock row went stale.
    await db.execute(sql`INSERT INTO jobs (kind, state, total, done) VALUES ('reprocess-headers', 'running', 800, 120)`)
    await db.execute(sql`
      INSERT INTO job_locks (name, holder, heartbeat_at) VALUES ('reprocess-headers', 'dead', now() - interval '10 minutes')`)
    const seen = (await status(cookie)).job
    expect(seen).toMatchObject({ state: 'interrupted', total: 800, done: 120 })
    expect(seen.finishedAt).toEqual(expect.any(String))
    // The stale lock does not block a new run.
    const again = await start(cookie)
    expect(again.statusCode, again.body).toBe(202)
    expect((await waitForReprocessing(ctx.app, cookie)).state).toBe('finished')

    // A row marked running while a live run holds the lock stays running.
    await db.execute(sql`INSERT INTO job_locks (name, holder) VALUES ('reprocess-headers', 'alive')`)
    await db.execute(sql`INSERT INTO jobs (kind, state, total) VALUES ('reprocess-headers', 'running', 5)`)
    expect((await status(cookie)).job.state).toBe('running')
    await db.execute(sql`DELETE FROM job_locks WHERE holder = 'alive'`)
    expect((await status(cookie)).job.state).toBe('interrupted')
  })

  it('marks its run interrupted when its server closes in the middle', async () => {
    const cookie = await loginAs({ app: other.app, database: other.database })
    const ownCookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    for (let n = 0; n < 30; n++) {
      await uploadPage(ctx.app, ownCookie, `<h2>More ${n}</h2><p>${'text '.repeat(2000)}</p>`, {
        title: `More ${n}`,
        chapterId: chapter.id,
      })
    }
    const started = await other.app.inject({ method: 'POST', url: '/api/admin/reprocess-headers', headers: { cookie } })
    expect(started.statusCode, started.body).toBe(202)
    // What closing the app does first: stop its jobs between two pages.
    await other.app.state.content.jobs.stop()
    const job = (await status(ownCookie)).job
    expect(job).toMatchObject({ id: started.json().job.id, state: 'interrupted' })
    expect(job.done).toBeLessThan(job.total)
    const locks = await ctx.database.db.execute<{ name: string }>(sql`SELECT name FROM job_locks`)
    expect(locks.rows).toEqual([])
  })
})
