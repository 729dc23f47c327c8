// The users screen's calls (administrators only): the list, adding, disabling or enabling,
// deleting, and changing one's own password.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { NewUserInput, PasswordChangeInput } from '#shared/api/users.ts'
import { PasswordChanged, UserList, UserSummary } from '#shared/api/users.ts'
import { deleteJson, getJson, patchJson, postJson } from './http.ts'

export const usersQueries = {
  all: () => ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...usersQueries.all(), 'list'] as const,
      queryFn: async () => UserList.parse(await getJson<unknown>('/api/admin/users')),
      // "Last seen" moves on its own: read it fresh on each visit.
      staleTime: 0,
    }),
}

function useRefreshUsersAfter<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueries.all() }),
  })
}

export const useAddUser = () =>
  useRefreshUsersAfter(async (input: NewUserInput) =>
    UserSummary.parse(await postJson<unknown>('/api/admin/users', input)),
  )

export const useSetUserDisabled = () =>
  useRefreshUsersAfter(async ({ id, disabled }: { id: number; disabled: boolean }) =>
    UserSummary.parse(await patchJson<unknown>(`/api/admin/users/${id}`, { disabled })),
  )

export const useDeleteUser = () => useRefreshUsersAfter((id: number) => deleteJson<void>(`/api/admin/users/${id}`))

export const useChangeOwnPassword = () =>
  useRefreshUsersAfter(async (input: PasswordChangeInput) =>
    PasswordChanged.parse(await postJson<unknown>('/api/admin/password', input)),
  )
