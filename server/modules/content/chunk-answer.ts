// What a reader chunk's answer says about its bytes (encoding, ETag, who may cache it), in one place
// for the chunks route and for chunks answered at once from memory (chunks-at-once.ts).
import { Negotiator } from '@fastify/accept-negotiator'
import type { ChunkEncoding } from './reader.service.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

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
 * Addressed by its build, a published page's chunk never changes: any cache may keep it. Drafts stay
 * private, and the address without a build must be asked again each time.
 */
export function chunkCacheControl(published: boolean, byBuild: boolean) {
  return !published ? 'private, no-cache' : byBuild ? IMMUTABLE : 'public, no-cache'
}
