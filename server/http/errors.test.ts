// Every error answer carries a code from the shared list (shared/api/errors.ts): AppErrors with
// theirs, schema failures 'validation', Fastify's own 4xx by status, and every 5xx 'internal'.
import Fastify, { type InjectOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorBody, ERROR_CODES } from '#shared/api/errors.ts'
import {
  AppError,
  badRequest,
  codeOfStatus,
  conflict,
  forbidden,
  notFound,
  registerErrorHandling,
  tooManyRequests,
  unauthorized,
} from './errors.ts'

const app = Fastify({ bodyLimit: 64 }).withTypeProvider<ZodTypeProvider>()
app.setValidatorCompiler(validatorCompiler)
app.setSerializerCompiler(serializerCompiler)
registerErrorHandling(app)

const thrown: Record<string, () => Error> = {
  'bad-request': () => badRequest('Please select a valid chapter', { chapterId: 9 }),
  unauthorized: () => unauthorized(),
  forbidden: () => forbidden('Cross-site request refused'),
  'not-found': () => notFound('Book'),
  conflict: () => conflict('Reprocessing is already running'),
  'too-many': () => tooManyRequests('Too many requests.', 60),
  specific: () => new AppError(409, 'page_changed', 'The page has changed since it was opened', { buildId: 2 }),
  plain: () => new Error('db down'),
  'plugin-4xx': () => Object.assign(new Error('Not acceptable'), { statusCode: 406 }),
  'plugin-5xx': () => Object.assign(new Error('bad gateway'), { statusCode: 502 }),
}

beforeAll(async () => {
  app.get('/throws/:kind', async (request) => {
    throw thrown[(request.params as { kind: string }).kind]!()
  })
  app.post('/json', { schema: { body: z.object({ name: z.string() }) } }, async () => ({ ok: true }))
  app.get(
    '/answer',
    { schema: { response: { 200: z.object({ id: z.number() }) } } },
    async () => ({ id: 'x' }) as never,
  )
  await app.ready()
})
afterAll(() => app.close())

async function failure(request: InjectOptions) {
  const response = await app.inject(request)
  const body = ApiErrorBody.strict().parse(response.json())
  return { status: response.statusCode, headers: response.headers, ...body }
}

describe('error answers', () => {
  it.each([
    ['bad-request', 400, 'bad_request'],
    ['unauthorized', 401, 'unauthenticated'],
    ['forbidden', 403, 'forbidden'],
    ['not-found', 404, 'not_found'],
    ['conflict', 409, 'conflict'],
    ['too-many', 429, 'rate_limited'],
    ['specific', 409, 'page_changed'],
    ['plain', 500, 'internal'],
    ['plugin-4xx', 406, 'bad_request'],
    ['plugin-5xx', 502, 'internal'],
  ])('give a thrown %s its code beside the status', async (kind, status, code) => {
    expect(await failure({ url: `/throws/${kind}` })).toMatchObject({ status, code })
  })

  it('keep the text, the details and the headers of an AppError', async () => {
    expect(await failure({ url: '/throws/bad-request' })).toMatchObject({
      error: 'Please select a valid chapter',
      details: { chapterId: 9 },
    })
    expect((await failure({ url: '/throws/too-many' })).headers['retry-after']).toBe('60')
  })

  it('send no internals of a 5xx', async () => {
    expect(await failure({ url: '/throws/plain' })).toEqual({
      status: 500,
      headers: expect.anything(),
      error: 'Internal Server Error',
      code: 'internal',
    })
  })

  it("mark a schema failure 'validation' with the fields in details", async () => {
    const answer = await failure({ method: 'POST', url: '/json', payload: { name: 5 } })
    expect(answer).toMatchObject({ status: 400, code: 'validation', details: [{ path: '/name' }] })
  })

  it("code Fastify's own refusals by their status", async () => {
    const json = { 'content-type': 'application/json' }
    expect(await failure({ method: 'POST', url: '/json', headers: json, payload: '{"name":' })).toMatchObject({
      status: 400,
      code: 'bad_request',
    })
    expect(
      await failure({
        method: 'POST',
        url: '/json',
        headers: json,
        payload: JSON.stringify({ name: 'x'.repeat(100) }),
      }),
    ).toMatchObject({ status: 413, code: 'too_large' })
    expect(
      await failure({ method: 'POST', url: '/json', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }),
    ).toMatchObject({ status: 415, code: 'unsupported_media_type' })
  })

  it("code an answer that does not fit its schema 'internal'", async () => {
    expect(await failure({ url: '/answer' })).toMatchObject({ status: 500, code: 'internal' })
  })
})

describe('codeOfStatus', () => {
  it('gives every 4xx and 5xx a code of the shared list', () => {
    for (let status = 400; status < 600; status++) expect(ERROR_CODES).toContain(codeOfStatus(status))
  })
})
