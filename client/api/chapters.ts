// Chapters of a book, one chapter (with its book), and the mutations; every change refreshes the
// chapter lists and the books (whose reader view lists chapters).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { Chapter } from '#shared/api/chapters.ts'
import type { ChapterValues } from '#shared/api/chapters.ts'
import { bookQueries } from './books.ts'
import { deleteJson, getJson, postJson, putJson } from './http.ts'

export const chapterQueries = {
  all: () => ['chapters'] as const,
  listByBook: (bookId: number) =>
    queryOptions({
      queryKey: [...chapterQueries.all(), 'list', { bookId }] as const,
      queryFn: async () => z.array(Chapter).parse(await getJson<unknown>(`/api/chapters/list/${bookId}`)),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...chapterQueries.all(), 'detail', id] as const,
      queryFn: async () => Chapter.parse(await getJson<unknown>(`/api/chapters/${id}`)),
    }),
}

function refreshChapters(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: chapterQueries.all() }),
    queryClient.invalidateQueries({ queryKey: bookQueries.all() }),
    queryClient.invalidateQueries({ queryKey: ['content'] }),
  ])
}

export function useCreateChapter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (chapter: ChapterValues) => Chapter.parse(await postJson<unknown>('/api/chapters', chapter)),
    onSuccess: () => refreshChapters(queryClient),
  })
}

export function useUpdateChapter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, chapter }: { id: number; chapter: ChapterValues }) =>
      Chapter.parse(await putJson<unknown>(`/api/chapters/${id}`, chapter)),
    onSuccess: () => refreshChapters(queryClient),
  })
}

export function useDeleteChapter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<unknown>(`/api/chapters/${id}`),
    onSuccess: () => refreshChapters(queryClient),
  })
}
