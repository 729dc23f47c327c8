// /api/content…: pages, chunked saving, reader chunks and jumps; /api/chapters/{id}/content;
// /api/admin/reprocess-headers (spec section 7, runtime contract "Reader chunks").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParams } from '../../../shared/api/common.ts'
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
  LocateAnswer,
  LocateQuery,
  ReaderChunkQuery,
  ReprocessAnswer,
} from '../../../shared/api/content.ts'
import { CHAPTER_CONTENT_CACHE_MS } from '../../../shared/limits.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import * as repo from './content.repo.ts'
import {
  finalizeUpload,
  locateAnchor,
  readChunk,
  readPage,
  removePage,
  reprocessAll,
  savePage,
  settleBackgroundWork,
  stageUploadChunk,
} from './content.service.ts'

/** A whole page sent as JSON (POST/PUT) may be 10 MB of HTML, escaped. */
const PAGE_BODY_LIMIT = 24 * 1024 * 1024
/** One upload chunk is 51,200 characters; JSON-escaped UTF-8 stays well under this. */
const CHUNK_BODY_LIMIT = 1024 * 1024

type PageRow = NonNullable<Awaited<ReturnType<typeof repo.findPage>>>

function toContent(row: PageRow): Content {
  return {
    id: row.id,
    chapterId: row.chapterId,
    title: row.title,
    content: row.content,
    linksContent: row.linksContent,
    headers: JSON.parse(row.headers),
    citations: row.citations,
    published: row.published,
    order: row.order,
    version: row.version,
    sizeBytes: row.sizeBytes,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    chapter: { id: row.chapterId, title: row.chapterTitle, bookId: row.bookId, bookTitle: row.bookTitle },
  }
}

export const contentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Superseded reader builds are removed after a save has answered; finish that before the database closes.
  app.addHook('onClose', () => settleBackgroundWork())

  app.get(
    '/api/content',
    { schema: { querystring: ContentListQuery, response: { 200: z.array(ContentListItem) } } },
    async (request) => repo.listByChapter(db, request.query.chapterId, request.user === null),
  )

  app.get(
    '/api/chapters/:id/content',
    { schema: { params: IdParams, response: { 200: ChapterContentItems } } },
    async (request, reply) => {
      const pages = await repo.listByChapter(db, request.params.id, request.user === null)
      const visibility = request.user ? 'private' : 'public'
      reply.header('Cache-Control', `${visibility}, max-age=${CHAPTER_CONTENT_CACHE_MS / 1000}`)
      return { items: pages.map(({ id, title }) => ({ id, title })) }
    },
  )

  app.get(
    '/api/content/:id',
    { schema: { params: IdParams, querystring: ContentQuery, response: { 200: Content } } },
    async (request) => toContent(await readPage(db, request.params.id, request.query.body, request.user !== null)),
  )

  app.post(
    '/api/content',
    { bodyLimit: PAGE_BODY_LIMIT, schema: { body: ContentInput, response: { 201: Content } } },
    async (request, reply) => {
      const { content, linksContent, ...metadata } = request.body
      const page = await savePage(db, request.user!, 'new', metadata, { content, linksContent })
      return reply.status(201).send(toContent(page))
    },
  )

  app.put(
    '/api/content/:id',
    { bodyLimit: PAGE_BODY_LIMIT, schema: { params: IdParams, body: ContentInput, response: { 200: Content } } },
    async (request) => {
      const { content, linksContent, ...metadata } = request.body
      return toContent(await savePage(db, request.user!, request.params.id, metadata, { content, linksContent }))
    },
  )

  app.delete('/api/content/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await removePage(db, request.user!, request.params.id)
    return reply.status(204).send()
  })

  app.post(
    '/api/content/chunk',
    { bodyLimit: CHUNK_BODY_LIMIT, schema: { body: ChunkUpload, response: { 200: ChunkProgress } } },
    async (request) => stageUploadChunk(db, request.user!, request.body),
  )

  app.post('/api/content/finalize', { schema: { body: FinalizeInput, response: { 200: Content } } }, async (request) =>
    toContent(await finalizeUpload(db, request.user!, request.body)),
  )

  app.get(
    '/api/content/:id/chunks',
    // No response schema: the body is JSON text (ReaderChunk) prepared and cached by readChunk.
    { schema: { params: IdParams, querystring: ReaderChunkQuery } },
    async (request, reply) => {
      const { chunk, size } = request.query
      const found = await readChunk(db, request.params.id, chunk, size, request.user !== null)
      // Every save and reprocessing makes a new build, so (page, build, chunk, size) names the bytes exactly.
      const etag = `"c${request.params.id}-v${found.version}-b${found.buildId}-n${chunk}-s${size}"`
      reply.header('ETag', etag)
      reply.header('Cache-Control', `${found.published ? 'public' : 'private'}, no-cache`)
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      // Already JSON text ({ chunk, hasMore, totalChunks }, see ReaderChunk): sent as it is.
      return reply.type('application/json; charset=utf-8').send(await found.json())
    },
  )

  app.get(
    '/api/content/:id/locate',
    { schema: { params: IdParams, querystring: LocateQuery, response: { 200: LocateAnswer } } },
    async (request) =>
      locateAnchor(db, request.params.id, request.query.anchor, request.query.size, request.user !== null),
  )

  app.get('/api/content/:id/revisions', { schema: { params: IdParams } }, async (request) => {
    if (!request.user) throw notFound('Content')
    const revisions = await repo.listRevisions(db, request.params.id)
    return revisions.map((r) => ({ ...r, savedAt: r.savedAt.toISOString() }))
  })

  app.post('/api/admin/reprocess-headers', { schema: { response: { 200: ReprocessAnswer } } }, async (request) =>
    reprocessAll(db, request.user!),
  )
}
