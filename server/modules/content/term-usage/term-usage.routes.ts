// GET /api/terms/{id}/usage: the pages whose current text links to a term (decision 036). Lives in
// the content module because it reads the pages' reader builds; the term's visibility is the terms
// module's rule.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import { TermUsage } from '#shared/api/terms.ts'
import { TERM_USAGE_LIMIT } from '#shared/limits.ts'
import type { Db } from '../../../db/client.ts'
import { notFound } from '../../../http/errors.ts'
import { termIsVisible } from '../../terms/terms.service.ts'
import { findTermUsage } from './term-usage.repo.ts'

export const termUsageRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/terms/:id/usage',
    {
      config: { access: 'public', cost: { grows: 'library', bounds: ['limit'] } },
      schema: { params: IdParams, response: { 200: TermUsage } },
    },
    async (request) => {
      const publishedOnly = request.user === null
      if (!(await termIsVisible(db, request.params.id, { publishedOnly }))) throw notFound('Term')
      const { rows, total } = await findTermUsage(db, request.params.id, { publishedOnly, limit: TERM_USAGE_LIMIT })
      return { total, pages: rows }
    },
  )
}
