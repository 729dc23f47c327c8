// The service worker (/sw.js, decision 032): the app shell of its build precached, pages a reader
// has opened kept as they are fetched, saved books (offline-books.ts) answered from their caches.
// Network first for HTML and un-versioned answers, cache first for build-addressed chunks and
// hashed assets; an administrator's answers (`private`) and screens are never kept.
import {
  OFFLINE_COPY_HEADER,
  OFFLINE_MISSING_CODE,
  OFFLINE_MISSING_ERROR,
  PAGES_CACHE,
  PAGES_CACHE_MAX_ENTRIES,
  buildOfChunkEtag,
  cachesToDelete,
  chunkCacheKey,
  mayKeep,
  offlineShellStatus,
  pageCacheKey,
  pageGoneBy,
  pageOfAddress,
  requestedBuild,
  shellCacheName,
  strategyFor,
  CACHE_PREFIX,
} from '../offline/offline-rules.ts'

/** Written in by the build (vite.config.ts): the build's id, the shell's files and the entry script. */
declare const __SW_BUILD__: { id: string; precache: string[]; entry: string }

const worker = self as unknown as ServiceWorkerGlobalScope
const BUILD = __SW_BUILD__
const SHELL = shellCacheName(BUILD.id)
const SHELL_PAGE = '/index.html'

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL)
      // cache: 'reload' so a file the browser's HTTP cache holds from another build is not taken for this one
      await shell.addAll(BUILD.precache.map((url) => new Request(url, { cache: 'reload' })))
      await worker.skipWaiting()
    })(),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const stale = cachesToDelete(await caches.keys(), BUILD.id)
      await Promise.all(stale.map((name) => caches.delete(name)))
      await worker.clients.claim()
    })(),
  )
})

worker.addEventListener('fetch', (event) => {
  const request = event.request
  const strategy = strategyFor({
    method: request.method,
    url: request.url,
    origin: worker.location.origin,
    mode: request.mode,
    offlineCopy: request.headers.has(OFFLINE_COPY_HEADER),
  })
  if (strategy === 'pass') return
  if (strategy === 'navigate') event.respondWith(navigate(request))
  else if (strategy === 'asset') event.respondWith(asset(request))
  else if (strategy === 'chunk') event.respondWith(chunk(request))
  else event.respondWith(networkFirst(request, request.url))
})

/** The page asks for what it fetched before this worker controlled it (register-service-worker.ts). */
worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null
  if (data?.type !== 'keep-opened' || !Array.isArray(data.urls)) return
  const urls = data.urls.filter((url): url is string => typeof url === 'string').slice(0, 200)
  event.waitUntil(Promise.all(urls.map((url) => keepOpened(url).catch(() => undefined))))
})

async function keepOpened(url: string) {
  const strategy = strategyFor({ method: 'GET', url, origin: worker.location.origin, mode: 'cors' })
  const isPage = new URL(url).origin === worker.location.origin && !new URL(url).pathname.startsWith('/api/')
  if (strategy === 'asset') {
    if (await caches.match(url, { cacheName: SHELL })) return
    const response = await fetch(url)
    if (response.ok) await (await caches.open(SHELL)).put(url, response)
  } else if (isPage) {
    if (strategyFor({ method: 'GET', url, origin: worker.location.origin, mode: 'navigate' }) !== 'navigate') return
    const response = await fetch(url, { credentials: 'same-origin' })
    await keep(pageCacheKey(url), response)
  } else if (strategy === 'chunk') {
    if (await cachedChunk(chunkCacheKey(url), requestedBuild(url))) return
    await keep(chunkCacheKey(url), await fetch(url, { credentials: 'same-origin' }))
  } else if (strategy === 'network-first') {
    await keep(url, await fetch(url, { credentials: 'same-origin' }))
  }
}

async function navigate(request: Request): Promise<Response> {
  const key = pageCacheKey(request.url)
  try {
    const response = await fetch(request)
    void keep(key, response.clone())
    return response
  } catch {
    const kept = await newestKept(key)
    // A page's HTML names its build's scripts: one from an older build would find them gone.
    if (kept && (await kept.clone().text()).includes(BUILD.entry)) return kept
    const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL })
    if (!shell) return offlineAnswer('text/plain')
    // Online, a path that is no page is 404 (returned as the server sent it, and never kept):
    // offline, the shell says so too rather than 200.
    if (offlineShellStatus(request.url) === 200) return shell
    return new Response(shell.body, { status: 404, statusText: 'Not Found', headers: shell.headers })
  }
}

