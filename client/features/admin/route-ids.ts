// Ids taken from the address bar: only a positive whole number is an id; anything else is "not found".
import { IdString } from '#shared/api/common.ts'
import { ApiError } from '#client/api/http.ts'

export function parseRouteId(value: string | undefined): number | null {
  const parsed = IdString.safeParse(value ?? '')
  return parsed.success ? parsed.data : null
}

/** Not there, or an id the server refused as no id at all. */
export function isNotFound(failure: unknown): boolean {
  return failure instanceof ApiError && (failure.code === 'not_found' || failure.code === 'validation')
}

/** The server's own message for a refused request; `fallback` for anything else. */
export function serverTextOr(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.status < 500 && failure.serverMessage) return failure.serverMessage
  return fallback
}
