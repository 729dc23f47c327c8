// Serves the built client (dist/client) and answers every non-API path with index.html so the
// client router can show the page (or its own 404); /content/{id} and /term/{id} get their own
// title, description and canonical link (from the site module, handed in by app.ts as a
// PageShell, so this layer imports no module). Unknown /api/… paths get a JSON 404.
//
// Two registrations, because of compression (compression.ts): the files are compressed once at
// build time (vite.config.ts writes .br and .gz beside each) and are registered before
// @fastify/compress so that it never touches them; the page shell is made per request and is
// registered after it, so it goes out compressed like any other answer.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** index.html as served for a path: with the page's own title and meta tags where it has them. */
export type PageShell = (indexHtml: string, pathname: string, origin: string) => Promise<string>

function readIndexHtml(clientDir: string | undefined) {
  const indexFile = clientDir && path.join(clientDir, 'index.html')
  return indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined
}

/**
 * The files of the built client, each sent as its build-time .br or .gz when the client accepts
 * one (and as it is otherwise). Register before compression (see the top of this file).
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string | undefined) {
  if (readIndexHtml(clientDir) === undefined) return
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
      preCompressed: true,
      // Our own Cache-Control below; send's default (public, max-age=0) would be written over it.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so those never change; index.html always may.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        // The same address answers in brotli, gzip or plain bytes depending on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding')
      },
    })
  })
}

/**
 * The page shell for every other GET: a route of its own (so @fastify/compress, which works on
 * routes, compresses it), and the not-found handler, which serves it too when a file route
 * finds no file, and a JSON 404 for everything else.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined, pageShell: PageShell) {
  const indexHtml = readIndexHtml(clientDir)
  const sendShell = async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    const pathname = request.url.split('?')[0]!
    const page = await pageShell(html, pathname, `${request.protocol}://${request.host}`)
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page)
  }

  if (indexHtml !== undefined) {
    app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      if (looksLikeApi(request.url)) return reply.callNotFound()
      return sendShell(request, reply, indexHtml)
    })
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeApi(request.url)
    if (!isPage || indexHtml === undefined) {
      return reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]!}` })
    }
    return sendShell(request, reply, indexHtml)
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
