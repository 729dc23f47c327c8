// GET /api/health as the admin footer reads it: the running server's version.
import { queryOptions } from '@tanstack/react-query'
import { Health } from '#shared/api/health.ts'
import { getJson } from './http.ts'

export const healthQueries = {
  // A version does not change while the server runs; a failed check (503) just shows none.
  current: () =>
    queryOptions({
      queryKey: ['health'] as const,
      queryFn: async () => Health.parse(await getJson<unknown>('/api/health')),
      staleTime: Infinity,
      retry: false,
    }),
}
