// Books: the list and one book, and the mutations; every change refreshes the library's queries
// (library-queries.ts).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { Book, BookWithChapters } from '#shared/api/books.ts'
import type { BookValues } from '#shared/api/books.ts'
import { deleteJson, getJson, postJson, putJson } from './http.ts'
import { libraryRoots, refreshLibrary } from './library-queries.ts'

export const bookQueries = {
  all: () => libraryRoots.books,
  list: () =>
    queryOptions({
      queryKey: [...bookQueries.all(), 'list'] as const,
      // Each book without its cover picture (coverImage and coverUrl are its address); the edit form reads the picture from `detail`.
      queryFn: async () => z.array(BookWithChapters).parse(await getJson<unknown>('/api/books')),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...bookQueries.all(), 'detail', id] as const,
      queryFn: async () => Book.parse(await getJson<unknown>(`/api/books/${id}`)),
    }),
}

export function useCreateBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (book: BookValues) => Book.parse(await postJson<unknown>('/api/books', book)),
    onSuccess: () => refreshLibrary(queryClient),
  })
}

export function useUpdateBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, book }: { id: number; book: BookValues }) =>
      Book.parse(await putJson<unknown>(`/api/books/${id}`, book)),
    onSuccess: () => refreshLibrary(queryClient),
  })
}

export function useDeleteBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<unknown>(`/api/books/${id}`),
    onSuccess: () => refreshLibrary(queryClient),
  })
}
