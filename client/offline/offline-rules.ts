// The offline reader's rules, shared by the service worker (client/sw/service-worker.ts) and the
// page (saving a book, offline-books.ts): which requests are kept and how, the caches' names, and
// the key a reader chunk is kept under. Pure and free of DOM or worker globals (decision 032).

import { matchAppPath } from '#shared/app-routes.ts'
import type { ErrorCode } from '#shared/api/errors.ts'

/** Every cache of ours starts so; others' caches (none today) are left alone. */
export const CACHE_PREFIX = 'epl-'
/** Pages a reader has opened (their HTML and the API answers the reader needed). Not per build: text outlives the client. */
export const PAGES_CACHE = `${CACHE_PREFIX}pages-v1`
/** At most this many answers in the pages cache; the oldest go first (a book saved on purpose is never trimmed). */
export const PAGES_CACHE_MAX_ENTRIES = 3000

/** The app shell of one client build: index.html, its hashed assets, the manifest and icons. */
export function shellCacheName(build: string) {
  return `${CACHE_PREFIX}shell-${build}`
}

/** One saved book: all its published pages, removed only when the reader removes it. */
export function bookCacheName(bookId: number) {
  return `${CACHE_PREFIX}book-${bookId}`
}

export function bookIdOfCache(name: string): number | null {
  const match = /^epl-book-([1-9][0-9]*)$/.exec(name)
  return match ? Number(match[1]) : null
}

/** The caches a newly activated worker of `build` deletes: older shells and older versions of the pages cache. */
export function cachesToDelete(names: readonly string[], build: string): string[] {
  return names.filter(
    (name) =>
      name.startsWith(CACHE_PREFIX) &&
      name !== shellCacheName(build) &&
      name !== PAGES_CACHE &&
      bookIdOfCache(name) === null,
  )
}

/** A request the page makes while saving a book carries this header: the worker lets it through untouched. */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy'
/** The `{ error }` of the worker's answer when it has no copy and the network is gone (status 503). */
export const OFFLINE_MISSING_ERROR = 'Not saved for offline reading'
/** Its `{ code }`: what the page tells this answer apart by. */
export const OFFLINE_MISSING_CODE: ErrorCode = 'offline_missing'

/**
 * How the worker answers a request:
 * - `pass`: not at all (the network as if there were no worker), never kept;
 * - `navigate`: a page's HTML, network first, kept; offline the kept copy or the app shell;
 * - `asset`: hashed build files and the shell's files, cache first;
 * - `chunk`: a reader chunk, cache first when asked for by build (immutable), else network first;
 * - `network-first`: an un-versioned answer the reader needs, kept for offline.
 */
export type Strategy = 'pass' | 'navigate' | 'asset' | 'chunk' | 'network-first'

export interface RequestFacts {
  method: string
  url: string
  /** The worker's own origin. */
  origin: string
  mode: string
  /** True when the request carries OFFLINE_COPY_HEADER. */
  offlineCopy?: boolean
}

const READER_ANSWERS = [
  /^\/api\/books$/,
  /^\/api\/books\/[0-9]+\/cover$/,
  /^\/api\/chapters\/[0-9]+$/,
  /^\/api\/chapters\/[0-9]+\/content$/,
  /^\/api\/content\/[0-9]+\/(?:summary|toc|locate)$/,
  /^\/api\/terms$/,
  /^\/api\/terms\/letters$/,
  /^\/api\/terms\/by-letter\/[^/]+$/,
  /^\/api\/terms\/[0-9]+$/,
  /^\/api\/site$/,
]
const CHUNKS = /^\/api\/content\/[0-9]+\/chunks$/
/** The administrator's screens and login: never answered from or kept in a cache. */
const PRIVATE_PAGES = /^\/(?:admin|auth)(?:\/|$)/

