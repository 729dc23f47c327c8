// /api/content…: the pages of a chapter, one page, and an administrator's saving (whole or in
// chunks) and deleting; /api/chapters/{id}/content. The contract is shared/api/content.ts
// (docs/openapi.json).
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParams } from '#shared/api/common.ts'
import {
  ChapterContentItems,
  ChunkProgress,
  ChunkUpload,
  Content,
  ContentInput,
  ContentListItem,
  ContentListQuery,
  ContentQuery,
  FinalizeInput,
} from '#shared/api/content.ts'
import { CHAPTER_CONTENT_CACHE_MS } from '#shared/limits.ts'
import type { Db } from '../../../db/client.ts'
import type { ContentContext } from '../content-state.ts'
import { SaveTiming } from '../processing/save-timing.ts'
import { sendContent, toChapterContentItems, toContent } from './pages.presenter.ts'
import * as repo from './pages.repo.ts'
import { readPage, removePage, savePage } from './pages.service.ts'
import { finalizeUpload, removeAbandonedUploads, STAGING_SWEEP_MS, stageUploadChunk } from './upload-staging.service.ts'

/** A whole page sent as JSON (POST/PUT) may be 10 MB of HTML, escaped. */
const PAGE_BODY_LIMIT = 24 * 1024 * 1024
/** One upload chunk is 51,200 characters; JSON-escaped UTF-8 stays well under this. */
const CHUNK_BODY_LIMIT = 1024 * 1024

/**
 * The save's phases (save-timing.ts) in a `Server-Timing` header: these routes answer only a
 * logged-in administrator, and the header goes out only when there is one.
 */
function sendTiming(reply: FastifyReply, timing: SaveTiming) {
  if (reply.request.user) reply.header('server-timing', timing.header())
}

/** Reading pages: a chapter's list and one page, drafts for administrators only. */
export const pagesRoutes: FastifyPluginAsyncZod<{ db: Db; content: ContentContext }> = async (app, { db, content }) => {
  app.get(
    '/api/content',
    {
      config: { access: 'public', cost: 'rows' },
      schema: { querystring: ContentListQuery, response: { 200: z.array(ContentListItem) } },
    },
    async (request) => repo.listByChapter(db, request.query.chapterId, { publishedOnly: request.user === null }),
  )

  app.get(
    '/api/chapters/:id/content',
    {
      config: { access: 'public', cost: 'rows' },
      schema: { params: IdParams, response: { 200: ChapterContentItems } },
    },
    async (request, reply) => {
      const pages = await repo.listByChapter(db, request.params.id, { publishedOnly: request.user === null })
      // Visitors' lists (published pages only) may be kept for five minutes (CHAPTER_CONTENT_CACHE_MS); an
      // administrator's (drafts too) are kept nowhere, so a change shows at once and no draft title
      // stays behind in a shared browser after logout.
      reply.header('Vary', 'Cookie')
      reply.header(
        'Cache-Control',
        request.user ? 'private, no-store' : `public, max-age=${CHAPTER_CONTENT_CACHE_MS / 1000}`,
      )
      return toChapterContentItems(pages)
    },
  )

  app.get(
    '/api/content/:id',
    {
      config: { access: 'public', cost: { grows: 'page', bounds: ['cache'] } },
      schema: { params: IdParams, querystring: ContentQuery, response: { 200: Content } },
    },
    async (request, reply) => {
      const canSeeDrafts = request.user !== null
      const page = await readPage(content, request.params.id, { withBody: request.query.body, canSeeDrafts })
      // Visitors never see who edited a page; administrators (who see drafts) do.
      return sendContent(reply, 200, toContent(page, { forAdmin: canSeeDrafts }))
    },
  )
}

/**
 * An administrator's writes: a new page, a new version, a deletion, and a save sent in chunks
 * (staged, then finalized; upload-staging.service.ts).
 */
export const pageEditingRoutes: FastifyPluginAsyncZod<{
  db: Db
  content: ContentContext
  stagingSweepMs?: number
}> = async (app, { db, content, stagingSweepMs = STAGING_SWEEP_MS }) => {
  // Staged chunks nobody finalized are removed on a timer of this app instance, not only when the
  // same user starts another upload of the same page.
  let sweep: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    sweep = setInterval(() => {
      removeAbandonedUploads(db).catch((error: unknown) =>
        app.log.error({ err: error }, 'removing abandoned uploads failed'),
      )
    }, stagingSweepMs).unref()
  })
  // Superseded reader builds are removed after a save has answered; buildApp lets that finish (and
  // stops the processing worker) when the app closes, before the database does.
  app.addHook('onClose', async () => {
    clearInterval(sweep)
  })

  app.post(
    '/api/content',
    {
      config: { access: 'admin' },
      bodyLimit: PAGE_BODY_LIMIT,
      schema: { body: ContentInput, response: { 201: Content } },
    },
    async (request, reply) => {
      const { content: body, linksContent, ...metadata } = request.body
      const timing = new SaveTiming()
      const html = { content: body, linksContent }
      const page = await savePage(content, request.user!, 'new', metadata, html, undefined, timing)
      sendTiming(reply, timing)
      return sendContent(reply, 201, toContent(page, { forAdmin: true }))
    },
  )

  app.put(
    '/api/content/:id',
    {
      config: { access: 'admin' },
      bodyLimit: PAGE_BODY_LIMIT,
      schema: { params: IdParams, body: ContentInput, response: { 200: Content } },
    },
    async (request, reply) => {
      const { content: body, linksContent, ...metadata } = request.body
      const timing = new SaveTiming()
      const html = { content: body, linksContent }
      const page = await savePage(content, request.user!, request.params.id, metadata, html, undefined, timing)
      sendTiming(reply, timing)
      return sendContent(reply, 200, toContent(page, { forAdmin: true }))
    },
  )

  app.delete(
    '/api/content/:id',
    { config: { access: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      await removePage(content, request.user!, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/content/chunk',
    {
      // Staging a part of an upload changes no page: readers go on from memory meanwhile.
      config: { access: 'admin', pagesUnchanged: true },
      bodyLimit: CHUNK_BODY_LIMIT,
      schema: { body: ChunkUpload, response: { 200: ChunkProgress } },
    },
    async (request) => {
      // The processing worker starts (if it was stopped) while the rest of the upload arrives.
      content.worker.warm()
      return stageUploadChunk(db, request.user!, request.body)
    },
  )

  app.post(
    '/api/content/finalize',
    { config: { access: 'admin' }, schema: { body: FinalizeInput, response: { 200: Content } } },
    async (request, reply) => {
      const timing = new SaveTiming()
      const page = await finalizeUpload(content, request.user!, request.body, timing)
      sendTiming(reply, timing)
      return sendContent(reply, 200, toContent(page, { forAdmin: true }))
    },
  )
}
