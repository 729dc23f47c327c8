// PostgreSQL text cannot hold NUL characters: one in a query parameter fails the query (and on the
// embedded database's socket it breaks the connection). Refuse them at the edge with a 400.
import type { FastifyInstance } from 'fastify'
import { badRequest } from './errors.ts'

const NUL_MESSAGE = 'Text must not contain NUL characters'

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (depth > 32 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1))
}

export function registerNulGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00') || request.url.includes('\0')) throw badRequest(NUL_MESSAGE)
  })
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest(NUL_MESSAGE)
    }
  })
}
