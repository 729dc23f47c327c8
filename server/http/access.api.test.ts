// Who may call what is decided by the route Fastify matched, never by how the URL is spelled.
// Requests go over a raw socket so that no URL library normalises them on the way.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import fastifyCookie from '@fastify/cookie'
import { strFromU8, unzipSync } from 'fflate'
import Fastify from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSession, resolveSession, SESSION_ABSOLUTE_MS } from '../modules/auth/auth.service.ts'
import { loginAs, useTestApp } from '../test/test-app.ts'
import { rawRequest } from '../test/raw-http.ts'
import { registerAuth } from './auth.ts'

const sessions = { resolveSession, createSession, maxAgeMs: SESSION_ABSOLUTE_MS }

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-client-'))
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title><div id="root">SHELL</div>')
fs.mkdirSync(path.join(clientDir, 'assets'))
fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)')

const ctx = useTestApp({ clientDir })
let port = 0
const ADMIN_NAME = 'zz-admin-who-must-stay-private'

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  port = (ctx.app.server.address() as net.AddressInfo).port
})
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

/** Sends one request exactly as written and reads the answer until the server closes. */
const raw = (method: string, target: string, extraHeaders: string[] = []) =>
  rawRequest(port, method, target, extraHeaders)

const percent = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`

/** The ways a client can spell one path that a careless check would read differently from the router. */
export function spellings(pathname: string, absoluteBase: string): string[] {
  const segments = pathname.split('/').slice(1)
  const join = (parts: string[]) => `/${parts.join('/')}`
  const firstLetterEncoded = (upper: boolean) =>
    join(
      segments.map((s) => {
        const encoded = percent(s[0]!)
        return (upper ? encoded.toUpperCase() : encoded) + s.slice(1)
      }),
    )
  return [
    pathname,
    firstLetterEncoded(false),
    firstLetterEncoded(true),
    join(segments.map((s) => [...s].map(percent).join(''))),
    `/${segments.join('%2F')}`,
    `/${segments.join('%2f')}`,
    `//${segments.join('//')}`,
    `/${segments.join('/./')}`,
    `/${segments[0]}/x/../${segments.slice(1).join('/')}`,
    `/${segments[0]}/%2e/${segments.slice(1).join('/')}`,
    `/${segments[0]}/x/%2e%2e/${segments.slice(1).join('/')}`,
    `${pathname};x`,
    join(segments.map((s) => `${s};x=1`)),
    `${pathname}/`,
    `${pathname}//`,
    `${absoluteBase}${pathname}`,
    `${absoluteBase.toUpperCase()}${pathname}`,
    pathname.toUpperCase(),
    join(segments.map((s) => s[0]!.toUpperCase() + s.slice(1))),
    `/${segments.join('\\')}`,
    `${pathname}?next=/api/health`,
    `${pathname}#frag`,
    `${pathname}%20`,
    `${pathname}%00`,
  ]
}

const withIds = (url: string) => url.replace(/:[A-Za-z]+/g, '1')
const PUBLIC_STATUSES_FOR_REFUSAL = [400, 401, 404, 405]

