// buildApp: the whole HTTP application on a given database, assembled from the HTTP layer's plugins
// and the modules' routes, each handed the parts of the app state (app-state.ts) it uses. main.ts
// listens; tests call inject().
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { cacheSizes, closeAppState, createAppState, type AppState } from './app-state.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { auth, isAdministrator } from './http/auth.ts'
import { registerCacheDefaults } from './http/cache-headers.ts'
import { compression } from './http/compression.ts'
import { registerErrorHandling } from './http/errors.ts'
import { closingConnections, httpServerOptions, type HttpTimeouts } from './http/http-server.ts'
import { metrics } from './http/metrics.ts'
import { registerOpenApi } from './http/openapi.ts'
import { originCheck } from './http/origin-check.ts'
import { readerPage } from './http/reader-page.ts'
import { routeCosts } from './http/route-cost.ts'
import { inlineScriptHashes, securityHeaderHooks, securityHeaders } from './http/security-headers.ts'
import { clientFiles, readIndexHtml } from './http/static.ts'
import { textGuard } from './http/text-guard.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { createSession, resolveSession, SESSION_ABSOLUTE_MS } from './modules/auth/auth.service.ts'
import type { SetupCode } from './modules/auth/first-run.ts'
import { backupsRoutes } from './modules/backups/backups.routes.ts'
import { booksRoutes } from './modules/books/books.routes.ts'
import { collectionsRoutes } from './modules/collections/collections.routes.ts'
import { chaptersRoutes } from './modules/chapters/chapters.routes.ts'
import { currentReprocessing, jobsRoutes } from './modules/content/jobs/index.ts'
import { adminWriteMarks, pageEditingRoutes, pagesRoutes } from './modules/content/pages/index.ts'
import {
  chunksAtOnce,
  firstViewRoutes,
  readerRoutes,
  readFirstView,
  type ChunksAtOnce,
} from './modules/content/reader/index.ts'
import { revisionsRoutes } from './modules/content/revisions/index.ts'
import { termUsageRoutes } from './modules/content/term-usage/index.ts'
import { exportRoutes } from './modules/export/export.routes.ts'
import type { ExportOptions } from './modules/export/export.service.ts'
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { imagesRoutes } from './modules/images/images.routes.ts'
import { registerRateLimits } from './modules/rate-limits/rate-limits.ts'
import { searchRoutes } from './modules/search/search.routes.ts'
import { sessionSecret } from './modules/settings/settings.service.ts'
import { metaFor, withMeta } from './modules/site/page-meta.ts'
import { siteRoutes } from './modules/site/site.routes.ts'
import { trashRoutes } from './modules/trash/trash.routes.ts'
import { termImportRoutes } from './modules/terms/terms-import.routes.ts'
import { termsRoutes } from './modules/terms/terms.routes.ts'
import { termExists } from './modules/terms/terms.service.ts'
import { usersRoutes } from './modules/users/users.routes.ts'
import { wordImportRoutes } from './modules/word/import/word-import.routes.ts'
import { wordExportRoutes } from './modules/word/export/word-export.routes.ts'

export interface AppOptions {
  database: Database
  config: Pick<Config, 'sessionSecret' | 'trustProxy' | 'logLevel'> &
    Partial<Pick<Config, 'donationUrl' | 'metricsAllow'>>
  /** The built client to serve; omitted in API tests. */
  clientDir?: string
  logger?: FastifyServerOptions['logger']
  /** Where EPUB exports are kept and how many are made at once (modules/export/export.service.ts). */
  exports?: ExportOptions
  /** Shorter HTTP time limits than the defaults (http/http-server.ts; tests). */
  httpTimeouts?: Partial<HttpTimeouts>
  /** The setup code main.ts printed while the site has no user (decision 058); none: only this machine. */
  setupCode?: SetupCode
}

