// Strict security headers on every response: no remote script and no inline script but those of
// the built index.html (allowed by their sha256), no framing, nosniff, a referrer policy, and HSTS
// only when the request really arrived over HTTPS.
//
// The headers are helmet's, worked out once: with this configuration they depend on nothing in the
// request, and @fastify/helmet built helmet's middleware anew for every request (parsing the CSP
// directives each time: about a seventh of the CPU a cached reader chunk cost). See decision 023.
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { namedPlugin } from './named-plugin.ts'

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Page HTML from word processors carries style attributes; scripts stay locked down.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The web app manifest and the service worker (/sw.js, decision 032) come from the site itself.
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
}

/** The headers helmet's middleware sets for `options`, read off a response that records them. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  let done = false
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
    done = true
  })
  if (!done) throw new Error('helmet did not finish at once: its headers may depend on the request')
  return headers
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in a page: elements without `src` whose type
 * is script (none, a JavaScript type or module); data blocks (application/json) are no scripts. The
 * hash is of the element's text exactly as it stands in the page, as the browser hashes it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? ''
    if (type !== '' && type !== 'module' && !/^(?:text|application)\/(?:java|ecma)script$/.test(type)) continue
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * The headers every answer carries, worked out once: `scriptHashes` are the CSP sources of the page
 * shell's own inline scripts (the reading settings' boot script, decision 029). Strict-Transport-Security
 * is added per request, over https only.
 */
export function securityHeaders(scriptHashes: readonly string[] = []): Readonly<Record<string, string>> {
  const directives = HELMET_OPTIONS.contentSecurityPolicy as { directives: Record<string, string[]> }
  const options: HelmetOptions = {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives.directives, scriptSrc: ["'self'", ...scriptHashes] },
    },
  }
  return Object.freeze(helmetHeaders(options))
}

/** The headers of an app without a client build (no inline scripts to allow). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = securityHeaders()

/** `headers` on every answer, first: the checks that refuse a request come after this plugin. */
export const securityHeaderHooks = namedPlugin('security-headers', [], registerSecurityHeaders)

async function registerSecurityHeaders(
  app: FastifyInstance,
  { headers }: { headers: Readonly<Record<string, string>> },
) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  })
}
