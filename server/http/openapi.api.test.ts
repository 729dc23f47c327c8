// The OpenAPI description is generated from the routes and agrees with them: every API route is in
// it with its access, nothing else is, and docs/openapi.json is the current document.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loginAs, useTestApp } from '../test/test-app.ts'
import { OPENAPI_PATH } from './openapi.ts'

const ctx = useTestApp()
const COMMITTED = new URL('../../docs/openapi.json', import.meta.url)

interface Operation {
  security?: unknown[]
  requestBody?: unknown
  parameters?: { in: string; name: string }[]
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> }

async function fetchDocument(): Promise<Document> {
  const cookie = await loginAs(ctx)
  const answer = await ctx.app.inject({ url: OPENAPI_PATH, headers: { cookie } })
  expect(answer.statusCode).toBe(200)
  return answer.json()
}

describe('OpenAPI description', () => {
  it('is for administrators only', async () => {
    expect((await ctx.app.inject({ url: OPENAPI_PATH })).statusCode).toBe(401)
  })

  it('names every API route with its method and access, and nothing else', async () => {
    const document = await fetchDocument()
    expect(document.openapi).toBe('3.0.3')
    const routes = ctx.app.routeAccess
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== OPENAPI_PATH)
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')} ${r.access}`)
      .sort()
    const described = Object.entries(document.paths)
      .flatMap(([url, operations]) =>
        Object.entries(operations).map(
          ([method, operation]) => `${method.toUpperCase()} ${url} ${operation.security ? 'admin' : 'public'}`,
        ),
      )
      .sort()
    expect(described).toEqual(routes)
  })

  it('describes bodies, path parameters and queries from the route schemas', async () => {
    const document = await fetchDocument()
    expect(document.paths['/api/books']!.post!.requestBody).toBeDefined()
    expect(document.paths['/api/books/{id}']!.get!.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id' }),
    )
    expect(document.paths['/api/search']!.get!.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'q' }),
    )
  })

  it('is the document committed as docs/openapi.json (UPDATE_OPENAPI=1 rewrites it)', async () => {
    const generated = `${JSON.stringify(await fetchDocument(), null, 2)}\n`
    if (process.env.UPDATE_OPENAPI) fs.writeFileSync(COMMITTED, generated)
    const committed = fs.existsSync(COMMITTED) ? fs.readFileSync(COMMITTED, 'utf8') : ''
    expect(
      committed === generated,
      'docs/openapi.json is out of date: run UPDATE_OPENAPI=1 npx vitest run --project api-pglite server/http/openapi.api.test.ts',
    ).toBe(true)
  })
})
