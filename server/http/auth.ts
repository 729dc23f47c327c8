// Who is asking (the session cookie → request.user) and the one guard every route passes:
// state-changing methods and /api/admin/* need a session unless the route says `config: { public: true }`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { CurrentUser } from '../../shared/api/auth.ts'
import type { Db } from '../db/client.ts'
import { SESSION_ABSOLUTE_MS, createSession, resolveSession } from '../modules/auth/auth.service.ts'
import { unauthorized } from './errors.ts'

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null
    sessionToken: string | null
  }
  interface FastifyContextConfig {
    /** Reachable without a session even though it changes data (login, feedback …). */
    public?: boolean
  }
}

export const SESSION_COOKIE = 'session'
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export function needsSession(request: FastifyRequest) {
  if (request.routeOptions.config?.public) return false
  return STATE_CHANGING.has(request.method) || request.url.startsWith('/api/admin/') || request.url === '/api/admin'
}

export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)

  // onRequest runs after routing (so the route's config is known) and before the body is read:
  // a request without a session is refused before any of its body is parsed or validated.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await resolveUser(db, request)
    if (needsSession(request) && !request.user) throw unauthorized()
  })
}

async function resolveUser(db: Db, request: FastifyRequest) {
  const raw = request.cookies[SESSION_COOKIE]
  if (!raw) return
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return
  request.user = await resolveSession(db, unsigned.value)
  if (request.user) request.sessionToken = unsigned.value
}

export async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const { token } = await createSession(db, userId)
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  })
}
