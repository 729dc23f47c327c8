// A page's history (revisions.service.ts): list, one revision, compare two, restore one. The
// contract is shared/api/revisions.ts (docs/openapi.json).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams, PageQuery } from '#shared/api/common.ts'
import { Content } from '#shared/api/content.ts'
import {
  CompareQuery,
  RestoreInput,
  Revision,
  RevisionComparison,
  RevisionHistory,
  RevisionParams,
} from '#shared/api/revisions.ts'
import { REVISIONS_PAGE_SIZE } from '#shared/limits.ts'
import { sendJsonText } from '../../../http/json-text.ts'
import { pageOf } from '../../../lib/paging.ts'
import type { ContentContext } from '../content-state.ts'
import { sendContent, toContent } from '../pages/index.ts'
import { compareRevisions, readHistory, readRevision, restoreRevision } from './revisions.service.ts'

export const revisionsRoutes: FastifyPluginAsyncZod<{ content: ContentContext }> = async (app, { content }) => {
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
    // The processing worker writes the answer's JSON (compareRevisions).
    async (request, reply) =>
      sendJsonText(reply, await compareRevisions(content, request.params.id, request.query.from, request.query.to)),
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
      return sendContent(reply, 200, toContent(page, { forAdmin: true }))
    },
  )
}
