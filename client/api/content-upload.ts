// Saving a content page in chunks: the edited text is cut into 51,200-character chunks, sent one
// after another to POST /api/content/chunk (each up to 3 attempts, backing off 1 s × attempt; after
// a 401, again once the person has logged in again), then POST /api/content/finalize. Pure apart
// from the injected fetch and sleep, so every path is unit-tested.
import { z } from 'zod'
import { Id } from '#shared/api/common.ts'
import type { ChunkUpload, FinalizeInput } from '#shared/api/content.ts'
import type { ErrorCode } from '#shared/api/errors.ts'
import { UPLOAD_CHUNK_ATTEMPTS, UPLOAD_CHUNK_CHARS, UPLOAD_RETRY_BACKOFF_MS } from '#shared/limits.ts'
import { withSessionRenewal } from './http.ts'

export type UploadTarget = number | 'new'

export interface UploadMetadata {
  title: string
  chapterId: number
  order: number
  published: boolean
  /** The version the editor loaded; the server answers 409 when someone saved after it. */
  baseVersion?: number | undefined
}

export interface UploadRequest {
  text: string
  contentId: UploadTarget
  metadata: UploadMetadata
}

export type UploadProgress =
  | { phase: 'uploading'; chunk: number; totalChunks: number; sent: number }
  | { phase: 'processing'; totalChunks: number }

export interface UploadOptions {
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  onProgress?: (progress: UploadProgress) => void
}

/** What finalize answers on success, as far as the editor needs it. */
export const SavedContent = z.object({
  id: Id,
  chapterId: Id,
  title: z.string(),
  version: z.number().int().optional(),
  chapter: z.object({ bookId: Id }),
})
export type SavedContent = z.infer<typeof SavedContent>

export interface SaveConflict {
  /** The server's own sentence about the conflict. */
  message: string
  updatedBy: string | null
  updatedAt: string | null
  version: number | null
}

export type UploadOutcome = { status: 'saved'; content: SavedContent } | { status: 'conflict'; conflict: SaveConflict }

/** A failed save; the message is what the editor shows ('Upload failed: …'). */
class UploadError extends Error {
  constructor(reason: string) {
    super(`Upload failed: ${reason}`)
    this.name = 'UploadError'
  }
}

/**
 * Cuts `text` into chunks of at most `size` UTF-16 code units, never between the two halves of a
 * surrogate pair (a lone half cannot be stored as UTF-8 on the server).
 */
export function splitIntoChunks(text: string, size = UPLOAD_CHUNK_CHARS): string[] {
  if (text === '') return ['']
  const chunks: string[] = []
  let start = 0
  while (start < text.length) {
    let end = Math.min(start + size, text.length)
    const last = text.charCodeAt(end - 1)
    if (end < text.length && last >= 0xd800 && last <= 0xdbff && end - 1 > start) end -= 1
    chunks.push(text.slice(start, end))
    start = end
  }
  return chunks
}

interface Answer {
  ok: boolean
  status: number
  body: unknown
  /** The server's `error`, or "status: status text" when it sent none. */
  error: string
  /** The server's `code` (shared/api/errors.ts), when it sent one. */
  code: ErrorCode | undefined
  details: unknown
}

async function postJson(fetchImpl: typeof fetch, path: string, body: unknown): Promise<Answer> {
  const response = await fetchImpl(path, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  let parsed: unknown = undefined
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  const error =
    typeof record.error === 'string' && record.error !== ''
      ? record.error
      : `${response.status}: ${response.statusText || text || 'no answer'}`
  const code = typeof record.code === 'string' ? (record.code as ErrorCode) : undefined
  return { ok: response.ok, status: response.status, body: parsed, error, code, details: record.details }
}

/**
 * Worth another attempt: the network, the server failing, or the server asking us to slow down. By
 * status, as HTTP means it: the answer may not be ours (a proxy's 502, a timeout's 408) and carry no code.
 */
const isRetryable = (status: number) => status >= 500 || status === 408 || status === 429

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function describe(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure)
}

async function sendChunk(upload: ChunkUpload, fetchImpl: typeof fetch, sleep: (ms: number) => Promise<void>) {
  let reason = ''
  for (let attempt = 1; attempt <= UPLOAD_CHUNK_ATTEMPTS; attempt++) {
    let retryable = true
    try {
      const answer = await postJson(fetchImpl, '/api/content/chunk', upload)
      if (answer.ok) return
      reason = answer.error
      retryable = isRetryable(answer.status)
    } catch (failure) {
      reason = describe(failure)
    }
    if (!retryable || attempt === UPLOAD_CHUNK_ATTEMPTS) break
    await sleep(UPLOAD_RETRY_BACKOFF_MS * attempt)
  }
  throw new UploadError(`Failed to send chunk ${upload.chunkIndex + 1}/${upload.totalChunks}: ${reason}`)
}

