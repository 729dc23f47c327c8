// GET /api/content/{id}/epub, /api/chapters/{id}/epub, /api/books/{id}/epub: a page, a chapter or a
// book as an EPUB 3 file (decision 031). Public: visitors get published pages only.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import type { AppState } from '../../app-state.ts'
import { buildEpub, contentDisposition, type ExportKind, planEpub } from './export.service.ts'

export const exportRoutes: FastifyPluginAsyncZod<{ state: AppState }> = async (app, { state }) => {
  const send = async (kind: ExportKind, id: number, request: FastifyRequest, reply: FastifyReply) => {
    const origin = `${request.protocol}://${request.host}`
    const plan = await planEpub(state.content, kind, id, request.user !== null, origin)
    // Published pages change: asked again, the file is checked against the pages' builds and titles.
    // An administrator's (drafts too) is kept nowhere.
    reply.header('ETag', plan.etag)
    reply.header('Vary', 'Cookie')
    reply.header('Cache-Control', request.user ? 'private, no-store' : 'no-cache')
    if (request.headers['if-none-match'] === plan.etag) return reply.status(304).send()
    const bytes = await buildEpub(state.content, plan)
    reply.header('Content-Disposition', contentDisposition(plan))
    return reply.type('application/epub+zip').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  }
  const route = { config: { access: 'public' as const }, schema: { params: IdParams } }
  app.get('/api/content/:id/epub', route, async (request, reply) => send('page', request.params.id, request, reply))
  app.get('/api/chapters/:id/epub', route, async (request, reply) => send('chapter', request.params.id, request, reply))
  app.get('/api/books/:id/epub', route, async (request, reply) => send('book', request.params.id, request, reply))
}
