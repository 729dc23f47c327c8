// The feedback inbox for administrators: paged, newest first, and marking an item handled.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { FeedbackPage } from '#shared/api/feedback.ts'
import { FEEDBACK_PAGE_SIZE_ADMIN } from '#shared/limits.ts'
import { getJson, patchJson } from './http.ts'

export const feedbackQueries = {
  all: () => ['feedback'] as const,
  adminPage: (page: number) =>
    queryOptions({
      queryKey: [...feedbackQueries.all(), 'admin', { page }] as const,
      queryFn: async () => {
        const query = new URLSearchParams({ page: String(page), limit: String(FEEDBACK_PAGE_SIZE_ADMIN) })
        return FeedbackPage.parse(await getJson<unknown>(`/api/admin/feedback?${query}`))
      },
      placeholderData: keepPreviousData,
    }),
}

export function useSetFeedbackHandled() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      patchJson<unknown>(`/api/admin/feedback/${id}`, { handled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackQueries.all() }),
  })
}
