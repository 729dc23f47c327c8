// GET /api/content/{id}/epub, /api/chapters/{id}/epub, /api/books/{id}/epub: a page, a chapter or a
// book as an EPUB 3 file (decision 031). Public: visitors get published pages only. Each file is made
// once per build of what it holds, off the main thread, a few at a time, and streamed from disk;
// a client address may ask for so many a window (decision 041).
import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import { tooManyRequests } from '../../http/errors.ts'
import type { RouteCost } from '../../http/route-cost.ts'
import type { ContentContext } from '../content/content-state.ts'
import {
  contentDisposition,
  EXPORTS_PER_ADDRESS,
  type ExportKind,
  type ExportState,
  openExport,
  planEpub,
} from './export.service.ts'

/** Grows with the pages' size; made once per build, in a worker, a few at a time, so many per address. */
const EXPORT_COST: RouteCost = { grows: 'page', bounds: ['cache', 'worker', 'queue', 'rate'] }

export const exportRoutes: FastifyPluginAsyncZod<{
  content: ContentContext
  exports: ExportState
  perAddress?: { max: number; timeWindow: number } | undefined
}> = async (app, { content, exports, perAddress = EXPORTS_PER_ADDRESS }) => {
  const send = async (kind: ExportKind, id: number, request: FastifyRequest, reply: FastifyReply) => {
    const origin = `${request.protocol}://${request.host}`
    const plan = await planEpub(content, kind, id, { canSeeDrafts: request.user !== null, origin })
    // Published pages change: asked again, the file is checked against the pages' builds and titles.
    // An administrator's (drafts too) is kept by no cache on the way.
    reply.header('ETag', plan.etag)
    reply.header('Vary', 'Cookie')
    reply.header('Cache-Control', request.user ? 'private, no-store' : 'no-cache')
    if (request.headers['if-none-match'] === plan.etag) return reply.status(304).send()
    const { handle, bytes } = await openExport(content, exports, plan)
    reply.header('Content-Disposition', contentDisposition(plan))
    reply.header('Content-Length', bytes)
    return reply.type('application/epub+zip').send(handle.createReadStream())
  }
  const route = {
    config: {
      access: 'public' as const,
      cost: EXPORT_COST,
      rateLimit: exportRateLimit(perAddress),
    },
    schema: { params: IdParams },
  }
  app.get('/api/content/:id/epub', route, async (request, reply) => send('page', request.params.id, request, reply))
  app.get('/api/chapters/:id/epub', route, async (request, reply) => send('chapter', request.params.id, request, reply))
  app.get('/api/books/:id/epub', route, async (request, reply) => send('book', request.params.id, request, reply))
}

/**
 * One counter per address (IPv6 by its /64, as the plugin does) for every export it asks for: the
 * three EPUB kinds and the Word file.
 */
export function exportRateLimit(perAddress: { max: number; timeWindow: number }) {
  return {
    ...perAddress,
    keyGenerator: (request: FastifyRequest) => `epub:${normalizeIP(request.ip)}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      tooManyRequests(
        `Too many exports. Please try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} min.`,
        Math.ceil(context.ttl / 1000),
      ),
  }
}
