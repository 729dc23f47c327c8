// Search (GET /api/search): the dialog's one query, keyed by what was asked.
import { queryOptions } from '@tanstack/react-query'
import { SearchAnswer } from '#shared/api/search.ts'
import type { SearchResult } from '#shared/api/search.ts'
import { getJson } from './http.ts'

export interface SearchRequest {
  q: string
  /** null: every book (no `books` parameter). */
  bookIds: readonly number[] | null
  includeLexicon: boolean
}

/** The request's address; book ids sorted so the same choice is the same address. */
export function searchPath({ q, bookIds, includeLexicon }: SearchRequest): string {
  const query = new URLSearchParams({ q })
  if (bookIds) query.set('books', [...bookIds].sort((a, b) => a - b).join(','))
  query.set('includeLexicon', String(includeLexicon))
  return `/api/search?${query}`
}

export const searchQueries = {
  all: () => ['search'] as const,
  results: (request: SearchRequest) =>
    queryOptions({
      queryKey: [...searchQueries.all(), searchPath(request)] as const,
      queryFn: async (): Promise<SearchResult[]> =>
        SearchAnswer.parse(await getJson<unknown>(searchPath(request))).results,
    }),
}
