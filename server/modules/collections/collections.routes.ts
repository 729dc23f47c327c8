// /api/admin/collections: the canon's collections, administrators only (contract:
// shared/api/collections.ts, docs/openapi.json; decision 056).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { Collection, CollectionInput, CollectionList } from '#shared/api/collections.ts'
import { IdParams } from '#shared/api/common.ts'
import type { Db } from '../../db/client.ts'
import {
  changeCollection,
  createCollection,
  listCollections,
  removeCollection,
  type CollectionCatalogue,
} from './collections.service.ts'

export const collectionsRoutes: FastifyPluginAsyncZod<{ db: Db; catalogue: CollectionCatalogue }> = async (
  app,
  { db, catalogue },
) => {
  app.get(
    '/api/admin/collections',
    { config: { access: 'admin' }, schema: { response: { 200: CollectionList } } },
    async () => listCollections(db),
  )

  app.post(
    '/api/admin/collections',
    {
      config: { access: 'admin', pagesUnchanged: true },
      schema: { body: CollectionInput, response: { 201: Collection } },
    },
    async (request, reply) => {
      const collection = await createCollection(db, request.user!, request.body)
      catalogue.changed()
      return reply.status(201).send(collection)
    },
  )

  app.put(
    '/api/admin/collections/:id',
    {
      config: { access: 'admin', pagesUnchanged: true },
      schema: { params: IdParams, body: CollectionInput, response: { 200: Collection } },
    },
    async (request) => {
      const collection = await changeCollection(db, request.user!, request.params.id, request.body)
      catalogue.changed()
      return collection
    },
  )

  app.delete(
    '/api/admin/collections/:id',
    { config: { access: 'admin', pagesUnchanged: true }, schema: { params: IdParams } },
    async (request, reply) => {
      await removeCollection(db, request.user!, request.params.id)
      catalogue.changed()
      return reply.status(204).send()
    },
  )
}
