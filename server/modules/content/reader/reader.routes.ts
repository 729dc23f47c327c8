// What readers ask of a page besides the page itself (pages/pages.routes.ts): its title bar and
// table of contents, its chunks, the chunk that holds an anchor, and find in page. The contract is
// shared/api/content.ts (docs/openapi.json).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import {
  ContentSummary,
  ContentToc,
  FindAnswer,
  FindQuery,
  LocateAnswer,
  LocateQuery,
  ReaderChunkQuery,
} from '#shared/api/content.ts'
import { AppError } from '../../../http/errors.ts'
import { sendVersioned } from '../../../http/immutable.ts'
import type { ReaderContext } from './reader-context.ts'
import { CHUNK_TYPE, chunkEncodingFor, chunkEtag, chunkKeptBy } from './chunk-answer.ts'
import { findInPage } from './find-in-page.ts'
import { readSummary, readToc } from './first-view.ts'
import { locateAnchor, readChunk } from './reader.service.ts'

/** The reader's title bar and table of contents, each without the page's body or links section. */
export const firstViewRoutes: FastifyPluginAsyncZod<{ content: ReaderContext }> = async (app, { content }) => {
  app.get(
    '/api/content/:id/summary',
    {
      config: { access: 'public', cost: { grows: 'page', bounds: ['cache'] } },
      schema: { params: IdParams, response: { 200: ContentSummary } },
    },
    async (request) => readSummary(content, request.params.id, { canSeeDrafts: request.user !== null }),
  )

  app.get(
    '/api/content/:id/toc',
    {
      config: { access: 'public', cost: { grows: 'page', bounds: ['cache'] } },
      schema: { params: IdParams, response: { 200: ContentToc } },
    },
    async (request) => readToc(content, request.params.id, { canSeeDrafts: request.user !== null }),
  )
}

/** Reader chunks, jumps to an anchor and find in page. */
export const readerRoutes: FastifyPluginAsyncZod<{ content: ReaderContext }> = async (app, { content }) => {
  app.get(
    '/api/content/:id/chunks',
    // No response schema: the body is JSON text (ReaderChunk) prepared, compressed and cached by readChunk.
    {
      config: { access: 'public', cost: { grows: 'page', bounds: ['cache', 'limit'] } },
      schema: { params: IdParams, querystring: ReaderChunkQuery },
    },
    async (request, reply) => {
      const { chunk, size, build } = request.query
      const found = await readChunk(content, request.params.id, chunk, size, { canSeeDrafts: request.user !== null })
      if (build !== undefined && build !== found.buildId) {
        throw new AppError(409, 'page_changed', 'The page has changed since it was opened', { buildId: found.buildId })
      }
      const encoding = chunkEncodingFor(request.headers['accept-encoding'])
      // Already JSON text ({ chunk, hasMore, totalChunks }, see ReaderChunk), compressed or not: sent as it is.
      // Sent again, the same bytes come from memory before this route is reached (chunks-at-once.ts).
      return sendVersioned(request, reply, {
        etag: chunkEtag(request.params.id, found, chunk, size, encoding),
        keptBy: chunkKeptBy(found),
        versioned: build !== undefined,
        type: CHUNK_TYPE,
        encoding,
        body: found.body,
      })
    },
  )

  app.get(
    '/api/content/:id/locate',
    {
      config: { access: 'public', cost: { grows: 'page', bounds: ['cache', 'limit'] } },
      schema: { params: IdParams, querystring: LocateQuery, response: { 200: LocateAnswer } },
    },
    async (request) =>
      locateAnchor(content, request.params.id, request.query.anchor, request.query.size, {
        canSeeDrafts: request.user !== null,
      }),
  )

  // Find in page: every occurrence in the whole page, loaded in the reader or not (find-in-page.ts).
  app.get(
    '/api/content/:id/find',
    {
      config: { access: 'public', cost: { grows: 'page', bounds: ['cache', 'limit'] } },
      schema: { params: IdParams, querystring: FindQuery, response: { 200: FindAnswer } },
    },
    async (request) => findInPage(content, request.params.id, request.query.q, { canSeeDrafts: request.user !== null }),
  )
}
