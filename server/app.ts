// buildApp: the whole HTTP application on a given database. main.ts listens; tests call inject().
import fastifyCookie from '@fastify/cookie'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { registerAuth } from './http/auth.ts'
import { registerErrorHandling } from './http/errors.ts'
import { registerNulGuard } from './http/nul-guard.ts'
import { registerOriginCheck } from './http/origin-check.ts'
import { registerSecurityHeaders } from './http/security-headers.ts'
import { registerClient } from './http/static.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { auditRoutes } from './modules/audit/audit.routes.ts'
import { booksRoutes } from './modules/books/books.routes.ts'
import { chaptersRoutes } from './modules/chapters/chapters.routes.ts'
import { contentRoutes } from './modules/content/content.routes.ts'
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts'
import { termImportRoutes } from './modules/terms/terms-import.routes.ts'
import { termsRoutes } from './modules/terms/terms.routes.ts'
import { searchRoutes } from './modules/search/search.routes.ts'
import { sessionSecret } from './modules/settings/settings.repo.ts'
import { siteRoutes } from './modules/site/site.routes.ts'

export interface AppOptions {
  database: Database
  config: Pick<Config, 'sessionSecret' | 'trustProxy' | 'logLevel'> & Partial<Pick<Config, 'donationUrl'>>
  /** The built client to serve; omitted in API tests. */
  clientDir?: string
  logger?: FastifyServerOptions['logger']
}

export async function buildApp({ database, config, clientDir, logger }: AppOptions) {
  const { db, pool } = database
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  registerErrorHandling(app)
  // While shutting down, answers to requests still in flight close their connection, so a
  // keep-alive client cannot hold the process open after its last response.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close')
  })
  await registerSecurityHeaders(app)
  await app.register(fastifyCookie, { secret: await sessionSecret(db, config.sessionSecret) })
  registerOriginCheck(app)
  registerNulGuard(app)
  registerAuth(app, db)

  await app.register(healthRoutes, { pool })
  await app.register(authRoutes, { db })
  await app.register(booksRoutes, { db })
  await app.register(chaptersRoutes, { db })
  await app.register(contentRoutes, { db })
  await app.register(termsRoutes, { db })
  await app.register(termImportRoutes, { db })
  await app.register(feedbackRoutes, { db })
  await app.register(auditRoutes, { db })

  await app.register(searchRoutes, { db })
  await app.register(siteRoutes, { db, donationUrl: config.donationUrl })

  await registerClient(app, db, clientDir)
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
