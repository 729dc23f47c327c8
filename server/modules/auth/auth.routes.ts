// /api/user, /api/login, /api/logout, /api/register (contract: shared/api/auth.ts, docs/openapi.json).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CurrentUser, LoginInput, RegisterInput } from '#shared/api/auth.ts'
import { ApiErrorBody } from '#shared/api/errors.ts'
import type { Db } from '../../db/client.ts'
import { clearSessionCookie, startSession } from '../../http/auth.ts'
import { unauthorized } from '../../http/errors.ts'
import { endSession, login, register } from './auth.service.ts'
import { isFromThisMachine, offeredSetupCode, type SetupCode } from './first-run.ts'

/** The spec's body, plus the setup code an operator may send for the very first user (decision 058). */
const RegisterBody = RegisterInput.extend({ setupCode: z.string().max(200).optional() })

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; setupCode?: SetupCode | undefined }> = async (
  app,
  { db, setupCode },
) => {
  // As the product spec says: 401 means nobody is logged in. The client asks only while the
  // signed-in hint cookie is there (decision 047), so visitors' pages never see the 401.
  app.get(
    '/api/user',
    {
      config: { access: 'public', cost: 'fixed' },
      schema: {
        description: 'The logged-in user; 401 when nobody is logged in (a dead session cookie is cleared).',
        response: { 200: CurrentUser, 401: ApiErrorBody },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized('Not logged in')
      return request.user
    },
  )

  app.post(
    '/api/login',
    { config: { access: 'public', cost: 'fixed' }, schema: { body: LoginInput, response: { 200: CurrentUser } } },
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
    { config: { access: 'public', cost: 'fixed' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request, reply) => {
      if (request.sessionToken) await endSession(db, request.sessionToken)
      clearSessionCookie(request, reply)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/register',
    {
      config: { access: 'public', cost: 'fixed' },
      schema: {
        description:
          'Adds a user (an administrator logged in), or creates the very first one: only from the server itself ' +
          '(a loopback address, no proxy headers) or with the setup code the server printed at start, sent as ' +
          'the X-Setup-Code header or the setupCode field. 403 otherwise.',
        body: RegisterBody,
        response: { 201: CurrentUser },
      },
    },
    async (request, reply) => {
      // Judged before anything is hashed or written; only a visitor's request needs it.
      const allowed =
        !request.user &&
        (isFromThisMachine(request) || (setupCode?.accepts(offeredSetupCode(request, request.body.setupCode)) ?? false))
      const { username, password } = request.body
      const user = await register(db, username, password, request.user, { allowed, setupCode })
      // The very first user is logged in at once; an administrator adding a user stays who they are.
      if (!request.user) await startSession(db, request, reply, user.id)
      request.log.info({ userId: user.id, by: request.user?.id ?? null }, 'user registered')
      return reply.status(201).send(user)
    },
  )
}
