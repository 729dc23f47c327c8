// A chunk of a published page that is already in memory, as the bytes the client's encoding needs,
// is answered from the HTTP server's request event before Fastify routes it: readers ask for the same
// chunks over and over, and routing, hooks and validation cost several times what sending the bytes
// does (decision 024). Only what GET /api/content/{id}/chunks has itself made and kept is sent, with
// the headers that route sends, and a revalidation (If-None-Match) gets the route's 304 the same way;
// anything else (a draft, a write running, a cookie, an unusual request, bytes not kept yet) goes on
// to the route as before. The bytes are kept ready per encoding (chunk-store.ts, decision 049).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger } from 'fastify'
import { LRUCache } from 'lru-cache'
import { versionedHeaderLists, writeVersioned, type VersionedHeaderLists } from '../../../http/immutable.ts'
import type { ReaderContext } from './reader-context.ts'
import { CHUNK_TYPE, chunkEncodingFor, chunkEtag, chunkKeptBy } from './chunk-answer.ts'
import { chunkKey } from './chunk-store.ts'

/** `/api/content/{id}/chunks?…` exactly as the reader spells it: no dot segments, doubled slashes or escapes. */
const CHUNK_URL = /^\/api\/content\/([1-9][0-9]{0,8})\/chunks\?([a-z0-9=&]{1,80})$/
/** Numbers as the reader writes them; anything else is the route's to validate. */
const NUMBER = /^(?:0|[1-9][0-9]{0,8})$/

/** Header lists kept (a few hundred bytes each): far more than the chunks readers ask for at once. */
const HEADER_LISTS_KEPT = 4096

/** Levels at which Fastify logs every request; these answers are logged then too, in one line each. */
const LOGGED_LEVELS = new Set(['info', 'debug', 'trace'])

interface ChunkQuery {
  chunk: number
  size: number
  build: number | undefined
}

/** `chunk`, `size` and perhaps `build`, each once and nothing else; undefined for anything other. */
function parseQuery(query: string): ChunkQuery | undefined {
  const values: Record<string, number> = {}
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=')
    const name = pair.slice(0, equals)
    const value = pair.slice(equals + 1)
    if (equals < 1 || (name !== 'chunk' && name !== 'size' && name !== 'build') || name in values) return undefined
    if (!NUMBER.test(value)) return undefined
    values[name] = Number(value)
  }
  if (values.chunk === undefined || values.size === undefined) return undefined
  return { chunk: values.chunk, size: values.size, build: values.build }
}

export interface ChunksAtOnce {
  /** Answers the request and returns true, or returns false without touching it. */
  answer(request: IncomingMessage, response: ServerResponse): boolean
  /** From now on every request goes to the routes (the app is closing). */
  stop(): void
  /** How many answers were sent this way (tests and the bench). */
  readonly served: number
}

export function chunksAtOnce(
  content: ReaderContext,
  options: {
    /** The headers every answer carries (security-headers.ts), Strict-Transport-Security aside. */
    fixedHeaders: Readonly<Record<string, string>>
    /** Whether X-Forwarded-Proto is believed: then the route decides (HSTS over https). */
    trustProxy: boolean
    log: FastifyBaseLogger
  },
): ChunksAtOnce {
  let stopped = false
  let served = 0
  const fixed = Object.entries(options.fixedHeaders).flat()
  /** Each answer's header lists, for 200 and for 304 (If-None-Match named its ETag). */
  const headerLists = new LRUCache<string, VersionedHeaderLists>({ max: HEADER_LISTS_KEPT })

  /**
   * True when the request was answered here. This runs in the HTTP server's request listener, outside
   * Fastify's error handling: anything that throws hands the request to Fastify untouched, or, if the
   * answer had already begun, ends the connection rather than the process.
   */
  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    try {
      return answerFromMemory(request, response)
    } catch (error) {
      options.log.error({ err: error, url: request.url }, 'a chunk answer before routing failed')
      if (response.headersSent) {
        response.destroy()
        return true
      }
      for (const name of response.getHeaderNames()) response.removeHeader(name)
      return false
    }
  }

  function answerFromMemory(request: IncomingMessage, response: ServerResponse): boolean {
    if (stopped || request.method !== 'GET') return false
    const url = request.url
    if (url === undefined || !url.startsWith('/api/content/')) return false
    const match = CHUNK_URL.exec(url)
    if (!match) return false
    const query = parseQuery(match[2]!)
    if (!query) return false
    const headers = request.headers
    // A session may change what the route answers; over https (or what a trusted proxy says was
    // https) the route adds HSTS.
    if (headers.cookie !== undefined) return false
    if ((request.socket as { encrypted?: boolean }).encrypted) return false
    if (options.trustProxy && headers['x-forwarded-proto'] !== undefined) return false
    const id = Number(match[1])
    const page = content.pageStates.keptNow(id)
    if (!page?.published) return false
    if (query.build !== undefined && query.build !== page.buildId) return false
    const encoding = chunkEncodingFor(headers['accept-encoding'])
    const key = chunkKey(id, page.buildId, query.chunk, query.size)
    const body = content.chunks.ready(key, query.size, encoding)
    if (body === undefined) return false

    const start = performance.now()
    // The whole header list is made once per answer kept: writeHead with a flat list skips the
    // per-header bookkeeping of setHeader, which cost as much as sending the bytes.
    const byBuild = query.build !== undefined
    const listKey = `${key}:${page.version}:${encoding}:${byBuild ? 'b' : 'n'}`
    let lists = headerLists.get(listKey)
    if (lists === undefined) {
      // What the route sends, for 200 and 304 (http/immutable.ts: the same headers, the same test).
      lists = versionedHeaderLists(
        {
          etag: chunkEtag(id, page, query.chunk, query.size, encoding),
          keptBy: chunkKeptBy(page),
          versioned: byBuild,
          type: CHUNK_TYPE,
          encoding,
          length: body.length,
        },
        fixed,
      )
      headerLists.set(listKey, lists)
    }
    writeVersioned(response, lists, headers['if-none-match'], body)
    served++
    if (LOGGED_LEVELS.has(options.log.level)) {
      const responseTime = performance.now() - start
      options.log.info(
        {
          req: { method: 'GET', url, host: headers.host, remoteAddress: request.socket.remoteAddress },
          res: { statusCode: response.statusCode },
          responseTime,
        },
        'request completed',
      )
    }
    return true
  }

  return {
    answer,
    stop: () => {
      stopped = true
    },
    get served() {
      return served
    },
  }
}
