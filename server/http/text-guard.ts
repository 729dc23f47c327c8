// Text from outside must be text PostgreSQL and every later step can hold, or it is refused at the
// edge with a 400 before any route sees it:
// - no NUL characters: PostgreSQL text cannot hold them (one in a query parameter fails the query,
//   and on the embedded database's socket it breaks the connection);
// - well-formed Unicode: a lone UTF-16 surrogate (JSON's "\ud800") or a percent-encoded byte
//   sequence that is not UTF-8 (`%FF`, `%ED%A0%80`) would be changed silently on its way to the
//   database, so what is stored or used as a key is not what was sent (a login's throttling row read
//   back did not match its key: a 500).
// The address is checked when the request arrives (the API's: a page's address is left to the
// browser's script, NUL aside); parameters, the query and the body once parsed;
// multipart fields and file names by the two routes that read them (assertWellFormedText).
import type { FastifyInstance } from 'fastify'
import { badRequest } from './errors.ts'
import { namedPlugin } from './named-plugin.ts'

export const NUL_MESSAGE = 'Text must not contain NUL characters'
export const ILL_FORMED_MESSAGE = 'Text must be well-formed Unicode'
export const ADDRESS_MESSAGE = 'The address must be percent-encoded UTF-8'

type Fault = 'nul' | 'ill-formed' | 'address' | undefined

function stringFault(value: string): Fault {
  if (value.includes('\0')) return 'nul'
  if (!value.isWellFormed()) return 'ill-formed'
  return undefined
}

function fault(value: unknown, depth = 0): Fault {
  if (typeof value === 'string') return stringFault(value)
  if (depth > 32 || value === null || typeof value !== 'object') return undefined
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fault(item, depth + 1)
      if (found) return found
    }
    return undefined
  }
  for (const [key, item] of Object.entries(value)) {
    const found = stringFault(key) ?? fault(item, depth + 1)
    if (found) return found
  }
  return undefined
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true })
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g

/** The raw request target's percent-encoded runs are UTF-8, and none of them is a NUL. */
function addressFault(url: string): Fault {
  if (url.includes('\0')) return 'nul'
  if (!url.includes('%')) return undefined
  for (const [run] of url.matchAll(PERCENT_RUN)) {
    const bytes = Uint8Array.from(run.slice(1).split('%'), (hex) => Number.parseInt(hex, 16))
    if (bytes.includes(0)) return 'nul'
    try {
      fatalUtf8.decode(bytes)
    } catch {
      return 'address'
    }
  }
  return undefined
}

const MESSAGES = { nul: NUL_MESSAGE, 'ill-formed': ILL_FORMED_MESSAGE, address: ADDRESS_MESSAGE }

function refuse(found: Fault) {
  if (found) throw badRequest(MESSAGES[found])
}

/** For text a route reads itself (multipart fields and file names): a 400 unless it is well-formed. */
export function assertWellFormedText(...values: unknown[]) {
  refuse(fault(values))
}

/** The names, values and file names of a multipart body's parts (@fastify/multipart's `fields`). */
export function multipartFieldValues(fields: Record<string, unknown>): string[] {
  const texts: string[] = []
  for (const [name, entry] of Object.entries(fields)) {
    texts.push(name)
    for (const part of [entry].flat()) {
      if (part === null || typeof part !== 'object') continue
      for (const key of ['fieldname', 'filename', 'value'] as const) {
        const text = (part as Record<string, unknown>)[key]
        if (typeof text === 'string') texts.push(text)
      }
    }
  }
  return texts
}

/**
 * After the security headers, which its 400 carries too, and the origin check: a cross-site write is
 * refused as such (403) whatever its text.
 */
export const textGuard = namedPlugin('text-guard', ['security-headers', 'origin-check'], registerTextGuard)

async function registerTextGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    // The API's addresses; a page's (the app's HTML) is read by the browser's script, not stored, and
    // a reader who followed a mangled link still gets the page (a NUL is refused everywhere).
    const fault = addressFault(request.url)
    if (fault === 'nul' || (fault && request.routeOptions.url?.startsWith('/api/'))) refuse(fault)
  })
  app.addHook('preValidation', async (request) => {
    refuse(fault(request.params) ?? fault(request.query) ?? fault(request.body))
  })
}
