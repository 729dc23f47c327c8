// The HTTP server under the app: time limits, so connections that send their request slowly or
// never (slowloris) are closed instead of piling up, and a first look at each request that may answer
// it before Fastify routes it (the reader's chunks kept in memory, modules/content/reader/
// chunks-at-once.ts). While the app shuts down, answers close their connections.
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { FastifyServerFactory } from 'fastify'
import { namedPlugin } from './named-plugin.ts'

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

/** Answers the request and returns true, or returns false without touching it: then Fastify has it. */
export type AnswerFirst = (request: IncomingMessage, response: ServerResponse) => boolean

/**
 * Fastify's server options: headers within 10 s; the whole request within 5 min, which still lets a
 * 24 MB page save through a slow line (80 KB/s). Answers have no limit (a reprocess of every page
 * takes long), so there is no connectionTimeout, which would cut a socket idle while we work.
 * keepAliveTimeout stays above the 60 s a proxy commonly keeps idle upstream connections.
 * `timeouts` shortens them (tests). The server is the one Fastify would make itself, with these
 * limits, and `answerFirst` in front.
 */
export function httpServerOptions(timeouts: Partial<HttpTimeouts> | undefined, answerFirst: AnswerFirst) {
  const keepAliveTimeout = timeouts?.keepAliveMs ?? 72_000
  const requestTimeout = timeouts?.requestMs ?? 300_000
  const serverFactory: FastifyServerFactory = (handler) => {
    const server = http.createServer(
      {
        headersTimeout: timeouts?.headersMs ?? 10_000,
        requestTimeout,
        // Node's default (30 s) would let a connection outlive the headers limit fourfold.
        connectionsCheckingInterval: timeouts?.checkIntervalMs ?? 2_000,
      },
      (request, response) => {
        if (!answerFirst(request, response)) handler(request, response)
      },
    )
    server.keepAliveTimeout = keepAliveTimeout
    server.requestTimeout = requestTimeout
    return server
  }
  return { keepAliveTimeout, requestTimeout, serverFactory }
}

/**
 * While the app shuts down, answers to requests still in flight close their connection, so a
 * keep-alive client cannot hold the process open after its last response.
 */
export const closingConnections = namedPlugin('closing-connections', [], async (app) => {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close')
  })
})