/** Uploads a small picture as an administrator: its id, its own address and the `v` in it. */
async function uploadPicture(cookie: string, background: string) {
  const boundary = 'access-image-boundary'
  const pictureFile = await sharp({ create: { width: 4, height: 4, channels: 3, background } })
    .png()
    .toBuffer()
  const image = await ctx.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n\r\n`),
      pictureFile,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
  expect(image.statusCode, image.body).toBe(200)
  const { id, url } = image.json() as { id: number; url: string }
  return { id, url, version: url.split('v=')[1]! }
}

describe('access is declared on every route and checked from the matched route', () => {
  it('lists every route with its declared access; the public ones are exactly these', () => {
    const publicRoutes = ctx.app.routeAccess
      .filter((r) => r.access === 'public' && r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !r.startsWith('HEAD '))
      .sort()
    // Declaring a route public is a decision: add it here on purpose.
    expect(publicRoutes).toEqual(
      [
        'GET /api/books',
        'GET /api/books/:id',
        'GET /api/books/:id/cover',
        'GET /api/books/:id/epub',
        'GET /api/chapters',
        'GET /api/chapters/:id',
        'GET /api/chapters/:id/content',
        'GET /api/chapters/:id/epub',
        'GET /api/chapters/list/:bookId',
        'GET /api/content',
        'GET /api/content/:id',
        'GET /api/content/:id/chunks',
        'GET /api/content/:id/docx',
        'GET /api/content/:id/epub',
        'GET /api/content/:id/find',
        'GET /api/content/:id/locate',
        'GET /api/content/:id/summary',
        'GET /api/content/:id/toc',
        'GET /api/health',
        'GET /api/images/:id',
        'GET /api/search',
        'GET /api/site',
        'GET /api/terms',
        'GET /api/terms/:id',
        'GET /api/terms/:id/usage',
        'GET /api/terms/by-letter/:letter',
        'GET /api/terms/letters',
        'GET /api/terms/lookup',
        'GET /api/user',
        'POST /api/feedback',
        'POST /api/login',
        'POST /api/logout',
        'POST /api/register',
      ].sort(),
    )
    // Everything else under /api/ needs an administrator; the static files and the page shell are public.
    const admin = ctx.app.routeAccess.filter((r) => r.access === 'admin')
    expect(admin.length).toBeGreaterThan(20)
    expect(admin.every((r) => r.url.startsWith('/api/'))).toBe(true)
    // The trash (decision 043) is administrators' only, every route of it.
    expect(
      ctx.app.routeAccess
        .filter((r) => r.url.startsWith('/api/admin/trash'))
        .map((r) => `${r.method} ${r.url} ${r.access}`)
        .sort(),
    ).toEqual(
      [
        'DELETE /api/admin/trash admin',
        'DELETE /api/admin/trash/:id admin',
        'GET /api/admin/trash admin',
        'HEAD /api/admin/trash admin',
        'POST /api/admin/trash/:id/restore admin',
      ].sort(),
    )
    expect(ctx.app.routeAccess.some((r) => r.url === '/assets/app-abc123.js' && r.access === 'public')).toBe(true)
  })

  it('refuses every administrators-only route without a session, however its path is spelled', async () => {
    const admin = ctx.app.routeAccess.filter((r) => r.access === 'admin')
    const failures: string[] = []
    let checked = 0
    for (const route of admin) {
      const pathname = withIds(route.url)
      for (const target of spellings(pathname, `http://127.0.0.1:${port}`)) {
        const answer = await raw(route.method, target)
        checked++
        const leaked = answer.body.includes('SHELL') || !PUBLIC_STATUSES_FOR_REFUSAL.includes(answer.status)
        if (leaked) failures.push(`${route.method} ${target} -> ${answer.status} ${answer.body.slice(0, 80)}`)
      }
      // The plain spelling is refused for the right reason.
      expect((await raw(route.method, pathname)).status, `${route.method} ${pathname}`).toBe(401)
    }
    console.log(
      `access: ${checked} spellings of ${admin.length} administrators-only routes, ${failures.length} answered`,
    )
    expect(failures).toEqual([])
  })

  it('finds the route behind an encoded spelling and applies its check (the seen attack)', async () => {
    for (const target of ['/api/%61dmin/feedback', '/api/%61dmin/audit', '/api/%61dmin/terms']) {
      expect((await raw('GET', target)).status, target).toBe(401)
    }
    // The same spelling with a session reaches the route: it is the route, not the spelling, that is checked.
    const cookie = await loginAs(ctx, ADMIN_NAME)
    const withSession = await raw('GET', '/api/%61dmin/feedback', [`Cookie: ${cookie}`])
    expect(withSession.status).toBe(200)
  })

  it('answers API-looking paths that match no route with a JSON 404, never the page shell', async () => {
    for (const target of ['/API/ADMIN/FEEDBACK', '//api//admin//nothing', '/api%2Fadmin%2Ffeedback', '/api;x/admin']) {
      const answer = await raw('GET', target)
      expect(answer.status, target).toBe(404)
      expect(answer.body, target).not.toContain('SHELL')
    }
    expect((await raw('GET', '/content/1')).body).toContain('SHELL')
  })

  it('does not start an app with a route that declares no access', async () => {
    const app = Fastify({ logger: false })
    await app.register(fastifyCookie)
    registerAuth(app, ctx.database.db, sessions)
    app.get('/api/forgotten', async () => ({ secret: true }))
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten does not declare its access/)
    const declared = Fastify({ logger: false })
    await declared.register(fastifyCookie)
    registerAuth(declared, ctx.database.db, sessions)
    declared.get('/api/remembered', { config: { access: 'admin' } }, async () => ({ secret: true }))
    await declared.ready()
    expect((await declared.inject({ url: '/api/remembered' })).statusCode).toBe(401)
    await declared.close()
  })
})

