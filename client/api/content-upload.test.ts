import { afterEach, describe, expect, it, vi } from 'vitest'
import { UPLOAD_CHUNK_CHARS } from '#shared/limits.ts'
import { detailsText, overwriteContent, splitIntoChunks, uploadContent } from './content-upload.ts'
import type { UploadProgress, UploadRequest } from './content-upload.ts'
import { setSessionRenewal } from './http.ts'

interface Call {
  path: string
  body: Record<string, unknown>
}

type Reply = { status: number; body?: unknown; statusText?: string } | Error

/** A fake server: answers each call with the next reply for its path (the last one repeats). */
function fakeServer(replies: { chunk?: Reply[]; finalize?: Reply[] }) {
  const calls: Call[] = []
  const used = { chunk: 0, finalize: 0 }
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>
    calls.push({ path, body })
    const kind = path.endsWith('/chunk') ? 'chunk' : 'finalize'
    const list = replies[kind] ?? [{ status: 200, body: kind === 'chunk' ? { progress: 100 } : saved }]
    const reply = list[Math.min(used[kind]++, list.length - 1)]!
    if (reply instanceof Error) throw reply
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      statusText: reply.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    })
  }) as typeof fetch
  return { fetch: fetchImpl, calls }
}

const saved = {
  id: 7,
  chapterId: 3,
  title: 'MN 7',
  version: 2,
  chapter: { id: 3, title: 'C', bookId: 1, bookTitle: 'B' },
}

const request = (text: string, contentId: UploadRequest['contentId'] = 'new'): UploadRequest => ({
  text,
  contentId,
  metadata: {
    title: 'MN 7',
    chapterId: 3,
    order: 1,
    published: true,
    baseVersion: contentId === 'new' ? undefined : 1,
  },
})

function recordSleeps() {
  const sleeps: number[] = []
  return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) }
}

describe('splitIntoChunks', () => {
  it('cuts the text into 51,200-character chunks that join back to the text', () => {
    const text = 'ā'.repeat(UPLOAD_CHUNK_CHARS * 2 + 5)
    const chunks = splitIntoChunks(text)
    expect(chunks.map((chunk) => chunk.length)).toEqual([UPLOAD_CHUNK_CHARS, UPLOAD_CHUNK_CHARS, 5])
    expect(chunks.join('')).toBe(text)
  })

  it('sends an empty page as one empty chunk', () => {
    expect(splitIntoChunks('')).toEqual([''])
  })

  it('never cuts a surrogate pair in two', () => {
    const text = `${'a'.repeat(9)}😀bc`
    const chunks = splitIntoChunks(text, 10)
    expect(chunks).toEqual(['a'.repeat(9), '😀bc'])
    expect(chunks.join('')).toBe(text)
  })
})

