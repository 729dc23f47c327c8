// Serves the built client (dist/client) and answers every non-API path with index.html so the
// client router can show the page (or its own 404); /content/{id} and /term/{id} get their own
// title, description and canonical link (from the site module, handed in by app.ts as a
// PageShell, so this layer imports no module). Unknown /api/… paths get a JSON 404.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** index.html as served for a path: with the page's own title and meta tags where it has them. */
export type PageShell = (indexHtml: string, pathname: string, origin: string) => Promise<string>

export async function registerClient(app: FastifyInstance, clientDir: string | undefined, pageShell: PageShell) {
  const indexFile = clientDir && path.join(clientDir, 'index.html')
  const indexHtml = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined
  if (indexHtml !== undefined) {
    // @fastify/static takes no route options, so its file routes are declared public from an
    // onRoute hook of a scope of their own (see registerAuth).
    await app.register(async (files) => {
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' }
      })
      await files.register(fastifyStatic, {
        root: clientDir!,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          // Vite puts a content hash in every asset name, so those never change; index.html always may.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
          res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeApi(request.url)
    if (!isPage || indexHtml === undefined) {
      return reply.status(404).send({ error: `Not found: ${request.method} ${pathname}` })
    }
    const html = await pageShell(indexHtml, pathname, `${request.protocol}://${request.host}`)
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html)
  })
}

/**
 * Whether a request target names the API however it is spelled (absolute-form, percent-encoded,
 * doubled slashes, dot segments, any case): such a request gets a JSON 404, never the page shell.
 */
export function looksLikeApi(target: string) {
  let pathname: string
  try {
    pathname = new URL(target.startsWith('/') ? `http://x${target}` : target).pathname
  } catch {
    return true
  }
  let decoded = pathname
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    // malformed percent-encoding: judge the raw path
  }
  const normalised = decoded.replace(/\/+/g, '/').toLowerCase()
  return normalised === '/api' || normalised.startsWith('/api/') || normalised.startsWith('/api;')
}
