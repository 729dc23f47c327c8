// Every error answer carries its code beside the status and the text (shared/api/errors.ts): one
// call per code the server sends, each answer exactly `{ error, code, details? }`. ('internal' is
// in errors.test.ts; 'offline_missing' is the service worker's, in the client's tests.)
import { sql } from 'drizzle-orm'
import Fastify, { type InjectOptions } from 'fastify'
import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { ApiErrorBody, type ErrorCode } from '#shared/api/errors.ts'
import { withJobLock } from '../db/job-lock.ts'
import { healthRoutes } from '../modules/health/health.routes.ts'
import { FEEDBACK_MAX_UNREAD, FEEDBACK_PER_ADDRESS } from '../modules/feedback/feedback.routes.ts'
import { makeChapter } from '../test/factories.ts'
import { loginAs, useTestApp } from '../test/test-app.ts'

const ctx = useTestApp()

/** The answer's status and code; its body must be an error body and nothing more. */
function refusal(answer: { statusCode: number; json: () => unknown }): { status: number; code: ErrorCode } {
  const body = ApiErrorBody.strict().safeParse(answer.json())
  expect(body.success, JSON.stringify(answer.json())).toBe(true)
  return { status: answer.statusCode, code: body.data!.code }
}

const inject = (options: InjectOptions) => ctx.app.inject(options)

async function savedPage(cookie: string) {
  const chapter = await makeChapter(ctx.database)
  const page = { title: 'Koodidega leht', chapterId: chapter.id, content: '<p>Üks</p>', order: 1, published: true }
  const created = await ctx.app.inject({ method: 'POST', url: '/api/content', headers: { cookie }, payload: page })
  expect(created.statusCode, created.body).toBe(201)
  return { chapter, page, created: created.json() as { id: number; version: number; buildId: number } }
}

