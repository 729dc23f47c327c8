// Search (GET /api/search): the dialog's and the search page's one query, keyed by what was asked.
// The answer is checked by hand (answer-shape.ts): this module is in every visitor's first page.
import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { SearchAnswer, SearchResult, SnippetPart as SnippetPartSchema } from '#shared/api/search.ts'
import type { Pagination } from '#shared/api/common.ts'
import {
  arrayOf,
  expectAnswer,
  isBoolean,
  isId,
  isInteger,
  isString,
  nullable,
  objectOf,
  optional,
} from './answer-shape.ts'
import type { Check } from './answer-shape.ts'
import { getJson } from './http.ts'

type SnippetPart = z.infer<typeof SnippetPartSchema>

const isResultType: Check = (value) => value === 'term' || value === 'content'
const isSearchAnswer = objectOf<SearchAnswer>({
  results: arrayOf(
    objectOf<SearchResult>({
      type: isResultType,
      id: isId,
      term: optional(isString),
      title: optional(isString),
      bookTitle: nullable(isString),
      chapterTitle: nullable(isString),
      preview: isString,
      snippet: arrayOf(objectOf<SnippetPart>({ text: isString, match: isBoolean })),
      anchor: nullable(isString),
      heading: nullable(isString),
    }),
  ),
  pagination: objectOf<Pagination>({ page: isInteger, total: isInteger, totalPages: isInteger }),
})

export interface SearchRequest {
  q: string
  /** null: every book (no `books` parameter). */
  bookIds: readonly number[] | null
  includeLexicon: boolean
  /** From 1; without it, the first page. */
  page?: number
  /** Results per page; without it, the server's SEARCH_PAGE_SIZE (the dialog's). */
  limit?: number
}

/** The request's address; book ids sorted so the same choice is the same address. */
export function searchPath({ q, bookIds, includeLexicon, page, limit }: SearchRequest): string {
  const query = new URLSearchParams({ q })
  if (bookIds) query.set('books', [...bookIds].sort((a, b) => a - b).join(','))
  query.set('includeLexicon', String(includeLexicon))
  if (page !== undefined) query.set('page', String(page))
  if (limit !== undefined) query.set('limit', String(limit))
  return `/api/search?${query}`
}

export const searchQueries = {
  all: () => ['search'] as const,
  results: (request: SearchRequest) =>
    queryOptions({
      queryKey: [...searchQueries.all(), searchPath(request)] as const,
      queryFn: async (): Promise<SearchAnswer> =>
        expectAnswer<SearchAnswer>(await getJson<unknown>(searchPath(request)), isSearchAnswer, 'GET /api/search'),
    }),
}
