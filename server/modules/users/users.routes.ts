// /api/admin/users (list, add, disable or enable, delete) and /api/admin/password (one's own),
// administrators only (contract: shared/api/users.ts, docs/openapi.json).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import {
  NewUserInput,
  PasswordChangeInput,
  PasswordChanged,
  UserList,
  UserStatusInput,
  UserSummary,
} from '#shared/api/users.ts'
import type { Db } from '../../db/client.ts'
import { addUser, changeOwnPassword, deleteUser, listUsers, setDisabled } from './users.service.ts'

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/admin/users', { config: { access: 'admin' }, schema: { response: { 200: UserList } } }, async () =>
    listUsers(db),
  )

  app.post(
    '/api/admin/users',
    { config: { access: 'admin' }, schema: { body: NewUserInput, response: { 201: UserSummary } } },
    async (request, reply) => reply.status(201).send(await addUser(db, request.user!, request.body)),
  )

  app.patch(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: UserStatusInput, response: { 200: UserSummary } },
    },
    async (request) => setDisabled(db, request.user!, request.params.id, request.body.disabled),
  )

  app.delete(
    '/api/admin/users/:id',
    { config: { access: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      await deleteUser(db, request.user!, request.params.id)
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/admin/password',
    { config: { access: 'admin' }, schema: { body: PasswordChangeInput, response: { 200: PasswordChanged } } },
    async (request) => changeOwnPassword(db, request.user!, request.sessionToken!, request.body),
  )
}
