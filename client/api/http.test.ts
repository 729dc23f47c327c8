import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, failureText, getJson, postJson } from './http.ts'

function respondWith(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => vi.unstubAllGlobals())

describe('ApiError message (the default rule for a failed query)', () => {
  it('uses status and status text for 500 and above, never the body', () => {
    const failure = new ApiError({ status: 500, statusText: 'Internal Server Error', bodyText: '{"error":"db down"}' })
    expect(failure.error).toBe('500: Internal Server Error')
    expect(failure.message).toBe('500: Internal Server Error')
  })

  it('uses status and the response body text below 500', () => {
    const bodyText = '{"error":"Invalid username or password"}'
    const failure = new ApiError({ status: 401, statusText: 'Unauthorized', bodyText })
    expect(failure.error).toBe(`401: ${bodyText}`)
  })

  it("exposes the server's error field and details separately", () => {
    const failure = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      bodyText: '{"error":"Invalid input","details":[{"path":["username"]}]}',
    })
    expect(failure.serverMessage).toBe('Invalid input')
    expect(failure.details).toEqual([{ path: ['username'] }])
  })

  it('has no server message when the body is not an error object', () => {
    expect(
      new ApiError({ status: 404, statusText: 'Not Found', bodyText: 'nothing here' }).serverMessage,
    ).toBeUndefined()
    expect(
      new ApiError({ status: 400, statusText: 'Bad Request', bodyText: '{"error":5}' }).serverMessage,
    ).toBeUndefined()
  })
})

describe('failureText (what a toast says)', () => {
  it("gives the server's own words for a refusal", () => {
    const failure = new ApiError({
      status: 429,
      statusText: 'Too Many Requests',
      bodyText: '{"error":"Too many attempts"}',
    })
    expect(failureText(failure)).toBe('Too many attempts')
  })

  it('gives the status text for a server failure', () => {
    const failure = new ApiError({ status: 502, statusText: 'Bad Gateway', bodyText: '<html>proxy</html>' })
    expect(failureText(failure)).toBe('Bad Gateway')
  })

  it('falls back to the status code when a 5xx has no status text (HTTP/2)', () => {
    expect(failureText(new ApiError({ status: 503, statusText: '', bodyText: '' }))).toBe('503')
  })

  it('falls back to the default message when a refusal has no error field', () => {
    expect(failureText(new ApiError({ status: 404, statusText: 'Not Found', bodyText: 'gone' }))).toBe('404: gone')
  })

  it('gives the message of a network failure', () => {
    expect(failureText(new TypeError('Failed to fetch'))).toBe('Failed to fetch')
  })
})

describe('apiRequest', () => {
  it('sends the session cookie and returns the JSON body', async () => {
    const fetchMock = respondWith(Response.json({ id: 1, username: 'admin' }))
    await expect(getJson('/api/user')).resolves.toEqual({ id: 1, username: 'admin' })
    const [path, init] = fetchMock.mock.calls[0] ?? []
    expect(path).toBe('/api/user')
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' })
    expect(init?.body).toBeUndefined()
  })

  it('sends a JSON body with its content type', async () => {
    const fetchMock = respondWith(Response.json({ id: 1, username: 'admin' }))
    await postJson('/api/login', { username: 'admin', password: 'pw' })
    const init = fetchMock.mock.calls[0]?.[1]
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"username":"admin","password":"pw"}' })
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json')
  })

  it('returns undefined for an empty successful body', async () => {
    respondWith(new Response(null, { status: 204 }))
    await expect(apiRequest('DELETE', '/api/books/1')).resolves.toBeUndefined()
  })

  it('throws an ApiError carrying the status, message and server text', async () => {
    respondWith(Response.json({ error: 'Invalid username or password' }, { status: 401, statusText: 'Unauthorized' }))
    const failure = await postJson('/api/login', {}).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({
      status: 401,
      error: '401: {"error":"Invalid username or password"}',
      serverMessage: 'Invalid username or password',
    })
  })
})
