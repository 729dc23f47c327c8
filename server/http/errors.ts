// AppError and the one error handler: every failure leaves as JSON `{ error, code, details? }`
// (the codes: shared/api/errors.ts); 5xx internals are logged with context and never sent to the browser.
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { ApiErrorBody, ErrorCode } from '#shared/api/errors.ts'

const CODE_OF_CLIENT_ERROR: Partial<Record<number, ErrorCode>> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
}

/** The code of a failure that has none of its own (Fastify's and its plugins' errors), by status. */
export const codeOfStatus = (status: number): ErrorCode =>
  status >= 500 ? 'internal' : (CODE_OF_CLIENT_ERROR[status] ?? 'bad_request')

const errorBody = (error: string, code: ErrorCode, details?: unknown): ApiErrorBody =>
  details === undefined ? { error, code } : { error, code, details }

export class AppError extends Error {
  constructor(
    readonly status: number,
    /** What the client branches on: the generic code of the status unless it must tell this one apart. */
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string, details?: unknown) => new AppError(400, 'bad_request', message, details)
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthenticated', message)
export const forbidden = (message: string) => new AppError(403, 'forbidden', message)
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`)
export const conflict = (message: string, details?: unknown) => new AppError(409, 'conflict', message, details)
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    429,
    'rate_limited',
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
        .send(errorBody(error.message, error.code, error.details))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.')
      const where =
        error.validationContext === 'body' ? field : [error.validationContext, field].filter(Boolean).join('.')
      const message = first ? `${where ? `${where}: ` : ''}${first.message}` : 'Invalid request'
      const details = error.validation.map((v) => ({ path: v.instancePath, message: v.message }))
      return reply.status(400).send(errorBody(message, 'validation', details))
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema')
      return reply.status(500).send(errorBody('Internal Server Error', 'internal'))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large, unsupported media type …
      return reply.status(status).send(errorBody(error.message, codeOfStatus(status)))
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'request failed')
    return reply
      .status(status >= 500 && status < 600 ? status : 500)
      .send(errorBody('Internal Server Error', 'internal'))
  })
}
