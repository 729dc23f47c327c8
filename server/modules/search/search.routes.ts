// GET /api/search?q=&books=1,2&includeLexicon=true (spec section 7, runtime contract "Search").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SearchAnswer, SearchQueryParams } from '../../../shared/api/search.ts'
import type { Db } from '../../db/client.ts'
import { search } from './search.service.ts'

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/search',
    { schema: { querystring: SearchQueryParams, response: { 200: SearchAnswer } } },
    async (request) => {
      const { q, books, includeLexicon } = request.query
      const results = await search(db, q, { bookIds: books, includeLexicon, publishedOnly: request.user === null })
      return { results }
    },
  )
}
