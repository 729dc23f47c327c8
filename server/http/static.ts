// Serves the built client (dist/client) and answers the app's pages (shared/app-routes.ts) with
// index.html so the client router can show them; /content/{id} and /term/{id} get their own
// title, description and canonical link (from the site module, handed in by app.ts as a
// PageShell, so this layer imports no module). Any other path gets the same shell with status 404
// (the client shows the not-found page; decision 047), and unknown /api/… paths a JSON 404.
//
// Two registrations, because of compression (compression.ts): the files are compressed once at
// build time (vite.config.ts writes .br and .gz beside each) and are registered before
// @fastify/compress so that it never touches them; the page shell is made per request (a reader
// page's holds its first chunk, ~100 KB) and compressed once per distinct text and encoding here
// (its ETag names the text, so a browser revalidates it with a 304).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { Negotiator } from '@fastify/accept-negotiator'
import fastifyStatic from '@fastify/static'
import { LRUCache } from 'lru-cache'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type AppPathMatch, matchAppPath } from '#shared/app-routes.ts'
import type { ApiErrorBody } from '#shared/api/errors.ts'
import { namedPlugin } from './named-plugin.ts'

/**
 * index.html as served for one of the app's pages: with the page's own title and meta tags where
 * it has them. `identity` is a short text that changes whenever `html` does (it may be `html`
 * itself): the ETag and the compressed copies are keyed by its hash, so a page of 250 KB is not
 * hashed per request. `missing`: the page names something that is not there for this reader (a
 * reader page or term that does not exist or is unpublished): the shell goes out with 404.
 * `isAdministrator` resolves the request's session (a query), to be asked only when it matters.
 */
export type PageShell = (
  indexHtml: string,
  page: AppPathMatch,
  pathname: string,
  origin: string,
  isAdministrator: () => Promise<boolean>,
) => Promise<{ html: string; identity: string; missing?: boolean }>

/**
 * The visitors' pages, exactly as the client router spells them: these leave out
 * `Cross-Origin-Opener-Policy`, which makes the browser swap processes on arrival before it can
 * draw the page's text (decision 039). Every other path keeps it: the administrator's screens, the
 * login, and any other spelling of a path.
 */
const VISITOR_PAGE = /^\/(?:|(?:content|term|book|chapter)\/[1-9][0-9]{0,9}|lexicon|otsing)$/

export function readIndexHtml(clientDir: string | undefined) {
  const indexFile = clientDir && path.join(clientDir, 'index.html')
  return indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined
}

/**
 * The files of the built client, each sent as its build-time .br or .gz when the client accepts
 * one (and as it is otherwise). Before compression (see the top of this file); after auth and the
 * route costs, whose onRoute hooks must run before the one that declares these routes public.
 */
export const clientFiles = namedPlugin('client-files', ['auth', 'route-costs'], registerClientFiles)

async function registerClientFiles(app: FastifyInstance, { clientDir }: { clientDir: string | undefined }) {
  if (readIndexHtml(clientDir) === undefined) return
  // @fastify/static takes no route options, so its file routes are declared public from an
  // onRoute hook of a scope of their own (see registerAuth).
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public', cost: 'fixed' }
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
type ShellEncoding = 'br' | 'gzip' | 'identity'
const shellEncoding = new Negotiator<ShellEncoding>({ supportedValues: ['br', 'gzip', 'identity'] })
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
/** Shells smaller than this go out as they are (as @fastify/compress's threshold). */
const SHELL_COMPRESS_MIN = 1024

/**
 * Each distinct page shell compressed once per encoding (kept on the app state, app-state.ts): the
 * first chunk's page reads it again and again.
 */
export function compressedShells() {
  const cache = new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (bytes) => bytes.length })
  return async (key: string, html: string, encoding: 'br' | 'gzip') => {
    const cached = cache.get(key)
    if (cached) return cached
    const bytes = Buffer.from(html)
    const made =
      encoding === 'br'
        ? await brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          })
        : await gzip(bytes, { level: 6 })
    cache.set(key, made)
    return made
  }
}

/**
 * `indexHtml` is the built client's, read once by the caller (readIndexHtml), which also hashes its
 * inline scripts into the CSP: the page shell sent is always made from the same bytes.
 */
export type CompressedShells = ReturnType<typeof compressedShells>

export async function registerClient(
  app: FastifyInstance,
  indexHtml: string | undefined,
  pageShell: PageShell,
  isAdministrator: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>,
  compressed: CompressedShells,
) {
  const sendShell = async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    const pathname = request.url.split('?')[0]!
    const appPage = matchAppPath(pathname)
    // Not one of the app's pages: the bare shell, whose router shows the not-found page, with 404.
    const made = appPage
      ? await pageShell(html, appPage, pathname, `${request.protocol}://${request.host}`, () =>
          isAdministrator(request, reply),
        )
      : { html, identity: html, missing: true }
    const { html: page, identity } = made
    const status = made.missing ? 404 : 200
    const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22)
    if (VISITOR_PAGE.test(pathname)) reply.removeHeader('Cross-Origin-Opener-Policy')
    const negotiated = shellEncoding.negotiate(request.headers['accept-encoding'] ?? '') ?? 'identity'
    const encoding = Buffer.byteLength(page) < SHELL_COMPRESS_MIN ? 'identity' : negotiated
    const etag = `"s${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
    // A 404 has no validator: a conditional request for a missing page is answered in full, never 304.
    if (status === 200) {
      reply.header('ETag', etag)
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
    }
    if (encoding === 'identity') return reply.send(page)
    // With its Content-Encoding set, @fastify/compress leaves the answer alone (compression.ts).
    return reply.header('Content-Encoding', encoding).send(await compressed(`${hash}:${encoding}`, page, encoding))
  }

  if (indexHtml !== undefined) {
    app.get(
      '/*',
      { config: { access: 'public', cost: { grows: 'page', bounds: ['cache'] } }, schema: { hide: true } },
      async (request, reply) => {
        if (looksLikeApi(request.url)) return reply.callNotFound()
        return sendShell(request, reply, indexHtml)
      },
    )
  }

  // Paths no route matched: a GET or HEAD of no file gets the shell (404 unless it is a page of the
  // app), anything else a JSON 404.
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeApi(request.url)
    if (!isPage || indexHtml === undefined) {
      const failure: ApiErrorBody = {
        error: `Not found: ${request.method} ${request.url.split('?')[0]!}`,
        code: 'not_found',
      }
      return reply.status(404).send(failure)
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
