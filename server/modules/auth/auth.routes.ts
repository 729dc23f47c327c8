// /api/user, /api/login, /api/logout, /api/register (contract: shared/api/auth.ts, docs/openapi.json).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CurrentUser, LoginInput, RegisterInput } from '#shared/api/auth.ts'
import type { Db } from '../../db/client.ts'
import { clearSessionCookie, startSession } from '../../http/auth.ts'
import { endSession, login, register } from './auth.service.ts'

export const authRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Asked on every page, by visitors too: nobody logged in is an answer (null), not a failure.
  app.get(
    '/api/user',
    { config: { access: 'public' }, schema: { response: { 200: CurrentUser.nullable() } } },
    async (request) => request.user ?? null,
  )

  app.post(
    '/api/login',
    { config: { access: 'public' }, schema: { body: LoginInput, response: { 200: CurrentUser } } },
    async (request, reply) => {
      const user = await login(db, request.body.username, request.body.password, request.ip)
      // A new session id at every login; the one the browser had (if any) ends.
      if (request.sessionToken) await endSession(db, request.sessionToken)
      await startSession(db, request, reply, user.id)
      request.log.info({ userId: user.id }, 'login')
      return user
    },
  )

  app.post(
    '/api/logout',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      if (request.sessionToken) await endSession(db, request.sessionToken)
      clearSessionCookie(request, reply)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/register',
    { config: { access: 'public' }, schema: { body: RegisterInput, response: { 201: CurrentUser } } },
    async (request, reply) => {
      const user = await register(db, request.body.username, request.body.password, request.user)
      // The very first user is logged in at once; an administrator adding a user stays who they are.
      if (!request.user) await startSession(db, request, reply, user.id)
      request.log.info({ userId: user.id, by: request.user?.id ?? null }, 'user registered')
      return reply.status(201).send(user)
    },
  )
}
