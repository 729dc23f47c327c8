// /api/content…: pages, chunked saving, reader chunks and jumps; /api/chapters/{id}/content;
// /api/admin/reprocess-headers. The contract is shared/api/content.ts (docs/openapi.json).
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParams, PageQuery } from '#shared/api/common.ts'
import {
  CompareQuery,
  RestoreInput,
  Revision,
  RevisionComparison,
  RevisionHistory,
  RevisionParams,
} from '#shared/api/revisions.ts'
import {
  ChapterContentItems,
  ChunkProgress,
  ChunkUpload,
  Content,
  ContentInput,
  ContentListItem,
  ContentListQuery,
  ContentQuery,
  ContentSummary,
  ContentToc,
  FinalizeInput,
  FindAnswer,
  FindQuery,
  LocateAnswer,
  LocateQuery,
  ReaderChunkQuery,
  ReprocessAnswer,
  ReprocessStatus,
} from '#shared/api/content.ts'
import { CHAPTER_CONTENT_CACHE_MS, REVISIONS_PAGE_SIZE } from '#shared/limits.ts'
import type { AppState } from '../../app-state.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../http/errors.ts'
import { jsonStream } from '../../http/json-pieces.ts'
import { pageOf } from '../../lib/paging.ts'
import * as repo from './content.repo.ts'
import { readPage, removePage, savePage } from './content.service.ts'
import { findInPage } from './find-in-page.ts'
import { readSummary, readToc } from './first-view.ts'
import { chunkCacheControl, chunkEncodingFor, chunkEtag } from './chunk-answer.ts'
import { locateAnchor, readChunk } from './reader.service.ts'
import { currentReprocessing, REPROCESS_STARTED, startReprocessing } from './reprocess.service.ts'
import { compareRevisions, readHistory, readRevision, restoreRevision } from './revisions.service.ts'
import { finalizeUpload, removeAbandonedUploads, STAGING_SWEEP_MS, stageUploadChunk } from './upload-staging.service.ts'

/** A whole page sent as JSON (POST/PUT) may be 10 MB of HTML, escaped. */
const PAGE_BODY_LIMIT = 24 * 1024 * 1024
/** One upload chunk is 51,200 characters; JSON-escaped UTF-8 stays well under this. */
const CHUNK_BODY_LIMIT = 1024 * 1024

type PageRow = NonNullable<Awaited<ReturnType<typeof repo.findPage>>> & { processedContent: string }

/** Answers whose two bodies are longer than this go out in pieces (see sendContent). */
const STREAMED_CONTENT_CHARS = 256 * 1024

/**
 * A Content answer, checked against its schema; one that carries long bodies (the 9 MB page's
 * answer is 18 MB of JSON) is sent as a stream escaped a slice at a time (http/json-pieces.ts), so
 * readers are not held up while it is written. The text is the same either way.
 */
function sendContent(reply: FastifyReply, status: 200 | 201, page: Content) {
  const checked = Content.parse(page)
  if (checked.content.length + checked.processedContent.length < STREAMED_CONTENT_CHARS) {
    return reply.status(status).send(checked)
  }
  return reply.status(status).type('application/json; charset=utf-8').send(jsonStream(checked))
}

