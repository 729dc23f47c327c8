// Books saved for offline reading: every published page of a book (summary, contents, all chunks,
// the links section with the last chunk) fetched into the book's own cache, which the service
// worker answers from (client/sw/service-worker.ts). What is saved (pages, builds, sizes, when) is
// kept in localStorage, so the book page shows it at once. Fetched as a visitor (no cookie): a saved
// book is the published book, never an administrator's drafts (decision 032).
import { useSyncExternalStore } from 'react'
import type { BookWithChapters } from '#shared/api/books.ts'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { SAVED_BOOKS_KEY } from './saved-books-key.ts'
import {
  OFFLINE_COPY_HEADER,
  PAGES_CACHE,
  bookCacheName,
  chunkCacheKey,
  pageCacheKey,
} from '#client/offline/offline-rules.ts'

export interface SavedPage {
  id: number
  buildId: number | null
  bytes: number
}

export interface SavedBook {
  bookId: number
  savedAt: string
  /** Pages of the book when saving started; `pages` holds those saved so far. */
  total: number
  complete: boolean
  pages: SavedPage[]
}

const STORAGE_KEY = SAVED_BOOKS_KEY
const PARALLEL = 2

export function offlineSavingSupported() {
  return typeof caches !== 'undefined' && typeof localStorage !== 'undefined'
}

// --- what is saved: localStorage, observed with useSyncExternalStore ---

const listeners = new Set<() => void>()
let snapshotRaw: string | null | undefined
let snapshot: Record<string, SavedBook> = {}

function readAll(): Record<string, SavedBook> {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(STORAGE_KEY)
  } catch {
    return {}
  }
  if (raw === snapshotRaw) return snapshot
  snapshotRaw = raw
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    snapshot = parsed && typeof parsed === 'object' ? (parsed as Record<string, SavedBook>) : {}
  } catch {
    snapshot = {}
  }
  return snapshot
}

