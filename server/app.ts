// buildApp: the whole HTTP application on a given database. main.ts listens; tests call inject().
import { createHash } from 'node:crypto'
import http from 'node:http'
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { closeAppState, createAppState, isWriteRequest, type AppState } from './app-state.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { registerAuth } from './http/auth.ts'
import { registerCacheDefaults } from './http/cache-headers.ts'
import { registerCompression } from './http/compression.ts'
import { registerErrorHandling } from './http/errors.ts'
import { registerNulGuard } from './http/nul-guard.ts'
import { registerOpenApi } from './http/openapi.ts'
import { registerOriginCheck } from './http/origin-check.ts'
import { inlineScriptHashes, registerSecurityHeaders, securityHeaders } from './http/security-headers.ts'
import { chunksAtOnce, type ChunksAtOnce } from './modules/content/chunks-at-once.ts'
import { readIndexHtml, registerClient, registerClientFiles } from './http/static.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { createSession, resolveSession, SESSION_ABSOLUTE_MS } from './modules/auth/auth.service.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { usersRoutes } from './modules/users/users.routes.ts'
import { booksRoutes } from './modules/books/books.routes.ts'
import { chaptersRoutes } from './modules/chapters/chapters.routes.ts'
import { contentRoutes } from './modules/content/content.routes.ts'
import { exportRoutes } from './modules/export/export.routes.ts'
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts'
import { imagesRoutes } from './modules/images/images.routes.ts'
import { termImportRoutes } from './modules/terms/terms-import.routes.ts'
import { termsRoutes } from './modules/terms/terms.routes.ts'
import { termUsageRoutes } from './modules/content/term-usage.routes.ts'
import { searchRoutes } from './modules/search/search.routes.ts'
import { sessionSecret } from './modules/settings/settings.service.ts'
import { registerRateLimits } from './modules/rate-limits/rate-limits.ts'
import { metaFor, pageMetaByBuild, withMeta } from './modules/site/page-meta.ts'
import { LRUCache } from 'lru-cache'
import { keptTitleBars, readFirstView } from './modules/content/first-view.ts'
import { firstViewTarget, loadFirstViewTemplates, withFirstView } from './http/first-view.ts'
import { siteRoutes } from './modules/site/site.routes.ts'

export interface AppOptions {
  database: Database
  config: Pick<Config, 'sessionSecret' | 'trustProxy' | 'logLevel'> & Partial<Pick<Config, 'donationUrl'>>
  /** The built client to serve; omitted in API tests. */
  clientDir?: string
  logger?: FastifyServerOptions['logger']
  /** Shorter HTTP time limits than the defaults below (tests). */
  httpTimeouts?: Partial<HttpTimeouts>
}

export interface HttpTimeouts {
  /** The request line and headers must arrive within this. */
  headersMs: number
  /** The whole request, body included, must arrive within this. */
  requestMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number
  /** How often Node looks for connections over the limits. */
  checkIntervalMs: number
}

