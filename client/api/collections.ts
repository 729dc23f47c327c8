// The collections screen's calls (administrators only; decision 056): the list, adding, changing,
// deleting.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CollectionInput } from '#shared/api/collections.ts'
import { Collection, CollectionList } from '#shared/api/collections.ts'
import { deleteJson, getJson, postJson, putJson } from './http.ts'

export const collectionsQueries = {
  all: () => ['collections'] as const,
  list: () =>
    queryOptions({
      queryKey: [...collectionsQueries.all(), 'list'] as const,
      queryFn: async () => CollectionList.parse(await getJson<unknown>('/api/admin/collections')),
    }),
}

function useRefreshCollectionsAfter<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionsQueries.all() }),
  })
}

export const useAddCollection = () =>
  useRefreshCollectionsAfter(async (input: CollectionInput) =>
    Collection.parse(await postJson<unknown>('/api/admin/collections', input)),
  )

export const useChangeCollection = () =>
  useRefreshCollectionsAfter(async ({ id, input }: { id: number; input: CollectionInput }) =>
    Collection.parse(await putJson<unknown>(`/api/admin/collections/${id}`, input)),
  )

export const useDeleteCollection = () =>
  useRefreshCollectionsAfter((id: number) => deleteJson<void>(`/api/admin/collections/${id}`))
