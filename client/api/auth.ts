// The current user query and the login and logout mutations. Answers are checked by hand
// (answer-shape.ts): the header asks who is logged in on every visitor's first page.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CurrentUser, LoginInput } from '#shared/api/auth.ts'
import { expectAnswer, isId, isString, nullable, objectOf } from './answer-shape.ts'
import { getJson, postJson } from './http.ts'

const isCurrentUser = objectOf<CurrentUser>({ id: isId, username: isString })

/** The logged-in user, or null when nobody is logged in (the API answers 200 `null`, never an error status). */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  return expectAnswer<CurrentUser | null>(await getJson<unknown>('/api/user'), nullable(isCurrentUser), 'GET /api/user')
}

export const userQueries = {
  all: () => ['user'] as const,
  current: () => queryOptions({ queryKey: [...userQueries.all(), 'current'] as const, queryFn: fetchCurrentUser }),
}

export function useLoginMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: LoginInput) =>
      expectAnswer<CurrentUser>(await postJson<unknown>('/api/login', input), isCurrentUser, 'POST /api/login'),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueries.current().queryKey, user)
      forgetOtherViews(queryClient)
    },
  })
}

/**
 * Answers differ for an administrator (drafts in the side tree, unpublished terms): when who is
 * asking changes, nothing fetched before may be shown again. Active views fetch afresh.
 */
function forgetOtherViews(queryClient: QueryClient) {
  void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== userQueries.all()[0] })
}

export function useLogoutMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => postJson<{ ok: true }>('/api/logout'),
    onSuccess: () => {
      queryClient.setQueryData(userQueries.current().queryKey, null)
      forgetOtherViews(queryClient)
    },
    // The session may or may not be gone: ask the server again.
    onError: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  })
}
