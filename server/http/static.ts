// Serves the built client (dist/client) and answers every non-API path with index.html so the
// client router can show the page (or its own 404); /content/{id} and /term/{id} get their own
// title, description and canonical link. Unknown /api/… paths get a JSON 404.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client.ts'
import { metaFor, withMeta } from '../modules/site/page-meta.ts'

export async function registerClient(app: FastifyInstance, db: Db, clientDir: string | undefined) {
  const indexFile = clientDir && path.join(clientDir, 'index.html')
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined
  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: clientDir!,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so those never change; index.html always may.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api'
    if (!isPage || indexHtml === undefined) {
      return reply.status(404).send({ error: `Not found: ${request.method} ${pathname}` })
    }
    const meta = await metaFor(db, pathname)
    const html = meta ? withMeta(indexHtml, meta, `${request.protocol}://${request.host}`) : indexHtml
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html)
  })
}