describe('visitors never see user names', () => {
  it('leaves the names of administrators out of every public answer', async () => {
    const cookie = await loginAs(ctx, ADMIN_NAME)
    const post = (url: string, payload: unknown) =>
      ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } })
    const cover = 'data:image/png;base64,iVBORw0KGgo='
    const book = (await post('/api/books', { title: 'Raamat', description: 'd', order: 1, coverImage: cover })).json()
    const chapter = (
      await post('/api/chapters', { bookId: book.id, title: 'Peatükk', description: 'd', order: 1 })
    ).json()
    const image = await uploadPicture(cookie, '#ffffff')
    const page = await post('/api/content', {
      chapterId: chapter.id,
      title: 'Leht',
      content: `<h1>Pealkiri</h1><p>Tekst <img src="${image.url}" alt="pilt"></p>`,
      published: true,
      order: 1,
    })
    expect(page.statusCode).toBe(201)
    const term = (
      await post('/api/terms', { term: 'mettā', description: '<p>heatahtlikkus</p>', published: true })
    ).json()
    expect(
      (await ctx.app.inject({ url: `/api/content/${page.json().id}`, headers: { cookie } })).json().updatedBy,
    ).toBe(ADMIN_NAME)

    const ids: Record<string, number | string> = {
      '/api/images/:id': image.id,
      '/api/books/:id': book.id,
      '/api/books/:id/cover': book.id,
      '/api/books/:id/epub': book.id,
      '/api/chapters/:id': chapter.id,
      '/api/chapters/:id/content': chapter.id,
      '/api/chapters/:id/epub': chapter.id,
      '/api/chapters/list/:bookId': book.id,
      '/api/content/:id': page.json().id,
      '/api/content/:id/chunks': page.json().id,
      '/api/content/:id/epub': page.json().id,
      '/api/content/:id/docx': page.json().id,
      '/api/content/:id/find': page.json().id,
      '/api/content/:id/locate': page.json().id,
      '/api/content/:id/summary': page.json().id,
      '/api/content/:id/toc': page.json().id,
      '/api/terms/:id': term.id,
      '/api/terms/:id/usage': term.id,
      '/api/terms/by-letter/:letter': 'm',
    }
    const queries: Record<string, string> = {
      '/api/images/:id': `?v=${image.version}`,
      '/api/content': `?chapterId=${chapter.id}`,
      '/api/content/:id/find': '?q=tekst',
      '/api/content/:id/locate': '?anchor=pealkiri',
      '/api/search': '?q=tekst&includeLexicon=true',
      '/api/terms/lookup': '?word=mettāya',
    }
    const publicGets = ctx.app.routeAccess.filter(
      (r) => r.access === 'public' && r.method === 'GET' && r.url.startsWith('/api/'),
    )
    for (const route of publicGets) {
      const id = ids[route.url]
      const url = route.url.replace(/:[A-Za-z]+/, String(id ?? '')) + (queries[route.url] ?? '')
      const answer = await ctx.app.inject({ url })
      // GET /api/user tells a visitor 401 (nobody is logged in, product spec §6); its body is checked too.
      expect(answer.statusCode, url).toBeLessThan(url === '/api/user' ? 402 : 400)
      // An EPUB or a Word file is a zip: its files are read, not its compressed bytes.
      const texts = /\/(epub|docx)$/.test(url)
        ? Object.values(unzipSync(answer.rawPayload)).map((file) => strFromU8(file))
        : [answer.body]
      for (const text of texts) expect(text, url).not.toContain(ADMIN_NAME)
    }
  })
})