function writeBook(bookId: number, book: SavedBook | null) {
  const all = { ...readAll() }
  if (book) all[bookId] = book
  else delete all[bookId]
  localStorage.setItem(STORAGE_KEY, JSON.stringify(all))
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function savedBook(bookId: number): SavedBook | null {
  return readAll()[bookId] ?? null
}

export function useSavedBook(bookId: number): SavedBook | null {
  return useSyncExternalStore(
    subscribe,
    () => savedBook(bookId),
    () => null,
  )
}

export function savedBytes(book: SavedBook) {
  return book.pages.reduce((sum, page) => sum + page.bytes, 0)
}

// --- fetching into a book's cache ---

/** A network failure (offline) as opposed to an answer the server refused. */
export class OfflineCopyError extends Error {
  constructor(
    message: string,
    readonly kind: 'network' | 'storage' | 'server',
  ) {
    super(message)
  }
}

async function fetchCopy(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response
  try {
    response = await fetch(url, {
      credentials: 'omit',
      headers: { Accept: 'application/json', [OFFLINE_COPY_HEADER]: '1' },
      signal,
    })
  } catch (failure) {
    if (signal?.aborted) throw failure
    throw new OfflineCopyError(`GET ${url} failed`, 'network')
  }
  if (!response.ok) throw new OfflineCopyError(`GET ${url}: ${response.status}`, 'server')
  return response
}

/** Keeps an answer in `cache` under `key` and says how many bytes its body has. */
async function keepCopy(cache: Cache, key: string, response: Response): Promise<{ bytes: number; text: string }> {
  const text = await response.text()
  const headers = new Headers(response.headers)
  // The body is kept decoded: these described the bytes on the wire.
  headers.delete('Content-Encoding')
  headers.delete('Content-Length')
  try {
    await cache.put(key, new Response(text, { status: 200, statusText: 'OK', headers }))
  } catch (failure) {
    if (failure instanceof DOMException && failure.name === 'QuotaExceededError') {
      throw new OfflineCopyError('quota', 'storage')
    }
    throw failure
  }
  return { bytes: new Blob([text]).size, text }
}

async function copyJson<T>(cache: Cache, url: string, signal?: AbortSignal): Promise<{ value: T; bytes: number }> {
  const { text, bytes } = await keepCopy(cache, url, await fetchCopy(url, signal))
  return { value: JSON.parse(text) as T, bytes }
}

/** Saves one page: its summary, contents, metadata and every chunk of one build. */
async function savePage(cache: Cache, pageId: number, signal?: AbortSignal): Promise<SavedPage> {
  const base = `/api/content/${pageId}`
  let bytes = 0
  for (const url of [`${base}/summary`, `${base}/toc`, `${base}?body=false`]) {
    bytes += (await copyJson(cache, url, signal)).bytes
  }
  const chunkUrl = (chunk: number, build: number | null) => {
    const query = new URLSearchParams({ chunk: String(chunk), size: String(READER_CHUNK_SIZE) })
    if (build !== null) query.set('build', String(build))
    return `${base}/chunks?${query}`
  }
  const first = await fetchCopy(chunkUrl(0, null), signal)
  const firstKept = await keepCopy(cache, chunkCacheKey(new URL(chunkUrl(0, null), location.origin).href), first)
  bytes += firstKept.bytes
  const { totalChunks, buildId } = JSON.parse(firstKept.text) as { totalChunks: number; buildId: number | null }
  for (let chunk = 1; chunk < totalChunks; chunk += 1) {
    const url = chunkUrl(chunk, buildId)
    // A save meanwhile answers 409: the caller saves the page again from its new build.
    const kept = await keepCopy(cache, chunkCacheKey(new URL(url, location.origin).href), await fetchCopy(url, signal))
    bytes += kept.bytes
  }
  // The page's HTML kept when it was read holds its first chunk of then: offline, the app shell and
  // this copy answer instead (the service worker keeps the HTML again when it is next read online).
  await (await caches.open(PAGES_CACHE)).delete(pageCacheKey(new URL(`/content/${pageId}`, location.origin).href))
  return { id: pageId, buildId, bytes }
}

async function savePageOnce(cache: Cache, pageId: number, signal?: AbortSignal): Promise<SavedPage> {
  try {
    return await savePage(cache, pageId, signal)
  } catch (failure) {
    if (!(failure instanceof OfflineCopyError && failure.kind === 'server')) throw failure
    return savePage(cache, pageId, signal)
  }
}

/** The book's published pages in reading order, with the chapter answers the reader needs kept. */
async function bookPages(cache: Cache, book: BookWithChapters, signal?: AbortSignal): Promise<number[]> {
  const pages: number[] = []
  await copyJson(cache, '/api/books', signal)
  for (const chapter of book.chapters) {
    await copyJson(cache, `/api/chapters/${chapter.id}`, signal)
    const { value } = await copyJson<{ items: { id: number }[] }>(cache, `/api/chapters/${chapter.id}/content`, signal)
    pages.push(...value.items.map((item) => item.id))
  }
  return pages
}

export interface SaveProgress {
  done: number
  total: number
}

/**
 * Saves a whole book, or brings a saved one up to date: pages whose build is unchanged are kept as
 * they are, changed and new pages are fetched, pages no longer in the book are removed. What is
 * saved is recorded page by page, so an interrupted save goes on where it stopped.
 */
export async function saveBook(
  book: BookWithChapters,
  onProgress: (progress: SaveProgress) => void,
  signal?: AbortSignal,
): Promise<SavedBook> {
  // Asked before the first byte: without it the browser may clear the copy when space runs low.
  await navigator.storage?.persist?.().catch(() => false)
  const cache = await caches.open(bookCacheName(book.id))
  const pageIds = await bookPages(cache, book, signal)
  const current = await currentBuilds(pageIds, signal)
  const before = new Map((savedBook(book.id)?.pages ?? []).map((page) => [page.id, page]))
  let record: SavedBook = {
    bookId: book.id,
    savedAt: new Date().toISOString(),
    total: pageIds.length,
    complete: false,
    pages: [],
  }
  for (const id of pageIds) {
    const page = before.get(id)
    // Kept only while its copy is still there: a browser short of space may have cleared the cache.
    if (page && page.buildId === current.get(id) && (await cache.match(`/api/content/${id}/summary`))) {
      record.pages.push(page)
    }
  }
  writeBook(book.id, record)
  await removePagesNotIn(cache, new Set(pageIds))
  const todo = pageIds.filter((id) => !record.pages.some((page) => page.id === id))
  onProgress({ done: record.pages.length, total: pageIds.length })
  let next = 0
  const work = async () => {
    while (next < todo.length) {
      const id = todo[next++]!
      const page = await savePageOnce(cache, id, signal)
      record = { ...record, pages: [...record.pages.filter((saved) => saved.id !== id), page] }
      writeBook(book.id, record)
      onProgress({ done: record.pages.length, total: pageIds.length })
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, todo.length) }, work))
  const order = new Map(pageIds.map((id, index) => [id, index]))
  record = {
    ...record,
    complete: true,
    pages: [...record.pages].sort((a, b) => order.get(a.id)! - order.get(b.id)!),
  }
  writeBook(book.id, record)
  return record
}

