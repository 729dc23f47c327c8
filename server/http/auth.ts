// Who is asking (the session cookie → request.user) and who may ask: every route declares its
// access in its options (`config: { access: 'public' | 'admin' }`), and one hook enforces it from
// the route Fastify matched, so no spelling of a URL can reach a handler past its check. A route
// without a declaration stops the app from starting. Sessions themselves are the auth module's:
// app.ts hands them in as `Sessions`, so this layer imports no module (decision 018).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import type { CurrentUser } from '#shared/api/auth.ts'
import { SIGNED_IN_COOKIE } from '#shared/signed-in.ts'
import type { Db } from '../db/client.ts'
import { unauthorized } from './errors.ts'
import { namedPlugin } from './named-plugin.ts'

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
     * states stay kept while it runs and after it (see modules/content/reader/page-states.ts).
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

/** Requests that brought a session cookie of no live session: their answer ends it in the browser. */
const deadSessions = new WeakSet<FastifyRequest>()

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
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return // the not-found handler serves no data
    if (request.routeOptions.url?.startsWith('/api/')) await resolveUser(db, sessions, request, reply)
    // Fails closed: anything not declared public needs a session.
    if (request.routeOptions.config.access !== 'public' && !request.user) throw unauthorized()
  })

  // An answer that clears a dead session's cookies is this browser's alone, whatever its route
  // would let a shared cache keep.
  app.addHook('onSend', async (request, reply) => {
    if (deadSessions.has(request)) reply.header('Cache-Control', 'private, no-store')
  })
}

/**
 * registerAuth as the app's plugin: it reads the signed session cookie (@fastify/cookie), and refuses
 * a request for its access (401) only once the origin check and the text guard have let it through.
 */
export const auth = namedPlugin<{ db: Db; sessions: Sessions }>(
  'auth',
  ['@fastify/cookie', 'origin-check', 'text-guard'],
  async (app, { db, sessions }) => registerAuth(app, db, sessions),
)

async function resolveUser(db: Db, sessions: Sessions, request: FastifyRequest, reply: FastifyReply) {
  const raw = request.cookies[SESSION_COOKIE]
  if (raw) {
    const unsigned = request.unsignCookie(raw)
    request.user = unsigned.valid && unsigned.value ? await sessions.resolveSession(db, unsigned.value) : null
    if (request.user) {
      request.sessionToken = unsigned.value
      return
    }
  }
  // A session cookie of no live session (expired, idle too long, ended elsewhere, signed with another
  // secret), or the signed-in hint without one: both go, so the client stops asking who is logged in.
  if (raw || request.cookies[SIGNED_IN_COOKIE] !== undefined) {
    deadSessions.add(request)
    clearSessionCookie(request, reply)
  }
}

/**
 * Whether the request comes from a logged-in administrator, for answers outside /api/ whose status
 * depends on it (a draft's reader page): resolves the session only when asked (a query).
 */
export async function isAdministrator(db: Db, request: FastifyRequest, reply: FastifyReply) {
  if (!request.user && request.cookies[SESSION_COOKIE]) await resolveUser(db, request.server.sessions, request, reply)
  return request.user !== null
}

/**
 * Starts a session: its token in the HttpOnly session cookie, and beside it the signed-in hint, a
 * cookie scripts can read that holds no secret ("1"), with the same lifetime. The client asks who
 * is logged in (GET /api/user, 401 for nobody) only while the hint is there, so a visitor's pages
 * make no request that fails (decision 047).
 */
export async function startSession(db: Db, request: FastifyRequest, reply: FastifyReply, userId: number) {
  const { token } = await request.server.sessions.createSession(db, userId)
  const maxAge = request.server.sessions.maxAgeMs / 1000
  const secure = request.protocol === 'https'
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true, maxAge })
  reply.setCookie(SIGNED_IN_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge })
}

/** Ends the session in the browser: the session cookie and the signed-in hint. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const secure = request.protocol === 'https'
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure })
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/', httpOnly: false, sameSite: 'lax', secure })
}
