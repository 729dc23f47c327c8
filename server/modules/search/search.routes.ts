// GET /api/search?q=&books=1,2&includeLexicon=true (contract: shared/api/search.ts; ranking in
// search.service.ts, docs/ARCHITECTURE.md "Search").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { SearchAnswer, SearchQueryParams } from '#shared/api/search.ts'
import type { AppState } from '../../app-state.ts'
import type { Db } from '../../db/client.ts'
import { search } from './search.service.ts'

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; state: AppState }> = async (app, { db, state }) => {
  app.get(
    '/api/search',
    { config: { access: 'public' }, schema: { querystring: SearchQueryParams, response: { 200: SearchAnswer } } },
    async (request) => {
      const { q, books, includeLexicon } = request.query
      const results = await search(db, q, {
        bookIds: books,
        includeLexicon,
        publishedOnly: request.user === null,
        termDescriptions: state.termDescriptions,
      })
      return { results }
    },
  )
}
