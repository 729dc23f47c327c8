// GET /api/search?q=&books=1,2&includeLexicon=true&page=2&limit=20 (contract: shared/api/search.ts;
// order and paging in search-results.ts, docs/ARCHITECTURE.md "Search"). Answers are kept until
// anything they are read from changes (search-answers.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { pagination } from '#shared/api/common.ts'
import { SearchAnswer, SearchQueryParams } from '#shared/api/search.ts'
import { SEARCH_PAGE_SIZE } from '#shared/limits.ts'
import type { Db } from '../../db/client.ts'
import type { TextCache } from '../../lib/text-cache.ts'
import type { CollectionCatalogue } from '../collections/collections.service.ts'
import type { SearchAnswers } from './search-answers.ts'
import { search } from './search.service.ts'

export const searchRoutes: FastifyPluginAsyncZod<{
  db: Db
  termDescriptions: TextCache
  collections: CollectionCatalogue
  answers: SearchAnswers
}> = async (app, { db, termDescriptions, collections, answers }) => {
  app.get(
    '/api/search',
    {
      config: { access: 'public', cost: { grows: 'library', bounds: ['limit', 'cache'] } },
      schema: { querystring: SearchQueryParams, response: { 200: SearchAnswer } },
    },
    async (request) => {
      const { q, books, includeLexicon, page = 1, limit = SEARCH_PAGE_SIZE } = request.query
      const publishedOnly = request.user === null
      return answers.answer({ q, books, includeLexicon, page, limit, publishedOnly }, async () => {
        const { results, total } = await search(db, q, {
          bookIds: books,
          includeLexicon,
          publishedOnly,
          termDescriptions,
          references: await collections.reader(),
          page,
          limit,
        })
        return { results, pagination: pagination(page, limit, total) }
      })
    },
  )
}