describe('uploadContent', () => {
  it('sends the chunks in order, then finalizes with the metadata, reporting progress', async () => {
    const server = fakeServer({})
    const progress: UploadProgress[] = []
    const text = 'x'.repeat(UPLOAD_CHUNK_CHARS + 10)
    const outcome = await uploadContent(request(text, 7), { fetch: server.fetch, onProgress: (p) => progress.push(p) })

    expect(outcome).toEqual({ status: 'saved', content: expect.objectContaining({ id: 7, chapter: { bookId: 1 } }) })
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/content/chunk',
      '/api/content/chunk',
      '/api/content/finalize',
    ])
    expect(server.calls[0]!.body).toEqual({
      chunk: 'x'.repeat(UPLOAD_CHUNK_CHARS),
      chunkIndex: 0,
      totalChunks: 2,
      contentId: 7,
    })
    expect(server.calls[1]!.body).toMatchObject({ chunk: 'x'.repeat(10), chunkIndex: 1, totalChunks: 2, contentId: 7 })
    expect(server.calls[2]!.body).toEqual({
      contentId: 7,
      totalChunks: 2,
      metadata: { title: 'MN 7', chapterId: 3, order: 1, published: true, baseVersion: 1 },
    })
    expect(progress).toEqual([
      { phase: 'uploading', chunk: 1, totalChunks: 2, sent: 0 },
      { phase: 'uploading', chunk: 2, totalChunks: 2, sent: 1 },
      { phase: 'processing', totalChunks: 2 },
    ])
  })

  it("uses 'new' as the content id of a new page", async () => {
    const server = fakeServer({})
    await uploadContent(request('<p>a</p>'), { fetch: server.fetch })
    expect(server.calls.map((call) => call.body.contentId)).toEqual(['new', 'new'])
  })

  it('tries a failing chunk again after 1 s, then 2 s, and succeeds', async () => {
    const server = fakeServer({
      chunk: [
        { status: 503, statusText: 'Service Unavailable' },
        new TypeError('Failed to fetch'),
        { status: 200, body: {} },
      ],
    })
    const { sleeps, sleep } = recordSleeps()
    const outcome = await uploadContent(request('<p>a</p>'), { fetch: server.fetch, sleep })
    expect(outcome.status).toBe('saved')
    expect(sleeps).toEqual([1000, 2000])
    expect(server.calls.filter((call) => call.path.endsWith('/chunk'))).toHaveLength(3)
  })

  it("gives up after 3 attempts with 'Upload failed: Failed to send chunk i/n: …'", async () => {
    const server = fakeServer({
      chunk: [{ status: 500, statusText: 'Internal Server Error', body: { error: 'Internal Server Error' } }],
    })
    const { sleeps, sleep } = recordSleeps()
    await expect(uploadContent(request('<p>a</p>'), { fetch: server.fetch, sleep })).rejects.toThrow(
      'Upload failed: Failed to send chunk 1/1: Internal Server Error',
    )
    expect(sleeps).toEqual([1000, 2000])
    expect(server.calls.some((call) => call.path.endsWith('/finalize'))).toBe(false)
  })

  it('does not repeat a chunk the server refuses as too large', async () => {
    const server = fakeServer({ chunk: [{ status: 413, body: { error: 'The page is 10.5 MB; the limit is 10 MB.' } }] })
    const { sleeps, sleep } = recordSleeps()
    const text = 'x'.repeat(UPLOAD_CHUNK_CHARS * 2)
    await expect(uploadContent(request(text), { fetch: server.fetch, sleep })).rejects.toThrow(
      'Upload failed: Failed to send chunk 1/2: The page is 10.5 MB; the limit is 10 MB.',
    )
    expect(sleeps).toEqual([])
  })

  it("reports a failed finalize as 'Failed to finalize content: error - details'", async () => {
    const server = fakeServer({
      finalize: [{ status: 400, body: { error: 'Please select a valid chapter', details: 'chapter 99' } }],
    })
    await expect(uploadContent(request('<p>a</p>'), { fetch: server.fetch })).rejects.toThrow(
      'Upload failed: Failed to finalize content: Please select a valid chapter - chapter 99',
    )
  })

  it('names each validation problem of a refused finalize', async () => {
    expect(detailsText([{ path: '/metadata/title', message: 'Title cannot be empty' }])).toBe('Title cannot be empty')
    expect(detailsText({ missing: [1] })).toBe('{"missing":[1]}')
    expect(detailsText(undefined)).toBe('')
  })

  it('answers a conflict with who saved last and when', async () => {
    const server = fakeServer({
      finalize: [
        {
          status: 409,
          body: {
            error: 'This page was saved by anna at 2026-01-02T03:04:05.000Z after you opened it.',
            code: 'edit_conflict',
            details: { version: 3, updatedBy: 'anna', updatedAt: '2026-01-02T03:04:05.000Z' },
          },
        },
      ],
    })
    const outcome = await uploadContent(request('<p>a</p>', 7), { fetch: server.fetch })
    expect(outcome).toEqual({
      status: 'conflict',
      conflict: {
        message: 'This page was saved by anna at 2026-01-02T03:04:05.000Z after you opened it.',
        updatedBy: 'anna',
        updatedAt: '2026-01-02T03:04:05.000Z',
        version: 3,
      },
    })
  })
  it('reports any other 409 as a failure, not as a conflict to resolve', async () => {
    const server = fakeServer({
      finalize: [{ status: 409, body: { error: 'Saved while it was being reprocessed', code: 'conflict' } }],
    })
    await expect(uploadContent(request('<p>a</p>', 7), { fetch: server.fetch })).rejects.toThrow(
      'Upload failed: Failed to finalize content: Saved while it was being reprocessed',
    )
  })
})

