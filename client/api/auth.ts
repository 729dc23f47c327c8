// The current user query and the login and logout mutations. Answers are checked by hand
// (answer-shape.ts): the header needs who is logged in on every visitor's first page.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CurrentUser, LoginInput } from '#shared/api/auth.ts'
import { SIGNED_IN_COOKIE } from '#shared/signed-in.ts'
import { expectAnswer, isId, isString, nullable, objectOf } from './answer-shape.ts'
import { getJsonOrNullWhenUnauthorized, postJson } from './http.ts'

const isCurrentUser = objectOf<CurrentUser>({ id: isId, username: isString })

/**
 * Whether a session can exist: the server sets the signed-in hint cookie beside the session's
 * (which scripts cannot read) and clears it at logout and when it finds the session gone.
 */
export function maybeSignedIn(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`))
}

/**
 * The logged-in user, or null when nobody is logged in. GET /api/user answers 401 for nobody (as the
 * product spec says), which a browser logs as an error: it is asked only while the signed-in hint is
 * there, so a visitor's pages never ask, and a stale hint costs one 401 (whose answer clears it).
 */
async function fetchCurrentUser(): Promise<CurrentUser | null> {
  if (!maybeSignedIn()) return null
  return expectAnswer<CurrentUser | null>(
    await getJsonOrNullWhenUnauthorized<unknown>('/api/user'),
    nullable(isCurrentUser),
    'GET /api/user',
  )
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

/** After a logout, here or in another tab: nobody is logged in, and nothing fetched before is shown again. */
export function forgetUser(queryClient: QueryClient) {
  queryClient.setQueryData(userQueries.current().queryKey, null)
  forgetOtherViews(queryClient)
}

interface LogoutOptions {
  /**
   * Runs once the server has ended the session and before the screen learns of it (the admin
   * shell clears the user's drafts here, decision 044). It must not throw: the logout has happened.
   */
  whenLoggedOut?: () => Promise<void>
}

export function useLogoutMutation({ whenLoggedOut }: LogoutOptions = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const answer = await postJson<{ ok: true }>('/api/logout')
      await whenLoggedOut?.()
      return answer
    },
    onSuccess: () => forgetUser(queryClient),
    // The session may or may not be gone: ask the server again.
    onError: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  })
}