export async function buildApp({ database, config, clientDir, logger, httpTimeouts, exports, setupCode }: AppOptions) {
  const { db, pool } = database
  // Reader chunks already in memory are answered before Fastify routes them; set once the app
  // state exists, and until then every request goes to Fastify.
  let atOnce: ChunksAtOnce | undefined = undefined
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ...httpServerOptions(httpTimeouts, (request, response) => atOnce?.answer(request, response) ?? false),
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const state = await createAppState(db, database.connectionString, exports)
  app.decorate('state', state)
  app.addHook('onClose', async () => closeAppState(state))
  const { content } = state
  await app.register(adminWriteMarks, { pageStates: content.pageStates })

  registerErrorHandling(app)
  await app.register(closingConnections)
  // The page shell's inline script (the reading settings, decision 029) is allowed by its hash,
  // taken from the very index.html this app serves.
  const indexHtml = readIndexHtml(clientDir)
  const fixedHeaders = securityHeaders(inlineScriptHashes(indexHtml ?? ''))
  await app.register(securityHeaderHooks, { headers: fixedHeaders })
  await app.register(fastifyCookie, { secret: await sessionSecret(db, config.sessionSecret) })
  await app.register(originCheck)
  await app.register(textGuard)
  registerCacheDefaults(app)
  await app.register(auth, { db, sessions: { resolveSession, createSession, maxAgeMs: SESSION_ABSOLUTE_MS } })
  await app.register(routeCosts)
  await app.register(metrics, {
    database,
    allow: config.metricsAllow ?? [],
    isAdministrator: (request, reply) => isAdministrator(db, request, reply),
    caches: () => cacheSizes(state),
    reprocessing: () => currentReprocessing(db),
  })
  await registerRateLimits(app, db)
  await app.register(clientFiles, { clientDir })
  await app.register(compression)
  await registerOpenApi(app)

  await app.register(healthRoutes, { pool, activity: database.activity })
  await app.register(authRoutes, { db, setupCode })
  await app.register(booksRoutes, { db })
  await app.register(chaptersRoutes, { db })
  // The content module's parts, in the order their routes are listed in docs/openapi.json.
  await app.register(pagesRoutes, { db, content })
  await app.register(firstViewRoutes, { content })
  await app.register(pageEditingRoutes, { db, content })
  await app.register(readerRoutes, { content })
  await app.register(revisionsRoutes, { content })
  await app.register(jobsRoutes, { db, content })
  await app.register(exportRoutes, { content, exports: state.exports, perAddress: exports?.perAddress })
  await app.register(wordExportRoutes, { content, exports: state.exports, perAddress: exports?.perAddress })
  await app.register(termsRoutes, { db, termDescriptions: state.termDescriptions, termLookup: state.termLookup })
  await app.register(termImportRoutes, { db, termLookup: state.termLookup })
  await app.register(termUsageRoutes, { db })
  await app.register(feedbackRoutes, { db })
  await app.register(auditRoutes, { db })
  await app.register(imagesRoutes, { db, publicImages: state.publicImages })
  await app.register(usersRoutes, { db })
  await app.register(trashRoutes, { db })
  await app.register(backupsRoutes, { database })
  await app.register(collectionsRoutes, { db, catalogue: state.collections })
  await app.register(wordImportRoutes, { content })

  await app.register(searchRoutes, {
    db,
    termDescriptions: state.termDescriptions,
    collections: state.collections,
    answers: state.searchAnswers,
  })
  await app.register(siteRoutes, {
    donationUrl: config.donationUrl,
    moments: content.pageStates,
    sitemaps: state.sitemaps,
  })

  const answersAtOnce = chunksAtOnce(content, {
    fixedHeaders,
    trustProxy: config.trustProxy !== false,
    log: app.log,
  })
  atOnce = answersAtOnce
  app.decorate('chunksAtOnce', answersAtOnce)
  app.addHook('preClose', async () => answersAtOnce.stop())

  await app.register(readerPage, {
    indexHtml,
    clientDir,
    kept: state.readerPages,
    shells: state.shells,
    isAdministrator: (request, reply) => isAdministrator(db, request, reply),
    sources: {
      withMeta: async (shellHtml, pathname, origin) => {
        const meta = await metaFor(db, pathname)
        return meta && withMeta(shellHtml, meta, origin)
      },
      withReaderMeta: async (shellHtml, pathname, origin, summary) =>
        withMeta(shellHtml, await state.readerMeta(pathname, summary), origin),
      titleBar: state.titleBars,
      firstView: (summary) => readFirstView(content, summary),
      pageExists: async (id) => (await content.pageStates.get(id)) !== undefined,
      termExists: (id) => termExists(db, id),
    },
  })
  return app as typeof app & { readonly state: AppState; readonly chunksAtOnce: ChunksAtOnce }
}

export type App = Awaited<ReturnType<typeof buildApp>>