describe('objects that belong to drafts are not there for visitors', () => {
  it('answers 404 for a draft page, an unpublished term and a picture only a draft shows; no list names them', async () => {
    const cookie = await loginAs(ctx, ADMIN_NAME)
    const post = async (url: string, payload: object) => {
      const answer = await ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } })
      expect(answer.statusCode, answer.body).toBe(201)
      return answer.json()
    }
    const book = await post('/api/books', { title: 'Avalik raamat', order: 1 })
    const chapter = await post('/api/chapters', { bookId: book.id, title: 'Avalik peatükk', order: 1 })
    const picture = await uploadPicture(cookie, '#123456')
    const published = await post('/api/content', {
      chapterId: chapter.id,
      title: 'Avalik leht',
      content: '<h2>Avalik</h2><p>Avalik tekst</p>',
      published: true,
    })
    const draft = await post('/api/content', {
      chapterId: chapter.id,
      title: 'Mustandileht',
      content: `<h2 id="peidus">Peidus</h2><p>Salajanesõna <img src="${picture.url}" alt="peidetud pilt"></p>`,
      published: false,
    })
    const term = await post('/api/terms', {
      term: 'peidetudtermin',
      description: '<p>Salajanesõna</p>',
      published: false,
    })
    const publishedTerm = await post('/api/terms', { term: 'avaliktermin', description: '<p>x</p>', published: true })

    // Every public route that names one object either reaches an object that can be a draft, or
    // names objects that have none (books and chapters: the spec gives them no published state).
    // A new public route must be put in one of the two on purpose.
    const ofDrafts: Record<string, string> = {
      '/api/content/:id': `/api/content/${draft.id}`,
      '/api/content/:id/chunks': `/api/content/${draft.id}/chunks?chunk=0&size=600`,
      '/api/content/:id/epub': `/api/content/${draft.id}/epub`,
      '/api/content/:id/docx': `/api/content/${draft.id}/docx`,
      '/api/content/:id/find': `/api/content/${draft.id}/find?q=salajanesõna`,
      '/api/content/:id/locate': `/api/content/${draft.id}/locate?anchor=peidus`,
      '/api/content/:id/summary': `/api/content/${draft.id}/summary`,
      '/api/content/:id/toc': `/api/content/${draft.id}/toc`,
      '/api/terms/:id': `/api/terms/${term.id}`,
      '/api/terms/:id/usage': `/api/terms/${term.id}/usage`,
      '/api/images/:id': picture.url,
    }
    const withoutDrafts = [
      '/api/books/:id',
      '/api/books/:id/cover',
      '/api/books/:id/epub',
      '/api/chapters/:id',
      '/api/chapters/:id/content',
      '/api/chapters/:id/epub',
      '/api/chapters/list/:bookId',
      '/api/terms/by-letter/:letter',
    ]
    const publicGets = ctx.app.routeAccess.filter(
      (r) => r.access === 'public' && r.method === 'GET' && r.url.startsWith('/api/'),
    )
    const naming = publicGets.filter((r) => r.url.includes(':')).map((r) => r.url)
    expect(naming.filter((url) => !(url in ofDrafts) && !withoutDrafts.includes(url))).toEqual([])

    for (const url of Object.values(ofDrafts)) {
      const answer = await ctx.app.inject({ url })
      expect(answer.statusCode, `visitor ${url}`).toBe(404)
      expect(answer.headers.etag, url).toBeUndefined()
      expect(answer.body, url).not.toMatch(/Mustandileht|Salajanesõna|peidetudtermin/i)
      // The administrator is given each of them: the 404 is about who asks, not a broken address.
      const own = await ctx.app.inject({ url, headers: { cookie } })
      expect(own.statusCode, `administrator ${url}`).toBeLessThan(400)
    }

    // No public answer about the published objects around them names a draft's objects either.
    const ids: Record<string, string> = { ':bookId': String(book.id), ':letter': 'p' }
    const objectOf: Record<string, number> = {
      '/api/books/': book.id,
      '/api/chapters/': chapter.id,
      '/api/content/': published.id,
      '/api/terms/': publishedTerm.id,
    }
    const queries: Record<string, string> = {
      '/api/content': `?chapterId=${chapter.id}`,
      '/api/content/:id/chunks': '?chunk=0&size=600',
      '/api/content/:id/find': '?q=avalik',
      '/api/content/:id/locate': '?anchor=avalik',
      '/api/search': '?q=salajanesõna&includeLexicon=true',
      '/api/terms': '?search=peidetud',
      // pēidetudtermin: read as the draft term without diacritics, and not echoing its name.
      '/api/terms/lookup': '?word=p%C4%93idetudtermin',
    }
    for (const route of publicGets) {
      if (route.url === '/api/images/:id') continue
      const prefix = Object.keys(objectOf).find((p) => route.url.startsWith(p))
      const path = route.url.replace(/:[A-Za-z]+/, (name) =>
        name === ':id' ? String(prefix ? objectOf[prefix] : '') : ids[name]!,
      )
      const url = path + (queries[route.url] ?? '')
      const answer = await ctx.app.inject({ url })
      if (route.url !== '/api/user' && route.url !== '/api/books/:id/cover') {
        expect(answer.statusCode, url).toBeLessThan(400)
      }
      const texts = /\/(epub|docx)$/.test(url)
        ? Object.values(unzipSync(answer.rawPayload)).map((file) => strFromU8(file))
        : [answer.body]
      for (const text of texts) {
        expect(text, url).not.toMatch(/Mustandileht|Salajanesõna|peidetudtermin/i)
        expect(text, url).not.toContain(picture.version)
      }
    }
  })
})
