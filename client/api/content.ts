// Content pages as the admin pages list sees them (no HTML in lists), their deletion, and the
// site-wide reprocessing of headings.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { ContentListItem, ReprocessAnswer, ReprocessStatus } from '#shared/api/content.ts'
import { deleteJson, getJson, postJson } from './http.ts'
import { libraryRoots, refreshLibrary } from './library-queries.ts'

export type { ContentListItem }

export const contentQueries = {
  all: () => libraryRoots.content,
  listByChapter: (chapterId: number) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'list', { chapterId }] as const,
      queryFn: async () =>
        z.array(ContentListItem).parse(await getJson<unknown>(`/api/content?chapterId=${chapterId}`)),
    }),
}

export function useDeleteContent() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<unknown>(`/api/content/${id}`),
    onSuccess: () => refreshLibrary(queryClient),
  })
}

/** How often a running reprocessing's progress is asked for. */
const REPROCESS_POLL_MS = 1000

/** GET /api/admin/reprocess-headers: the running job or the last one, asked again while it runs. */
export const reprocessQueries = {
  status: () =>
    queryOptions({
      queryKey: ['reprocess-headers'] as const,
      queryFn: async () => ReprocessStatus.parse(await getJson<unknown>('/api/admin/reprocess-headers')).job,
      refetchInterval: (query) => (query.state.data?.state === 'running' ? REPROCESS_POLL_MS : false),
    }),
}

/** POST /api/admin/reprocess-headers: starts rebuilding every page's heading ids and term links (a background job). */
export function useReprocessHeaders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => ReprocessAnswer.parse(await postJson<unknown>('/api/admin/reprocess-headers')),
    onSuccess: (answer) => queryClient.setQueryData(reprocessQueries.status().queryKey, answer.job),
  })
}