describe('error codes', () => {
  it('validation: a param that fails its schema', async () => {
    expect(refusal(await inject({ url: '/api/books/abc' }))).toEqual({ status: 400, code: 'validation' })
  })

  it('bad_request: a value that makes no sense, and a body Fastify cannot read', async () => {
    const cookie = await loginAs(ctx)
    const page = { title: 'T', chapterId: 987_654, content: '<p>x</p>', order: 1 }
    const answer = await inject({ method: 'POST', url: '/api/content', headers: { cookie }, payload: page })
    expect(refusal(answer)).toEqual({ status: 400, code: 'bad_request' })
    const badJson = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    })
    expect(refusal(badJson)).toEqual({ status: 400, code: 'bad_request' })
  })

  it('wrong_current_password: a password change with a wrong current password', async () => {
    const cookie = await loginAs(ctx)
    const answer = await inject({
      method: 'POST',
      url: '/api/admin/password',
      headers: { cookie },
      payload: { currentPassword: 'not the password', newPassword: 'a new long password' },
    })
    expect(refusal(answer)).toEqual({ status: 400, code: 'wrong_current_password' })
  })

  it('upload_incomplete: finalizing before the chunks are staged', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const answer = await inject({
      method: 'POST',
      url: '/api/content/finalize',
      headers: { cookie },
      payload: { contentId: 'new', totalChunks: 2, metadata: { title: 'T', chapterId: chapter.id, order: 1 } },
    })
    expect(refusal(answer)).toEqual({ status: 400, code: 'upload_incomplete' })
  })

  it('unauthenticated: no session, on GET /api/user (its 401 has a schema) and on a change', async () => {
    expect(refusal(await inject({ url: '/api/user' }))).toEqual({ status: 401, code: 'unauthenticated' })
    const change = await inject({ method: 'POST', url: '/api/books', payload: { title: 'x' } })
    expect(refusal(change)).toEqual({ status: 401, code: 'unauthenticated' })
  })

  it('login_refused: a wrong password at login', async () => {
    await loginAs(ctx)
    const answer = await inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'not the password' },
      remoteAddress: '198.51.100.70',
    })
    expect(refusal(answer)).toEqual({ status: 401, code: 'login_refused' })
  })

  it('forbidden: registration closed, and a cross-site request', async () => {
    await loginAs(ctx)
    const register = await inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'x', password: 'y'.repeat(8) },
    })
    expect(refusal(register)).toEqual({ status: 403, code: 'forbidden' })
    const foreign = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://elsewhere.example' },
      payload: { username: 'admin', password: 'y'.repeat(8) },
    })
    expect(refusal(foreign)).toEqual({ status: 403, code: 'forbidden' })
  })

  it('not_found: a missing book, and an API path the site does not have', async () => {
    expect(refusal(await inject({ url: '/api/books/999999' }))).toEqual({ status: 404, code: 'not_found' })
    expect(refusal(await inject({ url: '/api/no-such-thing' }))).toEqual({ status: 404, code: 'not_found' })
  })

  it('conflict: reprocessing while another run holds the lock', async () => {
    const cookie = await loginAs(ctx)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const running = withJobLock(ctx.database.db, 'reprocess-headers', () => held)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const answer = await inject({ method: 'POST', url: '/api/admin/reprocess-headers', headers: { cookie } })
    release()
    await running
    expect(refusal(answer)).toEqual({ status: 409, code: 'conflict' })
  })

  it('edit_conflict: a save based on an older version', async () => {
    const cookie = await loginAs(ctx)
    const { page, created } = await savedPage(cookie)
    const save = (content: string) =>
      inject({
        method: 'PUT',
        url: `/api/content/${created.id}`,
        headers: { cookie },
        payload: { ...page, content, baseVersion: created.version },
      })
    expect((await save('<p>Kaks</p>')).statusCode).toBe(200)
    expect(refusal(await save('<p>Kolm</p>'))).toEqual({ status: 409, code: 'edit_conflict' })
  })

  it('page_changed: a chunk asked for by a build the page no longer has', async () => {
    const cookie = await loginAs(ctx)
    const { created } = await savedPage(cookie)
    const answer = await inject({
      url: `/api/content/${created.id}/chunks?chunk=0&size=600&build=${created.buildId + 1000}`,
    })
    expect(refusal(answer)).toEqual({ status: 409, code: 'page_changed' })
  })

  it('already_exists: a user whose name is taken', async () => {
    const cookie = await loginAs(ctx)
    const answer = await inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie },
      payload: { username: 'admin', password: 'another long password' },
    })
    expect(refusal(answer)).toEqual({ status: 409, code: 'already_exists' })
  })

  it('last_administrator: disabling the only active administrator', async () => {
    const cookie = await loginAs(ctx)
    const me = (await inject({ url: '/api/user', headers: { cookie } })).json() as { id: number }
    const answer = await inject({
      method: 'PATCH',
      url: `/api/admin/users/${me.id}`,
      headers: { cookie },
      payload: { disabled: true },
    })
    expect(refusal(answer)).toEqual({ status: 409, code: 'last_administrator' })
  })

  it('parent_missing: restoring a page whose chapter is in the trash', async () => {
    const cookie = await loginAs(ctx)
    const { chapter, created } = await savedPage(cookie)
    const remove = (url: string) => inject({ method: 'DELETE', url, headers: { cookie } })
    expect((await remove(`/api/content/${created.id}`)).statusCode).toBe(204)
    expect((await remove(`/api/chapters/${chapter.id}`)).statusCode).toBe(204)
    const trash = (await inject({ url: '/api/admin/trash', headers: { cookie } })).json() as {
      data: { id: number; kind: string; entityId: number }[]
    }
    const entry = trash.data.find((e) => e.kind === 'content' && e.entityId === created.id)!
    const answer = await inject({ method: 'POST', url: `/api/admin/trash/${entry.id}/restore`, headers: { cookie } })
    expect(refusal(answer)).toEqual({ status: 409, code: 'parent_missing' })
  })

  it('too_large and unsupported_media_type: bodies Fastify refuses', async () => {
    const cookie = await loginAs(ctx)
    const big = await inject({
      method: 'POST',
      url: '/api/chapters',
      headers: { cookie },
      payload: { title: 'x'.repeat(1024 * 1024 + 1), bookId: 1 },
    })
    expect(refusal(big)).toEqual({ status: 413, code: 'too_large' })
    const xml = await inject({
      method: 'POST',
      url: '/api/chapters',
      headers: { cookie, 'content-type': 'application/xml' },
      payload: '<chapter/>',
    })
    expect(refusal(xml)).toEqual({ status: 415, code: 'unsupported_media_type' })
  })

  it('rate_limited and busy: feedback over its per-address limit, and into a full inbox', async () => {
    const send = (remoteAddress: string) =>
      inject({ method: 'POST', url: '/api/feedback', payload: { feedback: 'Aitäh!' }, remoteAddress })
    for (let i = 0; i < FEEDBACK_PER_ADDRESS.max; i++) expect((await send('198.51.100.80')).statusCode).toBe(201)
    expect(refusal(await send('198.51.100.80'))).toEqual({ status: 429, code: 'rate_limited' })

    await ctx.database.db.execute(
      sql`INSERT INTO feedback (feedback) SELECT 'filler ' || n FROM generate_series(1, ${FEEDBACK_MAX_UNREAD}) AS n`,
    )
    expect(refusal(await send('198.51.100.81'))).toEqual({ status: 503, code: 'busy' })
  })

  it('unavailable: the health check while the database does not answer', async () => {
    const app = Fastify()
    const pool = { query: async () => Promise.reject(new Error('connection refused')) } as unknown as pg.Pool
    await app.register(healthRoutes, { pool })
    const answer = await app.inject({ url: '/api/health' })
    await app.close()
    expect(answer.json()).toEqual({ status: 'unavailable', error: 'Database unreachable', code: 'unavailable' })
    expect(answer.statusCode).toBe(503)
  })
})
