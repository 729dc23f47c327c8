// Who is asking (the session cookie → request.user) and who may ask: every route declares its
// access in its options (`config: { access: 'public' | 'admin' }`), and one hook enforces it from
// the route Fastify matched, so no spelling of a URL can reach a handler past its check. A route
// without a declaration stops the app from starting. Sessions themselves are the auth module's:
// app.ts hands them in as `Sessions`, so this layer imports no module (decision 018).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { CurrentUser } from '#shared/api/auth.ts'
import type { Db } from '../db/client.ts'
import { unauthorized } from './errors.ts'

/** `public`: anyone (answers may still differ for an administrator); `admin`: a session, else 401. */
export type Access = 'public' | 'admin'

/** What this layer needs from the auth module (wired in app.ts). */
export interface Sessions {
  /** The user behind a session token, or null when the session is unknown, expired or idle too long. */
  resolveSession(db: Db, token: string): Promise<CurrentUser | null>
  /** Starts a session for the user; its token goes into the cookie. */
  createSession(db: Db, userId: number): Promise<{ token: string }>
  /** The longest a session lasts, and so the cookie. */
  maxAgeMs: number
}

export interface RouteAccess {
  method: string
  url: string
  access: Access
}

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null
    sessionToken: string | null
  }
  interface FastifyContextConfig {
    /** Who may call the route; required on every route (see registerAuth). */
    access?: Access
    /**
     * An administrator's write that changes no page (staging an upload chunk): readers' kept page
     * states stay kept while it runs and after it (see modules/content/page-states.ts).
     */
    pagesUnchanged?: true
  }
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (filled as routes register). */
    readonly routeAccess: readonly RouteAccess[]
    /** The sessions given to registerAuth. */
    readonly sessions: Sessions
  }
}

export const SESSION_COOKIE = 'session'

const isAccess = (value: unknown): value is Access => value === 'public' || value === 'admin'

export function registerAuth(app: FastifyInstance, db: Db, sessions: Sessions) {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionToken', null)
  app.decorate('sessions', sessions)

  // Routes are collected as they register and checked once all are there: a plugin that cannot
  // take route options (the static files) declares them from an onRoute hook of its own, which
  // runs after this one on the same options object.
  const routes: RouteOptions[] = []
  const table: RouteAccess[] = []
  app.decorate('routeAccess', table)
  app.addHook('onRoute', (route) => {
    routes.push(route)
  })
  app.addHook('onReady', async () => {
    for (const route of routes) {
      const access = route.config?.access
      const methods = [route.method].flat().join(',')
      if (!isAccess(access)) {
        throw new Error(
          `Route ${methods} ${route.url} does not declare its access (config: { access: 'public' | 'admin' })`,
        )
      }
      table.push({ method: methods, url: route.url, access })
    }
  })

  // onRequest runs after routing (so the matched route's config is known) and before the body is
  // read: a request without a session is refused before any of its body is parsed or validated.
  app.addHook('onRequest', async (request) => {
    if (request.is404) return // the not-found handler serves no data
    if (request.routeOptions.url?.startsWith('/api/')) await resolveUser(db, sessions, request)
    // Fails closed: anything not declared public needs a session.
    if (request.routeOptions.config.access !== 'public' && !request.user) throw unauthorized()
  })
}

async function resolveUser(db: Db, sessions: Sessions, request: FastifyRequest) {
  const raw = request.cookies[SESSION_COOKIE]
  if (!raw) return
  const unsigned = request.unsignCookie(raw)
  if (!unsigned.valid || !unsigned.value) return
  request.user = await sessions.resolveSession(db, unsigned.value)
  if (request.user) request.sessionToken = unsigned.value
}

export async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const { token } = await request.server.sessions.createSession(db, userId)
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
    maxAge: request.server.sessions.maxAgeMs / 1000,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  })
}
