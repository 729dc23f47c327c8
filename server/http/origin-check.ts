// Refuses state-changing requests sent from another site. Requests without an Origin header
// (scripts, curl) are judged by the session alone.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { forbidden } from './errors.ts'
import { namedPlugin } from './named-plugin.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function isSameOrigin(request: FastifyRequest) {
  const origin = request.headers.origin
  if (origin === undefined) return true
  try {
    const originUrl = new URL(origin)
    // Compare hosts the way URL normalises them (default ports dropped); request.host honours
    // X-Forwarded-Host only when TRUST_PROXY is set.
    return new URL(`${originUrl.protocol}//${request.host}`).host === originUrl.host
  } catch {
    return false // "null" or garbage
  }
}

/** After the security headers, which its 403 carries too. */
export const originCheck = namedPlugin('origin-check', ['security-headers'], registerOriginCheck)

async function registerOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    if (!isSameOrigin(request)) throw forbidden('Cross-site request refused')
  })
}
