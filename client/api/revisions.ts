// A page's revision history for the admin screens: the list, a comparison, and restoring a version.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { RevisionComparison, RevisionHistory } from '#shared/api/revisions.ts'
import { REVISIONS_PAGE_SIZE } from '#shared/limits.ts'
import { contentQueries } from './content.ts'
import { getJson, postJson } from './http.ts'
import { refreshLibrary } from './library-queries.ts'

export const revisionQueries = {
  all: (id: number) => [...contentQueries.all(), 'revisions', id] as const,
  history: (id: number, page: number) =>
    queryOptions({
      queryKey: [...revisionQueries.all(id), 'history', { page }] as const,
      queryFn: async () => {
        const query = new URLSearchParams({ page: String(page), limit: String(REVISIONS_PAGE_SIZE) })
        return RevisionHistory.parse(await getJson<unknown>(`/api/content/${id}/revisions?${query}`))
      },
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  /** `to` null: against the current text. */
  compare: (id: number, from: number, to: number | null) =>
    queryOptions({
      queryKey: [...revisionQueries.all(id), 'compare', { from, to }] as const,
      queryFn: async () => {
        const query = new URLSearchParams({ from: String(from), ...(to === null ? {} : { to: String(to) }) })
        return RevisionComparison.parse(await getJson<unknown>(`/api/content/${id}/revisions/compare?${query}`))
      },
      staleTime: 0,
    }),
}

/** POST …/revisions/{revisionId}/restore based on the version the history showed as current. */
export function useRestoreRevision(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ revisionId, baseVersion }: { revisionId: number; baseVersion: number }) =>
      postJson<unknown>(`/api/content/${id}/revisions/${revisionId}/restore`, { baseVersion }),
    onSuccess: () => refreshLibrary(queryClient),
  })
}
