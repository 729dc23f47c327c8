import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/api/http.ts'
import { OFFLINE_MISSING_CODE, OFFLINE_MISSING_ERROR } from '#client/offline/offline-rules.ts'
import { isOfflineMiss } from './offline-miss.ts'

const answer = (status: number, body: unknown) =>
  new ApiError({ status, statusText: 'x', bodyText: JSON.stringify(body) })

describe('a request that failed for want of a network and a copy', () => {
  it("is the service worker's 503 saying it has no copy", () => {
    expect(isOfflineMiss(answer(503, { error: OFFLINE_MISSING_ERROR, code: OFFLINE_MISSING_CODE }), true)).toBe(true)
  })

  it("is not the server's own failure or refusal", () => {
    expect(isOfflineMiss(answer(503, { error: 'Database unavailable' }), false)).toBe(false)
    expect(isOfflineMiss(answer(404, { error: OFFLINE_MISSING_ERROR }), false)).toBe(false)
    expect(isOfflineMiss(answer(500, {}), false)).toBe(false)
    // The text alone is no sign: only the worker's code is.
    expect(isOfflineMiss(answer(503, { error: OFFLINE_MISSING_ERROR }), false)).toBe(false)
  })

  it('is a fetch that never reached a server while the browser is offline, not while it is online', () => {
    expect(isOfflineMiss(new TypeError('Failed to fetch'), false)).toBe(true)
    expect(isOfflineMiss(new TypeError('Failed to fetch'), true)).toBe(false)
    expect(isOfflineMiss(undefined, false)).toBe(false)
  })
})
