// The one way the client talks to the API: JSON over fetch, always with the session cookie.
// Failures become ApiError, whose message follows the default rule for a failed query (below).
// Callers tell one refusal from another by ApiError.code (shared/api/errors.ts), never by its status
// or its text.
import type { ErrorCode } from '#shared/api/errors.ts'

export class ApiError extends Error {
  readonly status: number
  readonly statusText: string
  /** The default message of a failed query: "500: Internal Server Error" or "401: <response body text>". */
  readonly error: string
  /** The server's `{ error }` field, when the body had one. */
  readonly serverMessage: string | undefined
  /** The server's `{ code }`: what callers branch on. None when the answer is not ours (a proxy's 502). */
  readonly code: ErrorCode | undefined
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
    this.code = body?.code
    this.details = body?.details
  }
}

interface ErrorBody {
  error: string
  code: ErrorCode | undefined
  details: unknown
}

function parseErrorBody(bodyText: string): ErrorBody | undefined {
  try {
    const body: unknown = JSON.parse(bodyText)
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      // Checked by hand, not against the shared list: this module is in every visitor's first page (decision 010).
      const code = 'code' in body && typeof body.code === 'string' ? (body.code as ErrorCode) : undefined
      return { error: body.error, code, details: 'details' in body ? body.details : undefined }
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

/**
 * Asks the person to log in again after their session ended; resolves true once they have, false
 * when they chose not to. Set by the admin shell while it is mounted (visitors have no session).
 */
export type SessionRenewal = () => Promise<boolean>

let sessionRenewal: SessionRenewal | null = null
let renewalUnderway: Promise<boolean> | null = null

/** Installs the renewal; returns the function that removes it again. */
export function setSessionRenewal(renewal: SessionRenewal): () => void {
  sessionRenewal = renewal
  return () => {
    if (sessionRenewal === renewal) sessionRenewal = null
  }
}

/** Calls waiting at the same time share one question: the person is asked once. */
function renewSession(renewal: SessionRenewal): Promise<boolean> {
  renewalUnderway ??= renewal().finally(() => {
    renewalUnderway = null
  })
  return renewalUnderway
}

/**
 * Whether an answer says the session ended (a refused login is `login_refused`, an answer about the
 * password). Only a failed answer's body is read, from a copy: the caller still gets all of it.
 */
async function endsSession(response: Response): Promise<boolean> {
  if (response.ok) return false
  return parseErrorBody(await response.clone().text())?.code === 'unauthenticated'
}

/** Enough to tell a person that keeps failing to log in from one whose session keeps ending. */
const MAX_RENEWALS_PER_CALL = 3

/**
 * `send` that survives the session ending mid-work: an `unauthenticated` 401 (the session expired or
 * was ended) asks for the password through the installed renewal and then sends the very same request
 * again, so a save in progress goes on where it stopped. Without a renewal, or when the person
 * cancels, the caller gets the 401 answer as before. Request bodies here are strings or forms, sendable twice.
 */
export function withSessionRenewal(send: typeof fetch): typeof fetch {
  return async (input, init) => {
    for (let renewals = 0; ; renewals++) {
      const response = await send(input, init)
      const renewal = sessionRenewal
      if (!renewal || renewals === MAX_RENEWALS_PER_CALL || !(await endsSession(response))) return response
      if (!(await renewSession(renewal))) return response
    }
  }
}

// The global fetch is looked up at each call (tests replace it).
const sendWithSession = withSessionRenewal((input, init) => fetch(input, init))

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
  return readResponse<T>(await sendWithSession(path, init))
}

/** Sends a multipart form (a file upload); the browser sets the content type and its boundary. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await sendWithSession(path, {
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

/**
 * A GET whose `unauthenticated` 401 is an answer, not a session that ended: null then, and no
 * renewal is asked for (GET /api/user, where it means nobody is logged in).
 */
export async function getJsonOrNullWhenUnauthorized<T>(path: string): Promise<T | null> {
  const response = await fetch(path, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } })
  try {
    return await readResponse<T>(response)
  } catch (failure) {
    if (failure instanceof ApiError && failure.code === 'unauthenticated') return null
    throw failure
  }
}

export const getJson = <T>(path: string) => apiRequest<T>('GET', path)
export const postJson = <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body)
export const putJson = <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, body)
export const patchJson = <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, body)
export const deleteJson = <T>(path: string) => apiRequest<T>('DELETE', path)

/**
 * POSTs `file` as the multipart field `file`, reporting the share sent so far (0…1), and checks the
 * answer with `schema`. fetch cannot report upload progress, so this is XMLHttpRequest; failures are
 * ApiError with the server's words, a cancel an AbortError.
 */
export function uploadFile<T>(
  url: string,
  file: File,
  schema: { parse: (value: unknown) => T },
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'))
      return
    }
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(schema.parse(JSON.parse(request.responseText)))
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      } else {
        reject(new ApiError({ status: request.status, statusText: request.statusText, bodyText: request.responseText }))
      }
    }
    request.onerror = () => reject(new ApiError({ status: 0, statusText: 'Network error', bodyText: '' }))
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort(), { once: true })
    const form = new FormData()
    form.append('file', file)
    request.send(form)
  })
}
