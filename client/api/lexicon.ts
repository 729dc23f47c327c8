// The public lexicon: its letters, the terms under one letter, and paged search.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { Letters, Term, TermsPage } from '#shared/api/terms.ts'
import { LEXICON_PAGE_SIZE_PUBLIC } from '#shared/limits.ts'
import { getJson } from './http.ts'

export const lexiconQueries = {
  letters: () =>
    queryOptions({
      queryKey: ['terms', 'lexicon', 'letters'] as const,
      queryFn: async () => Letters.parse(await getJson<unknown>('/api/terms/letters')),
    }),
  byLetter: (letter: string) =>
    queryOptions({
      queryKey: ['terms', 'lexicon', 'letter', letter] as const,
      queryFn: async () =>
        z.array(Term).parse(await getJson<unknown>(`/api/terms/by-letter/${encodeURIComponent(letter)}`)),
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
        return TermsPage.parse(await getJson<unknown>(`/api/terms?${query}`))
      },
      getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.page + 1 : undefined),
    }),
}
