// Chapters of a book, one chapter (with its book), and the mutations; every change refreshes the
// library's queries (library-queries.ts): the books' reader view lists chapters, pages name theirs.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { Chapter } from '#shared/api/chapters.ts'
import type { ChapterValues } from '#shared/api/chapters.ts'
import { deleteJson, getJson, postJson, putJson } from './http.ts'
import { libraryRoots, refreshLibrary } from './library-queries.ts'

export const chapterQueries = {
  all: () => libraryRoots.chapters,
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

export function useCreateChapter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (chapter: ChapterValues) => Chapter.parse(await postJson<unknown>('/api/chapters', chapter)),
    onSuccess: () => refreshLibrary(queryClient),
  })
}

export function useUpdateChapter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, chapter }: { id: number; chapter: ChapterValues }) =>
      Chapter.parse(await putJson<unknown>(`/api/chapters/${id}`, chapter)),
    onSuccess: () => refreshLibrary(queryClient),
  })
}

export function useDeleteChapter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<unknown>(`/api/chapters/${id}`),
    onSuccess: () => refreshLibrary(queryClient),
  })
}
