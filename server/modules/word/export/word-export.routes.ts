// GET /api/content/{id}/docx: a page as a Word document (issue 30, decision 063), so an editor can
// take the current text to Word and bring it back. Public like the EPUB beside it: visitors get
// published pages only; made once per build, off the main thread, a few at a time, sent from disk,
// and counted with the EPUB exports against one address's allowance.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import type { RouteCost } from '../../../http/route-cost.ts'
import type { ContentContext } from '../../content/content-state.ts'
import { exportRateLimit } from '../../export/export.routes.ts'
import { EXPORTS_PER_ADDRESS, type ExportState } from '../../export/export.service.ts'
import { DOCX_TYPE } from '#shared/limits.ts'
import { docxDisposition, openDocx, planDocx } from './word-export.service.ts'

/** Grows with the page's size; made once per build, in a worker, a few at a time, so many per address. */
const DOCX_COST: RouteCost = { grows: 'page', bounds: ['cache', 'worker', 'queue', 'rate'] }

export const wordExportRoutes: FastifyPluginAsyncZod<{
  content: ContentContext
  exports: ExportState
  perAddress?: { max: number; timeWindow: number } | undefined
}> = async (app, { content, exports, perAddress = EXPORTS_PER_ADDRESS }) => {
  app.get(
    '/api/content/:id/docx',
    {
      config: {
        access: 'public',
        cost: DOCX_COST,
        // The EPUB routes' counter: one allowance for every export an address asks for.
        rateLimit: exportRateLimit(perAddress),
      },
      schema: { params: IdParams },
    },
    async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`
      const plan = await planDocx(content, request.params.id, { canSeeDrafts: request.user !== null, origin })
      reply.header('ETag', plan.etag)
      reply.header('Vary', 'Cookie')
      reply.header('Cache-Control', request.user ? 'private, no-store' : 'no-cache')
      if (request.headers['if-none-match'] === plan.etag) return reply.status(304).send()
      const { handle, bytes } = await openDocx(content, exports, plan)
      reply.header('Content-Disposition', docxDisposition(plan))
      reply.header('Content-Length', bytes)
      return reply.type(DOCX_TYPE).send(handle.createReadStream())
    },
  )
}
