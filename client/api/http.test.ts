import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  apiRequest,
  failureText,
  getJson,
  getJsonOrNullWhenUnauthorized,
  postJson,
  setSessionRenewal,
  withSessionRenewal,
} from './http.ts'

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

  it('exposes the code callers branch on, and none when the body has no code', () => {
    const refused = new ApiError({
      status: 409,
      statusText: 'Conflict',
      bodyText: '{"error":"A user with this username already exists","code":"already_exists"}',
    })
    expect(refused.code).toBe('already_exists')
    expect(refused.serverMessage).toBe('A user with this username already exists')
    expect(
      new ApiError({ status: 502, statusText: 'Bad Gateway', bodyText: '<html>proxy</html>' }).code,
    ).toBeUndefined()
    expect(new ApiError({ status: 404, statusText: 'Not Found', bodyText: '{"error":"gone"}' }).code).toBeUndefined()
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

describe('getJsonOrNullWhenUnauthorized (GET /api/user)', () => {
  it('answers null when nobody is logged in, and throws any other failure', async () => {
    respondWith(Response.json({ error: 'Not logged in', code: 'unauthenticated' }, { status: 401 }))
    await expect(getJsonOrNullWhenUnauthorized('/api/user')).resolves.toBeNull()
    respondWith(Response.json({ error: 'Internal Server Error', code: 'internal' }, { status: 500 }))
    await expect(getJsonOrNullWhenUnauthorized('/api/user')).rejects.toMatchObject({ status: 500, code: 'internal' })
  })
})

describe('a session that ends mid-work (withSessionRenewal)', () => {
  const SESSION_ENDED = { error: 'Authentication required', code: 'unauthenticated' }
  const LOGIN_REFUSED = { error: 'Invalid username or password', code: 'login_refused' }
  const answer = (status: number, body: unknown = status === 401 ? SESSION_ENDED : {}) =>
    new Response(JSON.stringify(body), { status })

  /** A server that answers each call with the next status in `statuses` (the last repeats). */
  function server(statuses: number[], body?: unknown) {
    const calls: { path: string; body: unknown }[] = []
    const send = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ path: String(input), body: init?.body })
      return answer(statuses[Math.min(calls.length - 1, statuses.length - 1)]!, body)
    })
    return { calls, send: send as unknown as typeof fetch }
  }

  let removeRenewal: (() => void) | undefined
  afterEach(() => removeRenewal?.())

  it('asks for the password once and sends the same request again when the person logs in', async () => {
    const renewal = vi.fn(async () => true)
    removeRenewal = setSessionRenewal(renewal)
    const { calls, send } = server([401, 200])
    const response = await withSessionRenewal(send)('/api/content/chunk', { method: 'POST', body: '{"chunkIndex":1}' })
    expect(response.status).toBe(200)
    expect(renewal).toHaveBeenCalledTimes(1)
    expect(calls).toEqual([
      { path: '/api/content/chunk', body: '{"chunkIndex":1}' },
      { path: '/api/content/chunk', body: '{"chunkIndex":1}' },
    ])
  })

  it('gives the caller the 401 when the person cancels, without sending again', async () => {
    removeRenewal = setSessionRenewal(async () => false)
    const { calls, send } = server([401, 200])
    const response = await withSessionRenewal(send)('/api/books', { method: 'POST', body: '{}' })
    expect(response.status).toBe(401)
    expect(calls).toHaveLength(1)
  })

  it('asks once for calls that fail at the same time, and sends each of them again', async () => {
    let finish: (loggedIn: boolean) => void = () => {}
    const renewal = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)))
    removeRenewal = setSessionRenewal(renewal)
    const statuses = new Map<string, number[]>([
      ['/api/a', [401, 200]],
      ['/api/b', [401, 200]],
    ])
    const send = (async (input: RequestInfo | URL) => answer(statuses.get(String(input))!.shift()!)) as typeof fetch
    const both = Promise.all([withSessionRenewal(send)('/api/a'), withSessionRenewal(send)('/api/b')])
    await vi.waitFor(() => expect(renewal).toHaveBeenCalledTimes(1))
    finish(true)
    expect((await both).map((r) => r.status)).toEqual([200, 200])
    expect(renewal).toHaveBeenCalledTimes(1)
  })

  it('leaves a refused login, other failures and visitors (no renewal installed) alone', async () => {
    const renewal = vi.fn(async () => true)
    removeRenewal = setSessionRenewal(renewal)
    const login = server([401], LOGIN_REFUSED)
    expect((await withSessionRenewal(login.send)('/api/login', { method: 'POST' })).status).toBe(401)
    const forbidden = server([403])
    expect((await withSessionRenewal(forbidden.send)('/api/register', { method: 'POST' })).status).toBe(403)
    expect(renewal).not.toHaveBeenCalled()
    removeRenewal()
    const visitor = server([401])
    expect((await withSessionRenewal(visitor.send)('/api/books', { method: 'POST' })).status).toBe(401)
    expect(visitor.calls).toHaveLength(1)
  })

  it('tells a session that ended from a refused login by the code, not by the address', async () => {
    const renewal = vi.fn(async () => true)
    removeRenewal = setSessionRenewal(renewal)
    const refused = server([401], LOGIN_REFUSED)
    const response = await withSessionRenewal(refused.send)('/api/admin/users')
    expect(renewal).not.toHaveBeenCalled()
    // The code was read from a copy: the caller still gets the whole body.
    expect(await response.json()).toEqual(LOGIN_REFUSED)
    const noCode = server([401], { error: 'Authentication required' })
    expect((await withSessionRenewal(noCode.send)('/api/books')).status).toBe(401)
    expect(renewal).not.toHaveBeenCalled()
  })

  it('gives up after a few renewals when the server keeps refusing', async () => {
    const renewal = vi.fn(async () => true)
    removeRenewal = setSessionRenewal(renewal)
    const { calls, send } = server([401])
    expect((await withSessionRenewal(send)('/api/books')).status).toBe(401)
    expect(renewal).toHaveBeenCalledTimes(3)
    expect(calls).toHaveLength(4)
  })

  it('turns a cancelled renewal into the ApiError callers already handle', async () => {
    removeRenewal = setSessionRenewal(async () => false)
    respondWith(answer(401))
    await expect(getJson('/api/admin/users')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' })
  })

  it('retries apiRequest calls through the global fetch after the person logs in', async () => {
    removeRenewal = setSessionRenewal(async () => true)
    const replies = [answer(401), answer(200, [{ id: 1 }])]
    const fetchMock = vi.fn(async () => replies.shift()!)
    vi.stubGlobal('fetch', fetchMock)
    expect(await getJson('/api/admin/users')).toEqual([{ id: 1 }])
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
