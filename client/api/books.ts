// Books: the list and one book, and the mutations that keep every book and chapter list fresh.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { Book } from '#shared/api/books.ts'
import type { BookValues } from '#shared/api/books.ts'
import { deleteJson, getJson, postJson, putJson } from './http.ts'

export const bookQueries = {
  all: () => ['books'] as const,
  list: () =>
    queryOptions({
      queryKey: [...bookQueries.all(), 'list'] as const,
      queryFn: async () => z.array(Book).parse(await getJson<unknown>('/api/books')),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...bookQueries.all(), 'detail', id] as const,
      queryFn: async () => Book.parse(await getJson<unknown>(`/api/books/${id}`)),
    }),
}

/** After any change to books: every book query, and chapters (a deleted book takes its chapters). */
function refreshBooks(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookQueries.all() }),
    queryClient.invalidateQueries({ queryKey: ['chapters'] }),
    queryClient.invalidateQueries({ queryKey: ['content'] }),
  ])
}

export function useCreateBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (book: BookValues) => Book.parse(await postJson<unknown>('/api/books', book)),
    onSuccess: () => refreshBooks(queryClient),
  })
}

export function useUpdateBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, book }: { id: number; book: BookValues }) =>
      Book.parse(await putJson<unknown>(`/api/books/${id}`, book)),
    onSuccess: () => refreshBooks(queryClient),
  })
}

export function useDeleteBook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<unknown>(`/api/books/${id}`),
    onSuccess: () => refreshBooks(queryClient),
  })
}