/** `forAdmin`: visitors never see who edited a page. */
function toContent(row: PageRow, forAdmin = true): Content {
  return {
    id: row.id,
    chapterId: row.chapterId,
    title: row.title,
    content: row.content,
    processedContent: row.processedContent,
    linksContent: row.linksContent,
    headers: JSON.parse(row.headers),
    citations: row.citations,
    published: row.published,
    order: row.order,
    version: row.version,
    buildId: row.buildId,
    sizeBytes: row.sizeBytes,
    updatedBy: forAdmin ? row.updatedBy : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    chapter: { id: row.chapterId, title: row.chapterTitle, bookId: row.bookId, bookTitle: row.bookTitle },
  }
}

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db; state: AppState; stagingSweepMs?: number }> = async (
  app,
  { db, state, stagingSweepMs = STAGING_SWEEP_MS },
) => {
  const { content } = state
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

  app.get(
    '/api/content',
    {
      config: { access: 'public' },
      schema: { querystring: ContentListQuery, response: { 200: z.array(ContentListItem) } },
    },
    async (request) => repo.listByChapter(db, request.query.chapterId, request.user === null),
  )

  app.get(
    '/api/chapters/:id/content',
    { config: { access: 'public' }, schema: { params: IdParams, response: { 200: ChapterContentItems } } },
    async (request, reply) => {
      const pages = await repo.listByChapter(db, request.params.id, request.user === null)
      // Visitors' lists (published pages only) may be kept for five minutes (CHAPTER_CONTENT_CACHE_MS); an
      // administrator's (drafts too) are kept nowhere, so a change shows at once and no draft title
      // stays behind in a shared browser after logout.
      reply.header('Vary', 'Cookie')
      reply.header(
        'Cache-Control',
        request.user ? 'private, no-store' : `public, max-age=${CHAPTER_CONTENT_CACHE_MS / 1000}`,
      )
      return { items: pages.map(({ id, title }) => ({ id, title })) }
    },
  )

  app.get(
    '/api/content/:id',
    {
      config: { access: 'public' },
      schema: { params: IdParams, querystring: ContentQuery, response: { 200: Content } },
    },
    async (request, reply) =>
      sendContent(
        reply,
        200,
        toContent(
          await readPage(content, request.params.id, request.query.body, request.user !== null),
          request.user !== null,
        ),
      ),
  )

  // The reader's title bar and table of contents, each without the page's body or links section.
  app.get(
    '/api/content/:id/summary',
    { config: { access: 'public' }, schema: { params: IdParams, response: { 200: ContentSummary } } },
    async (request) => readSummary(content, request.params.id, request.user !== null),
  )

  app.get(
    '/api/content/:id/toc',
    { config: { access: 'public' }, schema: { params: IdParams, response: { 200: ContentToc } } },
    async (request) => readToc(content, request.params.id, request.user !== null),
  )

  app.post(
    '/api/content',
    {
      config: { access: 'admin' },
      bodyLimit: PAGE_BODY_LIMIT,
      schema: { body: ContentInput, response: { 201: Content } },
    },
    async (request, reply) => {
      const { content, linksContent, ...metadata } = request.body
      const page = await savePage(state.content, request.user!, 'new', metadata, { content, linksContent })
      return sendContent(reply, 201, toContent(page))
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
      const { content, linksContent, ...metadata } = request.body
      const page = await savePage(state.content, request.user!, request.params.id, metadata, { content, linksContent })
      return sendContent(reply, 200, toContent(page))
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
    async (request) => stageUploadChunk(db, request.user!, request.body),
  )

  app.post(
    '/api/content/finalize',
    { config: { access: 'admin' }, schema: { body: FinalizeInput, response: { 200: Content } } },
    async (request, reply) =>
      sendContent(reply, 200, toContent(await finalizeUpload(content, request.user!, request.body))),
  )

  app.get(
    '/api/content/:id/chunks',
    // No response schema: the body is JSON text (ReaderChunk) prepared, compressed and cached by readChunk.
    { config: { access: 'public' }, schema: { params: IdParams, querystring: ReaderChunkQuery } },
    async (request, reply) => {
      const { chunk, size, build } = request.query
      const found = await readChunk(content, request.params.id, chunk, size, request.user !== null)
      if (build !== undefined && build !== found.buildId) {
        throw new AppError(409, 'The page has changed since it was opened', { buildId: found.buildId })
      }
      const encoding = chunkEncodingFor(request.headers['accept-encoding'])
      const etag = chunkEtag(request.params.id, found, chunk, size, encoding)
      reply.header('ETag', etag)
      reply.header('Vary', 'Accept-Encoding')
      reply.header('Cache-Control', chunkCacheControl(found.published, build !== undefined))
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding)
      // Already JSON text ({ chunk, hasMore, totalChunks }, see ReaderChunk), compressed or not: sent as it is.
      // Sent again, the same bytes come from memory before this route is reached (chunks-at-once.ts).
      return reply.type('application/json; charset=utf-8').send(await found.body(encoding))
    },
  )

  app.get(
    '/api/content/:id/locate',
    {
      config: { access: 'public' },
      schema: { params: IdParams, querystring: LocateQuery, response: { 200: LocateAnswer } },
    },
    async (request) =>
      locateAnchor(content, request.params.id, request.query.anchor, request.query.size, request.user !== null),
  )

  // Find in page: every occurrence in the whole page, loaded in the reader or not (find-in-page.ts).
  app.get(
    '/api/content/:id/find',
    {
      config: { access: 'public' },
      schema: { params: IdParams, querystring: FindQuery, response: { 200: FindAnswer } },
    },
    async (request) => findInPage(content, request.params.id, request.query.q, request.user !== null),
  )

  // A page's history (revisions.service.ts): list, one revision, compare two, restore one.
  app.get(
    '/api/content/:id/revisions',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, querystring: PageQuery, response: { 200: RevisionHistory } },
    },
    async (request) => readHistory(content, request.params.id, pageOf(request.query, REVISIONS_PAGE_SIZE)),
  )

  app.get(
    '/api/content/:id/revisions/compare',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, querystring: CompareQuery, response: { 200: RevisionComparison } },
    },
    async (request) => compareRevisions(content, request.params.id, request.query.from, request.query.to),
  )

  app.get(
    '/api/content/:id/revisions/:revisionId',
    { config: { access: 'admin' }, schema: { params: RevisionParams, response: { 200: Revision } } },
    async (request) => readRevision(content, request.params.id, request.params.revisionId),
  )

  app.post(
    '/api/content/:id/revisions/:revisionId/restore',
    {
      config: { access: 'admin' },
      schema: { params: RevisionParams, body: RestoreInput, response: { 200: Content } },
    },
    async (request, reply) => {
      const { id, revisionId } = request.params
      const page = await restoreRevision(content, request.user!, id, revisionId, request.body.baseVersion)
      return sendContent(reply, 200, toContent(page))
    },
  )

  // A background job: 202 with the job at once; its progress is GET on the same path (decision 035).
  app.post(
    '/api/admin/reprocess-headers',
    { config: { access: 'admin', pagesUnchanged: true }, schema: { response: { 202: ReprocessAnswer } } },
    async (request, reply) => {
      const job = await startReprocessing(content, request.user!)
      return reply.status(202).send({ message: REPROCESS_STARTED, job })
    },
  )

  app.get(
    '/api/admin/reprocess-headers',
    { config: { access: 'admin' }, schema: { response: { 200: ReprocessStatus } } },
    async () => ({ job: await currentReprocessing(db) }),
  )
}
