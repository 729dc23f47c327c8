// What browsers and proxies may keep: an API answer is stored nowhere unless its route says so
// (many answers differ for an administrator, e.g. drafts), and a route that allows caching of an
// answer that depends on the session also sends `Vary: Cookie`. An answer given to a session says
// `private` besides, so the service worker (client/sw/, decision 032) can tell it from a visitor's
// and never keeps it.
import type { FastifyInstance } from 'fastify'

export function registerCacheDefaults(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    const isApi = request.routeOptions.url?.startsWith('/api/') ?? false
    if ((isApi || (request.is404 && reply.statusCode === 404)) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', request.user ? 'private, no-store' : 'no-store')
    }
  })
}
