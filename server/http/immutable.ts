// One way to answer a versioned resource: a book's cover, a picture in a page, a reader chunk. Its
// ETag names its bytes exactly, so a revalidation naming it gets 304 without them. At an address
// that names the version (`?v=<hash>`, a chunk's build) the bytes never change and may be kept a
// year without asking again; at any other, or while the answer depends on the session, they are
// asked for again each time. The resource says who may keep it; the header values are worked out
// here once, so an answer only picks them.
import type { ServerResponse } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'

export type ContentEncoding = 'br' | 'gzip' | 'identity'

/**
 * Who may keep the answer: `anyone` (shared caches too: it is the same for everyone and stays so),
 * `browser` (only the reader's browser: public now, but it may stop being, and no shared cache
 * should go on serving it), `session` (only for this session: asked again each time, so it is
 * refused once the session is gone).
 */
export type KeptBy = 'anyone' | 'browser' | 'session'

const CACHE_CONTROL: Readonly<Record<KeptBy, { versioned: string; unversioned: string }>> = {
  anyone: { versioned: 'public, max-age=31536000, immutable', unversioned: 'public, no-cache' },
  browser: { versioned: 'private, max-age=31536000, immutable', unversioned: 'private, no-cache' },
  session: { versioned: 'private, no-cache', unversioned: 'private, no-cache' },
}

export interface VersionedHeaders {
  /** Names the bytes exactly (their encoding too). */
  etag: string
  keptBy: KeptBy
  /** Whether the address asked for names this version of the bytes. */
  versioned: boolean
  type: string
  /**
   * Only for bytes chosen by the request's Accept-Encoding: the answer then varies by it, and says
   * how its bytes are compressed.
   */
  encoding?: ContentEncoding | undefined
}

export interface VersionedAnswer extends VersionedHeaders {
  /** The bytes, or (per encoding) how to get them: asked for only when they are sent, never for a 304. */
  body: Buffer | ((encoding: ContentEncoding) => Promise<Buffer>)
}

function cacheControl({ keptBy, versioned }: VersionedHeaders): string {
  const values = CACHE_CONTROL[keptBy]
  return versioned ? values.versioned : values.unversioned
}

/** Answers a route's request: 304 when If-None-Match names the ETag, otherwise 200 with the bytes. */
export async function sendVersioned(request: FastifyRequest, reply: FastifyReply, answer: VersionedAnswer) {
  reply.header('ETag', answer.etag)
  if (answer.encoding !== undefined) reply.header('Vary', 'Accept-Encoding')
  reply.header('Cache-Control', cacheControl(answer))
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send()
  const encoding = answer.encoding ?? 'identity'
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding)
  const body = typeof answer.body === 'function' ? await answer.body(encoding) : answer.body
  return reply.type(answer.type).send(body)
}

/**
 * The same answer's headers as flat lists for Node's writeHead (chunks-at-once.ts, before Fastify),
 * which skips setHeader's per-header bookkeeping: made once per answer kept, not per request.
 */
export interface VersionedHeaderLists {
  etag: string
  ok: string[]
  notModified: string[]
}

/** `leading`: names and values every answer carries, written first (security-headers.ts). */
export function versionedHeaderLists(
  answer: VersionedHeaders & { length: number },
  leading: readonly string[],
): VersionedHeaderLists {
  const notModified = [
    ...leading,
    'etag',
    answer.etag,
    ...(answer.encoding === undefined ? [] : ['vary', 'Accept-Encoding']),
    'cache-control',
    cacheControl(answer),
  ]
  const encoding = answer.encoding ?? 'identity'
  return {
    etag: answer.etag,
    notModified,
    ok: [
      ...notModified,
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'content-type',
      answer.type,
      'content-length',
      String(answer.length),
    ],
  }
}

/** Writes the answer: 304 when `ifNoneMatch` (the request's If-None-Match) names the ETag, otherwise 200 with `body`. */
export function writeVersioned(
  response: ServerResponse,
  lists: VersionedHeaderLists,
  ifNoneMatch: string | undefined,
  body: Buffer,
) {
  if (ifNoneMatch !== undefined && ifNoneMatch === lists.etag) {
    response.writeHead(304, lists.notModified)
    response.end()
  } else {
    response.writeHead(200, lists.ok)
    response.end(body)
  }
}