async function removePagesNotIn(cache: Cache, keep: Set<number>) {
  for (const request of await cache.keys()) {
    const match = /^\/api\/content\/([0-9]+)(?:\/|$)/.exec(new URL(request.url).pathname)
    if (match && !keep.has(Number(match[1]))) await cache.delete(request)
  }
}

/** Each page's current build, from its summary (a few hundred bytes each). */
async function currentBuilds(pageIds: number[], signal?: AbortSignal): Promise<Map<number, number | null>> {
  const builds = new Map<number, number | null>()
  let next = 0
  const work = async () => {
    while (next < pageIds.length) {
      const id = pageIds[next++]!
      const summary = (await (await fetchCopy(`/api/content/${id}/summary`, signal)).json()) as {
        buildId: number | null
      }
      builds.set(id, summary.buildId)
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, pageIds.length) }, work))
  return builds
}

/** How many of a saved book's pages changed, were added or were removed since it was saved. */
export async function changedPages(book: BookWithChapters, saved: SavedBook, signal?: AbortSignal): Promise<number> {
  const pageIds: number[] = []
  for (const chapter of book.chapters) {
    const list = (await (await fetchCopy(`/api/chapters/${chapter.id}/content`, signal)).json()) as {
      items: { id: number }[]
    }
    pageIds.push(...list.items.map((item) => item.id))
  }
  const current = await currentBuilds(pageIds, signal)
  const savedPages = new Map(saved.pages.map((page) => [page.id, page.buildId]))
  const changed = pageIds.filter((id) => !savedPages.has(id) || savedPages.get(id) !== current.get(id)).length
  const removed = saved.pages.filter((page) => !current.has(page.id)).length
  return changed + removed
}

/**
 * Called when a page is read online with `buildId`: a saved copy of another build is replaced, so
 * the offline copy is never older than what the reader last saw.
 */
export async function refreshSavedPage(pageId: number, buildId: number | null): Promise<boolean> {
  if (!offlineSavingSupported()) return false
  for (const book of Object.values(readAll())) {
    const page = book.pages.find((saved) => saved.id === pageId)
    if (!page || page.buildId === buildId) continue
    const cache = await caches.open(bookCacheName(book.bookId))
    const fresh = await savePageOnce(cache, pageId)
    const latest = savedBook(book.bookId)
    if (!latest) continue
    writeBook(book.bookId, {
      ...latest,
      pages: latest.pages.map((saved) => (saved.id === pageId ? fresh : saved)),
    })
    return true
  }
  return false
}

export async function removeBook(bookId: number) {
  await caches.delete(bookCacheName(bookId))
  writeBook(bookId, null)
}