/** `details` of an error answer as one line of text. */
export function detailsText(details: unknown): string {
  if (details === undefined || details === null) return ''
  if (typeof details === 'string') return details
  if (Array.isArray(details)) {
    return details
      .map((entry) =>
        entry && typeof entry === 'object' && 'message' in entry ? String(entry.message) : JSON.stringify(entry),
      )
      .join('; ')
  }
  return JSON.stringify(details)
}

function asConflict(answer: Answer): SaveConflict {
  const details =
    answer.details && typeof answer.details === 'object' ? (answer.details as Record<string, unknown>) : {}
  return {
    message: answer.error,
    updatedBy: typeof details.updatedBy === 'string' ? details.updatedBy : null,
    updatedAt: typeof details.updatedAt === 'string' ? details.updatedAt : null,
    version: typeof details.version === 'number' ? details.version : null,
  }
}

type FinalizeResult = UploadOutcome | { status: 'incomplete' }

async function finalize(
  request: UploadRequest,
  totalChunks: number,
  overwrite: boolean,
  fetchImpl: typeof fetch,
): Promise<FinalizeResult> {
  const body: FinalizeInput = {
    contentId: request.contentId,
    totalChunks,
    metadata: { ...request.metadata, ...(overwrite ? { overwrite: true } : {}) },
  }
  let answer: Answer
  try {
    answer = await postJson(fetchImpl, '/api/content/finalize', body)
  } catch (failure) {
    throw new UploadError(`Failed to finalize content: ${describe(failure)}`)
  }
  if (answer.ok) {
    const saved = SavedContent.safeParse(answer.body)
    if (!saved.success) throw new UploadError('Failed to finalize content: the server answered without the saved page')
    return { status: 'saved', content: saved.data }
  }
  if (answer.code === 'edit_conflict' && !overwrite) return { status: 'conflict', conflict: asConflict(answer) }
  if (overwrite && answer.code === 'upload_incomplete') return { status: 'incomplete' }
  const details = detailsText(answer.details)
  throw new UploadError(`Failed to finalize content: ${answer.error}${details ? ` - ${details}` : ''}`)
}

/**
 * A session that ends mid-save asks for the password and sends the refused call again (http.ts):
 * the chunk that failed goes again and the staged ones stay, as staging is kept per user.
 */
const sessionFetch = (options: UploadOptions) => withSessionRenewal(options.fetch ?? globalThis.fetch.bind(globalThis))

async function sendAll(request: UploadRequest, options: UploadOptions, overwrite: boolean): Promise<FinalizeResult> {
  const fetchImpl = sessionFetch(options)
  const sleep = options.sleep ?? wait
  const chunks = splitIntoChunks(request.text)
  const totalChunks = chunks.length
  for (const [chunkIndex, chunk] of chunks.entries()) {
    options.onProgress?.({ phase: 'uploading', chunk: chunkIndex + 1, totalChunks, sent: chunkIndex })
    await sendChunk({ chunk, chunkIndex, totalChunks, contentId: request.contentId }, fetchImpl, sleep)
  }
  options.onProgress?.({ phase: 'processing', totalChunks })
  return finalize(request, totalChunks, overwrite, fetchImpl)
}

/**
 * Sends the page and finalizes it. Resolves with the saved page, or with the conflict when someone
 * saved a newer version since `baseVersion`; throws UploadError otherwise.
 */
export async function uploadContent(request: UploadRequest, options: UploadOptions = {}): Promise<UploadOutcome> {
  const result = await sendAll(request, options, false)
  if (result.status === 'incomplete') throw new UploadError('Failed to finalize content: the upload is incomplete')
  return result
}

/**
 * After a conflict: finalize again with `overwrite`. The chunks are normally still staged on the
 * server; when it says the upload is incomplete (they expired, or another upload replaced them),
 * they are sent again.
 */
export async function overwriteContent(request: UploadRequest, options: UploadOptions = {}): Promise<SavedContent> {
  const fetchImpl = sessionFetch(options)
  const totalChunks = splitIntoChunks(request.text).length
  options.onProgress?.({ phase: 'processing', totalChunks })
  let result = await finalize(request, totalChunks, true, fetchImpl)
  if (result.status === 'incomplete') result = await sendAll(request, options, true)
  if (result.status !== 'saved') throw new UploadError('Failed to finalize content: the upload is incomplete')
  return result.content
}
