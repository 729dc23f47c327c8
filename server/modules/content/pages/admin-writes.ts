// Administrators' write requests tell the page states when they start and end (page-states.ts):
// nothing read meanwhile is kept, and on PostgreSQL the answer waits until other processes have
// been told of the change. One whose route says it changes no page (`pagesUnchanged`) only makes
// readers take turns with it. Visitors' writes (login, feedback) leave them alone.
//
// The start is marked in preHandler, so only once the request is allowed and well-formed: the
// origin check and the access check (onRequest) and validation (preValidation) have passed. A
// write refused with 401, 403 or 400 changes nothing here; otherwise one anonymous request a
// second would keep every reader on the slow path. The end is marked before the answer goes out,
// so a client that heard "saved" finds every process told; onResponse is a fallback for an answer
// that never went through onSend. (preHandler comes after every onRequest hook, so these marks need
// no place in the order of the app's plugins.)
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { namedPlugin } from '../../../http/named-plugin.ts'
import type { PageStates } from '../reader/index.ts'

/** Any method but GET, HEAD and OPTIONS. */
export function isWriteRequest(method: string) {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'
}

export const adminWriteMarks = namedPlugin('admin-write-marks', [], registerAdminWriteMarks)

async function registerAdminWriteMarks(app: FastifyInstance, { pageStates }: { pageStates: PageStates }) {
  const writes = new WeakMap<FastifyRequest, { changesPages: boolean }>()
  const end = async (request: FastifyRequest) => {
    const write = writes.get(request)
    if (!write) return
    writes.delete(request)
    await pageStates.writeEnded(write)
  }
  app.addHook('preHandler', async (request) => {
    const { access, pagesUnchanged } = request.routeOptions.config
    if (!isWriteRequest(request.method) || access !== 'admin' || !request.user) return
    const write = { changesPages: !pagesUnchanged }
    writes.set(request, write)
    pageStates.writeStarted(write)
  })
  app.addHook('onSend', async (request) => end(request))
  app.addHook('onResponse', async (request) => end(request))
}
