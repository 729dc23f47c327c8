// The trash ("Prügikast", decision 043), administrators only:
//   GET    /api/admin/trash?page&limit    what is there, newest first
//   POST   /api/admin/trash/:id/restore   put it back (409 while the book or chapter it goes into is not there)
//   DELETE /api/admin/trash/:id           purge it now
//   DELETE /api/admin/trash               purge everything now
// and the timer that purges what has been there for TRASH_KEEP_DAYS (one run at a time across processes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams, PageQuery } from '#shared/api/common.ts'
import { TrashPage, TrashPurged, TrashRestored } from '#shared/api/trash.ts'
import type { Db } from '../../db/client.ts'
import { pageOf, pageResult } from '../../lib/paging.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import { listTrash, purgeAll, purgeExpired, purgeOne, restoreFromTrash } from './trash.service.ts'

const TRASH_PAGE_SIZE = 50
/** How often each process looks for entries past their 30 days (the job lock lets one run at a time). */
export const TRASH_PURGE_EVERY_MS = 60 * 60 * 1000
const FIRST_PURGE_AFTER_MS = 60 * 1000

export const trashRoutes: FastifyPluginAsyncZod<{ db: Db; purgeEveryMs?: number }> = async (
  app,
  { db, purgeEveryMs = TRASH_PURGE_EVERY_MS },
) => {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  const purge = () => {
    running ??= purgeExpired(db)
      .catch((error: unknown) => app.log.error({ err: error }, 'purging the trash failed'))
      .finally(() => {
        running = undefined
      })
  }
  // The first run a minute after start (a server restarted more often than hourly still purges),
  // not at once: starting stays one round trip shorter, and a fresh app holds no job lock.
  let first: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    first = setTimeout(purge, Math.min(FIRST_PURGE_AFTER_MS, purgeEveryMs)).unref()
    timer = setInterval(purge, purgeEveryMs).unref()
  })
  app.addHook('onClose', async () => {
    clearTimeout(first)
    clearInterval(timer)
    await running
  })

  app.get(
    '/api/admin/trash',
    { config: { access: 'admin' }, schema: { querystring: PageQuery, response: { 200: TrashPage } } },
    async (request) => {
      const page = pageOf(request.query, TRASH_PAGE_SIZE)
      const { rows, total } = await listTrash(db, page)
      return pageResult(rows.map(withIsoDates), total, page)
    },
  )

  app.post(
    '/api/admin/trash/:id/restore',
    { config: { access: 'admin' }, schema: { params: IdParams, response: { 200: TrashRestored } } },
    async (request) => restoreFromTrash(db, request.user!, request.params.id),
  )

  app.delete(
    '/api/admin/trash/:id',
    // Purging removes only what the trash keeps: no page a reader sees changes.
    { config: { access: 'admin', pagesUnchanged: true }, schema: { params: IdParams } },
    async (request, reply) => {
      await purgeOne(db, request.user!, request.params.id)
      return reply.status(204).send()
    },
  )

  app.delete(
    '/api/admin/trash',
    { config: { access: 'admin', pagesUnchanged: true }, schema: { response: { 200: TrashPurged } } },
    async (request) => ({ purged: await purgeAll(db, request.user!) }),
  )
}
