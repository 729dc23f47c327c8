// /api/admin/reprocess-headers: reprocessing every page as a background job, 202 with the job at
// once; its progress is GET on the same path (reprocess.service.ts, decision 035). The contract is
// shared/api/content.ts (docs/openapi.json).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ReprocessAnswer, ReprocessStatus } from '#shared/api/content.ts'
import type { Db } from '../../../db/client.ts'
import type { ContentContext } from '../content-state.ts'
import { currentReprocessing, REPROCESS_STARTED, startReprocessing } from './reprocess.service.ts'

export const jobsRoutes: FastifyPluginAsyncZod<{ db: Db; content: ContentContext }> = async (app, { db, content }) => {
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