export async function buildApp({ database, config, clientDir, logger, httpTimeouts }: AppOptions) {
  const { db, pool } = database
  const keepAliveTimeout = httpTimeouts?.keepAliveMs ?? 72_000
  const requestTimeout = httpTimeouts?.requestMs ?? 300_000
  // Reader chunks already in memory are answered before Fastify routes them (chunks-at-once.ts);
  // set once the app state exists, and every other request goes to Fastify's handler.
  let atOnce: ChunksAtOnce | undefined = undefined
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Time limits, so connections that send their request slowly or never (slowloris) are closed
    // instead of piling up: headers within 10 s; the whole request within 5 min, which still lets a
    // 24 MB page save through a slow line (80 KB/s). Answers have no limit (a reprocess of every page
    // takes long), so there is no connectionTimeout, which would cut a socket idle while we work.
    // keepAliveTimeout stays above the 60 s a proxy commonly keeps idle upstream connections.
    keepAliveTimeout,
    requestTimeout,
    // The server Fastify would make itself, with these limits, and the chunks answered at once in front.
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          headersTimeout: httpTimeouts?.headersMs ?? 10_000,
          requestTimeout,
          // Node's default (30 s) would let a connection outlive the headers limit fourfold.
          connectionsCheckingInterval: httpTimeouts?.checkIntervalMs ?? 2_000,
        },
        (request, response) => {
          if (!atOnce?.answer(request, response)) handler(request, response)
        },
      )
      server.keepAliveTimeout = keepAliveTimeout
      server.requestTimeout = requestTimeout
      return server
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // Caches, the processing worker and background work of this app alone (server/app-state.ts).
  const state = await createAppState(db, database.connectionString)
  app.decorate('state', state)
  app.addHook('onClose', async () => closeAppState(state))
  // Readers' page states are kept in memory; administrators' write requests (the only ones that change
  // pages) mark when they start and end; one whose route says it changes no page (pagesUnchanged) only
  // makes readers take turns with it. The end is marked before the answer goes out, so a client that
  // heard "saved" finds every process told. Visitors' writes (login, feedback) leave them alone.
  const writes = new WeakMap<object, { changesPages: boolean }>()
  app.addHook('onRequest', async (request) => {
    const { access, pagesUnchanged } = request.routeOptions.config
    if (!isWriteRequest(request.method) || access !== 'admin') return
    const write = { changesPages: !pagesUnchanged }
    writes.set(request, write)
    state.content.pageStates.writeStarted(write.changesPages)
  })
  app.addHook('onSend', async (request) => {
    const write = writes.get(request)
    if (!write) return
    writes.delete(request)
    await state.content.pageStates.writeEnded(write.changesPages)
  })

  registerErrorHandling(app)
  // While shutting down, answers to requests still in flight close their connection, so a
  // keep-alive client cannot hold the process open after its last response.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
    atOnce?.stop()
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close')
  })
  // The page shell's inline script (the reading settings, decision 029) is allowed by its hash,
  // taken from the very index.html this app serves.
  const indexHtml = readIndexHtml(clientDir)
  const fixedHeaders = securityHeaders(inlineScriptHashes(indexHtml ?? ''))
  await registerSecurityHeaders(app, fixedHeaders)
  await app.register(fastifyCookie, { secret: await sessionSecret(db, config.sessionSecret) })
  registerOriginCheck(app)
  registerNulGuard(app)
  registerCacheDefaults(app)
  registerAuth(app, db, { resolveSession, createSession, maxAgeMs: SESSION_ABSOLUTE_MS })
  await registerRateLimits(app, db)
  // The client's files are compressed at build time: registered before compression, which then
  // applies to every route registered after it (server/http/compression.ts).
  await registerClientFiles(app, clientDir)
  await registerCompression(app)
  await registerOpenApi(app)

  await app.register(healthRoutes, { pool })
  await app.register(authRoutes, { db })
  await app.register(booksRoutes, { db })
  await app.register(chaptersRoutes, { db })
  await app.register(contentRoutes, { db, state })
  await app.register(exportRoutes, { state })
  await app.register(termsRoutes, { db, state })
  await app.register(termImportRoutes, { db })
  await app.register(termUsageRoutes, { db })
  await app.register(feedbackRoutes, { db })
  await app.register(auditRoutes, { db })
  await app.register(imagesRoutes, { db })
  await app.register(usersRoutes, { db })

  await app.register(searchRoutes, { db, state })
  await app.register(siteRoutes, { db, donationUrl: config.donationUrl })

  atOnce = chunksAtOnce(state.content, {
    fixedHeaders,
    trustProxy: config.trustProxy !== false,
    log: app.log,
  })
  app.decorate('chunksAtOnce', atOnce)

  const firstViews = loadFirstViewTemplates(clientDir)
  const readerMeta = pageMetaByBuild(db)
  const titleBar = keptTitleBars(state.content)
  // The client build's shell, named by its hash (made once: the same bytes serve every page).
  const shellId = indexHtml === undefined ? '' : createHash('sha256').update(indexHtml).digest('base64url')
  // Reader pages' HTML as made from a summary and build: a visitor's /content/{id} then costs no
  // query while nothing changes (keptTitleBars), and no JSON parsing, templating or hashing of the
  // first chunk (~250 KB).
  const readerPages = new LRUCache<string, string>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (page) => page.length,
  })
  await registerClient(app, indexHtml, async (shellHtml, pathname, origin) => {
    // The home page's text, or a published page's title bar and first chunk, before any script runs.
    const target = firstViewTarget(pathname)
    if (target?.kind !== 'reader') {
      const meta = await metaFor(db, pathname)
      const html = meta ? withMeta(shellHtml, meta, origin) : shellHtml
      const page = firstViews && target ? withFirstView(html, firstViews, target) : html
      return { html: page, identity: page }
    }
    // A draft or a missing page gets the bare shell: the client shows whatever the API says.
    const summary = await titleBar(target.id)
    if (!summary) return { html: shellHtml, identity: shellHtml }
    const html = withMeta(shellHtml, await readerMeta(pathname, summary), origin)
    if (!firstViews) return { html, identity: html }
    // The shell names the client's build, origin and path the meta tags, the summary the title bar
    // and the page's build, which names the chunk and the description.
    const identity = `${shellId}\n${origin}\n${pathname}\n${JSON.stringify(summary)}`
    const kept = readerPages.get(identity)
    if (kept !== undefined) return { html: kept, identity }
    const view = await readFirstView(state.content, summary)
    if (!view) return { html, identity: html }
    const page = withFirstView(html, firstViews, { kind: 'reader', view })
    // A build made meanwhile: the page is right, but not the one the summary names.
    if (view.summary.buildId !== summary.buildId) return { html: page, identity: page }
    readerPages.set(identity, page)
    return { html: page, identity }
  })
  return app as typeof app & { readonly state: AppState; readonly chunksAtOnce: ChunksAtOnce }
}

export type App = Awaited<ReturnType<typeof buildApp>>
