// GET /api/admin/audit?page&limit: the audit log, newest first (administrators only, by the /api/admin guard).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AuditPage } from '#shared/api/audit.ts'
import { PageQuery } from '#shared/api/common.ts'
import type { Db } from '../../db/client.ts'
import { pageOf, pageResult } from '../../lib/paging.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import { listAudit } from './audit.repo.ts'

const AUDIT_PAGE_SIZE = 50

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/audit',
    { config: { access: 'admin' }, schema: { querystring: PageQuery, response: { 200: AuditPage } } },
    async (request) => {
      const page = pageOf(request.query, AUDIT_PAGE_SIZE)
      const { rows, total } = await listAudit(db, page)
      return pageResult(rows.map(withIsoDates), total, page)
    },
  )
}
