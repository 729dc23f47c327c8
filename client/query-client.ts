// The product's query defaults: no retries, no refetch on focus, no polling, never stale. Queries
// run offline too ('offlineFirst'): the service worker answers from its copies, or says at once that
// it has none, where the default would pause them and show a spinner for good (decision 032).
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  })
}
