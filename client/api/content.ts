// Content pages as the admin pages list sees them (no HTML in lists), their deletion, and the
// site-wide reprocessing of headings.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { ContentListItem, ReprocessAnswer } from '#shared/api/content.ts'
import { deleteJson, getJson, postJson } from './http.ts'
import { libraryRoots, refreshLibrary } from './library-queries.ts'

export type { ContentListItem }

/** The client relies only on a `message`, and even that may be missing: the screen has a default. */
const ReprocessHeadersResult = ReprocessAnswer.partial()

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

/** POST /api/admin/reprocess-headers: rebuilds every page's heading ids and table of contents. */
export function useReprocessHeaders() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () =>
      ReprocessHeadersResult.parse((await postJson<unknown>('/api/admin/reprocess-headers')) ?? {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentQueries.all() }),
  })
}
