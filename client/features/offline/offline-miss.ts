// Whether a failed request failed for want of a network and an offline copy: the service worker's
// 503 (client/sw/service-worker.ts), or a fetch that never reached a server while the browser is offline.
import { ApiError } from '#client/api/http.ts'
import { OFFLINE_MISSING_CODE } from '#client/offline/offline-rules.ts'

export function isOfflineMiss(failure: unknown, online = typeof navigator === 'undefined' || navigator.onLine) {
  if (failure instanceof ApiError) return failure.code === OFFLINE_MISSING_CODE
  return failure instanceof TypeError && !online
}
