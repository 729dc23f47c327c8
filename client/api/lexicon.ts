// The public lexicon: its letters, the terms under one letter, and paged search. Answers are checked
// by hand (answer-shape.ts): this module is in every visitor's first page.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Pagination } from '#shared/api/common.ts'
import type { Term, TermsPage } from '#shared/api/terms.ts'
import { LEXICON_PAGE_SIZE_PUBLIC } from '#shared/limits.ts'
import { arrayOf, expectAnswer, isBoolean, isInteger, isString, objectOf } from './answer-shape.ts'
import { getJson } from './http.ts'
import { isTerm } from './reader.ts'

const isLetters = arrayOf(isString)
const isTerms = arrayOf(isTerm)
const isTermsPage = objectOf<TermsPage>({
  data: isTerms,
  pagination: objectOf<Pagination>({ page: isInteger, total: isInteger, hasNext: isBoolean }),
})

export const lexiconQueries = {
  letters: () =>
    queryOptions({
      queryKey: ['terms', 'lexicon', 'letters'] as const,
      queryFn: async () =>
        expectAnswer<string[]>(await getJson<unknown>('/api/terms/letters'), isLetters, 'GET /api/terms/letters'),
    }),
  byLetter: (letter: string) =>
    queryOptions({
      queryKey: ['terms', 'lexicon', 'letter', letter] as const,
      queryFn: async () =>
        expectAnswer<Term[]>(
          await getJson<unknown>(`/api/terms/by-letter/${encodeURIComponent(letter)}`),
          isTerms,
          'GET /api/terms/by-letter/{letter}',
        ),
    }),
  search: (search: string) =>
    infiniteQueryOptions({
      queryKey: ['terms', 'lexicon', 'search', search] as const,
      initialPageParam: 1,
      queryFn: async ({ pageParam }) => {
        const query = new URLSearchParams({
          page: String(pageParam),
          limit: String(LEXICON_PAGE_SIZE_PUBLIC),
          search,
        })
        return expectAnswer<TermsPage>(await getJson<unknown>(`/api/terms?${query}`), isTermsPage, 'GET /api/terms')
      },
      getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.page + 1 : undefined),
    }),
}
