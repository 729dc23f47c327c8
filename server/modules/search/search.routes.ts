// GET /api/search?q=&books=1,2&includeLexicon=true&page=2&limit=20 (contract: shared/api/search.ts;
// ranking in search.service.ts, docs/ARCHITECTURE.md "Search").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pagination } from '#shared/api/common.ts'
import { SearchAnswer, SearchQueryParams } from '#shared/api/search.ts'
import { SEARCH_PAGE_SIZE } from '#shared/limits.ts'
import type { AppState } from '../../app-state.ts'
import type { Db } from '../../db/client.ts'
import { search } from './search.service.ts'

export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; state: AppState }> = async (app, { db, state }) => {
  app.get(
    '/api/search',
    { config: { access: 'public' }, schema: { querystring: SearchQueryParams, response: { 200: SearchAnswer } } },
    async (request) => {
      const { q, books, includeLexicon, page = 1, limit = SEARCH_PAGE_SIZE } = request.query
      const { results, total } = await search(db, q, {
        bookIds: books,
        includeLexicon,
        publishedOnly: request.user === null,
        termDescriptions: state.termDescriptions,
        page,
        limit,
      })
      return { results, pagination: pagination(page, limit, total) }
    },
  )
}