async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: SHELL })
  if (kept) return kept
  const response = await fetch(request)
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    const shell = await caches.open(SHELL)
    await shell.put(request, response.clone())
  }
  return response
}

async function networkFirst(request: Request, key: string): Promise<Response> {
  try {
    const response = await fetch(request)
    const gone = pageGoneBy(request.url, response.status)
    if (gone !== null) void forgetPage(gone)
    else void keep(key, response.clone())
    return response
  } catch {
    return (await newestKept(key)) ?? offlineAnswer('application/json')
  }
}

async function chunk(request: Request): Promise<Response> {
  const key = chunkCacheKey(request.url)
  const build = requestedBuild(request.url)
  if (build !== null) {
    const kept = await cachedChunk(key, build)
    if (kept) return kept
  }
  try {
    const response = await fetch(request)
    void keep(key, response.clone())
    return response
  } catch {
    const kept = await cachedChunk(key, null)
    if (!kept) return offlineAnswer('application/json')
    const keptBuild = buildOfChunkEtag(kept.headers.get('ETag'))
    // The page the reader holds is of another build than the copy: as the server says, 409 with the
    // copy's build, and the reader starts over from it (use-chunk-loader.ts).
    if (build !== null && keptBuild !== build) {
      return Response.json(
        { error: 'The page has changed since it was opened', details: { buildId: keptBuild } },
        { status: 409 },
      )
    }
    return kept
  }
}

/** Every kept copy of `key`: in the pages cache and in saved books' caches. */
async function allKept(key: string): Promise<Response[]> {
  const names = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL)
  const found = await Promise.all(names.map(async (name) => (await caches.open(name)).match(key, { ignoreVary: true })))
  return found.filter((kept): kept is Response => kept !== undefined)
}

/** The most recently fetched copy (by the server's Date): a saved book refreshed since wins over a page read before. */
async function newestKept(key: string): Promise<Response | undefined> {
  const fetchedAt = (response: Response) => Date.parse(response.headers.get('Date') ?? '') || 0
  return (await allKept(key)).sort((a, b) => fetchedAt(b) - fetchedAt(a))[0]
}

/** A kept chunk of `build`, or the newest of any build when null. */
async function cachedChunk(key: string, build: number | null): Promise<Response | undefined> {
  if (build === null) return newestKept(key)
  return (await allKept(key)).find((kept) => buildOfChunkEtag(kept.headers.get('ETag')) === build)
}

/** Drops every kept copy of a page the server says is gone (deleted), in every cache of ours. */
async function forgetPage(id: number) {
  const names = (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL)
  for (const name of names) {
    const cache = await caches.open(name)
    const keys = await cache.keys()
    await Promise.all(keys.filter((key) => pageOfAddress(key.url) === id).map((key) => cache.delete(key)))
  }
}

let keptSinceTrim = 0

async function keep(key: string, response: Response) {
  if (!mayKeep({ status: response.status, cacheControl: response.headers.get('Cache-Control') })) return
  if (response.type !== 'basic' && response.type !== 'default') return
  const pages = await caches.open(PAGES_CACHE)
  // Put again, an entry moves to the end: the trim below removes the least recently kept.
  await pages.delete(key)
  await pages.put(key, response)
  keptSinceTrim += 1
  if (keptSinceTrim >= 50) {
    keptSinceTrim = 0
    const keys = await pages.keys()
    await Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_CACHE_MAX_ENTRIES)).map((old) => pages.delete(old)))
  }
}

function offlineAnswer(type: 'application/json' | 'text/plain') {
  const body =
    type === 'application/json'
      ? JSON.stringify({ error: OFFLINE_MISSING_ERROR, code: OFFLINE_MISSING_CODE })
      : OFFLINE_MISSING_ERROR
  return new Response(body, {
    status: 503,
    statusText: 'Offline',
    headers: { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' },
  })
}
