// Answers made per request (JSON, the page shell, sitemap.xml) go out brotli- or gzip-compressed
// when the client accepts it and they are at least 1 KB. Brotli runs at quality 5: on our JSON it
// costs about what gzip's default level does (~2 ms for 30 KB) and is 1-15% smaller, where quality
// 4 came out larger than gzip; quality 11 (ten times slower again) is kept for the client's files,
// compressed once at build time (vite.config.ts) and registered before this so they are never
// compressed again (static.ts). An answer that already carries a Content-Encoding (bytes
// compressed once and cached) is sent untouched; so are HEAD answers, 204/304 and anything smaller.
// @fastify/compress works on the routes registered after it: register it before the routes.
import zlib from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'
import { namedPlugin } from './named-plugin.ts'

export const COMPRESSION_THRESHOLD = 1024

/** After the client's files, which it must never compress again. */
export const compression = namedPlugin('compression', ['client-files'], registerCompression)

async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    },
    zlibOptions: { level: 6 },
    // Requests are never sent compressed to this API: leave their bodies alone.
    globalDecompression: false,
  })
}
