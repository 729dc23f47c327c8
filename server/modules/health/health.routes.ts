// GET /api/health: 200 once the database answers, 503 otherwise (container health checks and load balancers ask it).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type pg from 'pg'
import type { ApiErrorBody } from '#shared/api/errors.ts'

export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
  app.get('/api/health', { config: { access: 'public', cost: 'fixed' } }, async (request, reply) => {
    try {
      await pool.query('SELECT 1')
      return { status: 'ok' }
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable')
      const failure: ApiErrorBody = { error: 'Database unreachable', code: 'unavailable' }
      return reply.status(503).send({ status: 'unavailable', ...failure })
    }
  })
}
