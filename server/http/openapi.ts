// The API described as OpenAPI 3, generated from the zod schemas the routes validate with and from
// their access declarations, so the description cannot drift from the code. Administrators read it
// at GET /api/admin/openapi.json; docs/openapi.json is the same document, kept current by a test.
import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

export const OPENAPI_PATH = '/api/admin/openapi.json'

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Õpetuste entsüklopeedia API',
        description:
          'Books › chapters › content pages and a lexicon. Errors are JSON `{ error, code, details? }` ' +
          '(`code` is one of a fixed list, shared/api/errors.ts). ' +
          'Operations marked with the `session` security requirement need an administrator’s session ' +
          'cookie (401 without one).',
        version: '1',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      },
    },
    // Only the API: the page shell and static files are not part of it.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input)
      const { url } = transformed
      const schema = transformed.schema ?? {} // routes without a schema (health, …)
      const access = input.route.config?.access
      const hidden = !url.startsWith('/api/') || input.route.method === 'HEAD'
      return {
        url,
        schema: {
          ...schema,
          hide: hidden || schema.hide,
          ...(access === 'admin' ? { security: [{ session: [] }] } : {}),
        },
      }
    },
  })

  app.get(OPENAPI_PATH, { config: { access: 'admin' }, schema: { hide: true } }, async () => app.swagger())
}