export function strategyFor(request: RequestFacts): Strategy {
  if (request.method !== 'GET' || request.offlineCopy) return 'pass'
  const url = new URL(request.url)
  if (url.origin !== request.origin) return 'pass'
  const path = url.pathname
  if (path === '/sw.js') return 'pass'
  if (request.mode === 'navigate') {
    if (PRIVATE_PAGES.test(path) || path.startsWith('/api/') || url.searchParams.has('print')) return 'pass'
    return 'navigate'
  }
  if (path.startsWith('/assets/') || path.startsWith('/icons/') || path === '/manifest.webmanifest') return 'asset'
  if (CHUNKS.test(path)) return 'chunk'
  // A page's metadata without its body (the reader's and print view's); with it, up to 10 MB for the editor.
  if (/^\/api\/content\/[0-9]+$/.test(path)) return url.searchParams.get('body') === 'false' ? 'network-first' : 'pass'
  if (READER_ANSWERS.some((pattern) => pattern.test(path))) return 'network-first'
  return 'pass'
}

/**
 * Whether an answer may be kept: a whole 200 answer that is not an administrator's. The server
 * marks every answer given to a session `private` (server/http/cache-headers.ts), and drafts'
 * chunks are `private` too; a visitor's `no-store` answer (the default for API answers, decision
 * 014) keeps HTTP caches out, but this is the reader's own copy of public text, kept on purpose.
 */
export function mayKeep(response: { status: number; cacheControl: string | null }): boolean {
  return response.status === 200 && !/\bprivate\b/i.test(response.cacheControl ?? '')
}

/**
 * The key a chunk is kept under: its page, number and size, without the build, so a saved book's
 * chunk (asked for without a build) serves the reader's request by build and one copy per chunk is
 * kept. The build is read back from the answer's ETag (buildOfChunkEtag).
 */
export function chunkCacheKey(url: string): string {
  const parsed = new URL(url)
  const key = new URL(parsed.pathname, parsed.origin)
  key.searchParams.set('chunk', parsed.searchParams.get('chunk') ?? '0')
  const size = parsed.searchParams.get('size')
  if (size !== null) key.searchParams.set('size', size)
  return key.href
}

/** The build a chunk request names (`build=`), or null. */
export function requestedBuild(url: string): number | null {
  const build = new URL(url).searchParams.get('build')
  return build !== null && /^[1-9][0-9]*$/.test(build) ? Number(build) : null
}

/** The build a chunk answer's ETag names (server/modules/content/chunk-answer.ts: "c{id}-v{version}-b{build}-…"). */
export function buildOfChunkEtag(etag: string | null): number | null {
  const match = /^(?:W\/)?"c[0-9]+-v[0-9]+-b([0-9]+)-/.exec(etag ?? '')
  return match ? Number(match[1]) : null
}

/** Where a navigation's HTML is kept: the address without its fragment. */
export function pageCacheKey(url: string): string {
  const parsed = new URL(url)
  parsed.hash = ''
  return parsed.href
}

/** A page's own addresses: its HTML (`/content/{id}`) and its API answers (`/api/content/{id}…`). */
const PAGE_ADDRESS = /^\/(?:api\/)?content\/([1-9][0-9]*)(?:\/|$)/

/** The page an address (a kept answer's key) belongs to, or null. */
export function pageOfAddress(url: string): number | null {
  const match = PAGE_ADDRESS.exec(new URL(url).pathname)
  return match ? Number(match[1]) : null
}

/**
 * The page an answer says is gone, or null: a 404 to the page's metadata or title bar (what the
 * reader asks first) means the page was deleted (moved to the trash, decision 043), and the worker
 * drops every copy of it, from the pages cache and from saved books. Other 404s (an unknown anchor
 * of `locate`, a chunk past the end) say nothing about the page itself.
 */
export function pageGoneBy(url: string, status: number): number | null {
  if (status !== 404) return null
  const match = /^\/api\/content\/([1-9][0-9]*)(?:\/summary)?$/.exec(new URL(url).pathname)
  return match ? Number(match[1]) : null
}

/**
 * The status of the app shell the worker answers a navigation with when offline and no copy of the
 * page is kept: 404 for a path that is no page of the app (the shell's router shows the not-found
 * page there, and the server answers 404 too, decision 047), else 200.
 */
export function offlineShellStatus(url: string): 200 | 404 {
  return matchAppPath(new URL(url).pathname) ? 200 : 404
}
