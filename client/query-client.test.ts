import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client.ts'

describe('createQueryClient', () => {
  it('never retries, never refetches on focus, never polls, treats data as fresh and asks offline too', () => {
    const defaults = createQueryClient().getDefaultOptions()
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
      networkMode: 'offlineFirst',
    })
    expect(defaults.mutations).toMatchObject({ retry: false })
  })
})
