// What a reader chunk's answer says about its bytes (encoding, ETag, type, who may keep it), in one
// place for the chunks route and for chunks answered at once from memory (chunks-at-once.ts); both
// answer it as any versioned resource is answered (http/immutable.ts).
import { Negotiator } from '@fastify/accept-negotiator'
import type { KeptBy } from '../../../http/immutable.ts'
import type { ChunkEncoding } from './chunk-store.ts'

/** A chunk's bytes are its JSON text (ReaderChunk), compressed or not. */
export const CHUNK_TYPE = 'application/json; charset=utf-8'

/** Brotli before gzip when a client takes both; the negotiator keeps its answers per header. */
const negotiator = new Negotiator<ChunkEncoding>({ supportedValues: ['br', 'gzip', 'identity'] })

export function chunkEncodingFor(acceptEncoding: string | undefined): ChunkEncoding {
  return negotiator.negotiate(acceptEncoding ?? '') ?? 'identity'
}

/** Every save and reprocessing makes a new build, so (page, build, chunk, size, encoding) names the bytes exactly. */
export function chunkEtag(
  id: number,
  page: { version: number; buildId: number | null },
  chunk: number,
  size: number,
  encoding: ChunkEncoding,
) {
  return `"c${id}-v${page.version}-b${page.buildId}-n${chunk}-s${size}${encoding === 'identity' ? '' : `-${encoding}`}"`
}

/**
 * A published page's chunk is the same for everyone: any cache may keep it (addressed by its build it
 * never changes; without one it is asked for again each time). A draft's stays with the session.
 */
export function chunkKeptBy(page: { published: boolean }): KeptBy {
  return page.published ? 'anyone' : 'session'
}
