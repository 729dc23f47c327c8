// AppError and the one error handler: every failure leaves as JSON `{ error, details? }`; 5xx
// internals are logged with context and never sent to the browser.
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, message, details)
export const unauthorized = (message = 'Authentication required') => new AppError(401, message)
export const forbidden = (message: string) => new AppError(403, message)
export const notFound = (what: string) => new AppError(404, `${what} not found`)
export const conflict = (message: string, details?: unknown) => new AppError(409, message, details)
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    429,
    message,
    undefined,
    retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, retryAfterSeconds)) },
  )

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .headers(error.headers)
        .status(error.status)
        .send(error.details === undefined ? { error: error.message } : { error: error.message, details: error.details })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.')
      const where =
        error.validationContext === 'body' ? field : [error.validationContext, field].filter(Boolean).join('.')
      const message = first ? `${where ? `${where}: ` : ''}${first.message}` : 'Invalid request'
      return reply
        .status(400)
        .send({ error: message, details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })) })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema')
      return reply.status(500).send({ error: 'Internal Server Error' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type …
      return reply.status(status).send({ error: error.message })
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'request failed')
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ error: 'Internal Server Error' })
  })
}
