// The one way the client talks to the API: JSON over fetch, always with the session cookie.
// Failures become ApiError, whose message follows the default rule for a failed query (below).

export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  /** The default message of a failed query: "500: Internal Server Error" or "401: <response body text>". */
  readonly error: string
  /** The server's `{ error }` field, when the body had one. */
  readonly serverMessage: string | undefined
  readonly details: unknown

  constructor(init: { status: number; statusText: string; bodyText: string }) {
    const body = parseErrorBody(init.bodyText)
    const error = init.status >= 500 ? `${init.status}: ${init.statusText}` : `${init.status}: ${init.bodyText}`
    super(error)
    this.name = 'ApiError'
    this.status = init.status
    this.statusText = init.statusText
    this.error = error
    this.serverMessage = body?.error
    this.details = body?.details
  }
}

function parseErrorBody(bodyText: string): { error: string; details: unknown } | undefined {
  try {
    const body: unknown = JSON.parse(bodyText)
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      return { error: body.error, details: 'details' in body ? body.details : undefined }
    }
  } catch {
    // not JSON: the body text is still in ApiError.error
  }
  return undefined
}

/**
 * What a toast should tell a person about a failed call: the server's own words for a refusal,
 * the status text for a server failure (5xx bodies are never shown).
 */
export function failureText(failure: unknown): string {
  if (failure instanceof ApiError) {
    if (failure.status >= 500) return failure.statusText || String(failure.status)
    return failure.serverMessage ?? failure.error
  }
  if (failure instanceof Error) return failure.message
  return String(failure)
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Sends a request and returns the parsed JSON body (undefined for an empty body). */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  }
  if (body !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' }
    init.body = JSON.stringify(body)
  }
  return readResponse<T>(await fetch(path, init))
}

/** Sends a multipart form (a file upload); the browser sets the content type and its boundary. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  })
  return readResponse<T>(response)
}

async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text()
  if (!response.ok) {
    throw new ApiError({ status: response.status, statusText: response.statusText, bodyText: text })
  }
  return (text === '' ? undefined : JSON.parse(text)) as T
}

export const getJson = <T>(path: string) => apiRequest<T>('GET', path)
export const postJson = <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body)
export const putJson = <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body)
export const patchJson = <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body)
export const deleteJson = <T>(path: string) => apiRequest<T>('DELETE', path)
