// The trash screen's calls (administrators only): the list, restoring, purging one or all.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { TrashPage, TrashPurged, TrashRestored } from '#shared/api/trash.ts'
import { deleteJson, getJson, postJson } from './http.ts'

const TRASH_PAGE_SIZE = 50

export const trashQueries = {
  all: () => ['trash'] as const,
  page: (page: number) =>
    queryOptions({
      queryKey: [...trashQueries.all(), { page }] as const,
      queryFn: async () => {
        const query = new URLSearchParams({ page: String(page), limit: String(TRASH_PAGE_SIZE) })
        return TrashPage.parse(await getJson<unknown>(`/api/admin/trash?${query}`))
      },
      placeholderData: keepPreviousData,
      // Deleting anywhere in the admin area adds to it: read it fresh on each visit.
      staleTime: 0,
    }),
}

/** After a restore every list may hold what came back (books, chapters, pages, search): all are read again. */
export function useRestoreFromTrash() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => TrashRestored.parse(await postJson<unknown>(`/api/admin/trash/${id}/restore`)),
    onSettled: () => queryClient.invalidateQueries(),
  })
}

export function usePurgeFromTrash() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<void>(`/api/admin/trash/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashQueries.all() }),
  })
}

export function useEmptyTrash() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => TrashPurged.parse(await deleteJson<unknown>('/api/admin/trash')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashQueries.all() }),
  })
}