describe('overwriteContent', () => {
  it('finalizes the staged chunks again with overwrite', async () => {
    const server = fakeServer({})
    const content = await overwriteContent(request('<p>a</p>', 7), { fetch: server.fetch })
    expect(content.id).toBe(7)
    expect(server.calls).toEqual([
      {
        path: '/api/content/finalize',
        body: expect.objectContaining({ metadata: expect.objectContaining({ overwrite: true, baseVersion: 1 }) }),
      },
    ])
  })

  it('sends the chunks again when the server says the upload is incomplete', async () => {
    const server = fakeServer({
      finalize: [
        {
          status: 400,
          body: {
            error: 'The upload is incomplete: 0 of 1 chunks received',
            code: 'upload_incomplete',
            details: { missing: [0] },
          },
        },
        { status: 200, body: saved },
      ],
    })
    const content = await overwriteContent(request('<p>a</p>', 7), { fetch: server.fetch })
    expect(content.id).toBe(7)
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/content/finalize',
      '/api/content/chunk',
      '/api/content/finalize',
    ])
    expect(server.calls[2]!.body).toMatchObject({ metadata: { overwrite: true } })
  })

  it('sends nothing again for another refusal that mentions an incomplete upload', async () => {
    const server = fakeServer({
      finalize: [{ status: 400, body: { error: 'The upload is incomplete, says a proxy', code: 'bad_request' } }],
    })
    await expect(overwriteContent(request('<p>a</p>', 7), { fetch: server.fetch })).rejects.toThrow(
      'Upload failed: Failed to finalize content: The upload is incomplete, says a proxy',
    )
    expect(server.calls.map((call) => call.path)).toEqual(['/api/content/finalize'])
  })
})

describe('a session that ends during the save', () => {
  let removeRenewal: (() => void) | undefined
  afterEach(() => removeRenewal?.())

  it('asks for the password, sends the refused chunk again and goes on to finalize', async () => {
    const renewal = vi.fn(async () => true)
    removeRenewal = setSessionRenewal(renewal)
    const server = fakeServer({
      chunk: [
        { status: 200 },
        { status: 401, body: { error: 'Authentication required', code: 'unauthenticated' } },
        { status: 200 },
      ],
    })
    const text = 'x'.repeat(UPLOAD_CHUNK_CHARS * 2 + 5)
    const outcome = await uploadContent(request(text, 7), { fetch: server.fetch, ...recordSleeps() })
    expect(outcome).toMatchObject({ status: 'saved', content: { id: saved.id, version: saved.version } })
    expect(renewal).toHaveBeenCalledTimes(1)
    expect(server.calls.map((c) => [c.path, c.body.chunkIndex])).toEqual([
      ['/api/content/chunk', 0],
      ['/api/content/chunk', 1],
      ['/api/content/chunk', 1],
      ['/api/content/chunk', 2],
      ['/api/content/finalize', undefined],
    ])
  })

  it('fails with the reason, sending nothing more, when the person does not log in again', async () => {
    removeRenewal = setSessionRenewal(async () => false)
    const server = fakeServer({
      chunk: [{ status: 200 }, { status: 401, body: { error: 'Authentication required', code: 'unauthenticated' } }],
    })
    const text = 'x'.repeat(UPLOAD_CHUNK_CHARS * 2 + 5)
    await expect(uploadContent(request(text, 7), { fetch: server.fetch, ...recordSleeps() })).rejects.toThrow(
      'Upload failed: Failed to send chunk 2/3: Authentication required',
    )
    expect(server.calls).toHaveLength(2)
  })
})
