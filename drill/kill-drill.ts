// The kill -9 drill: start the server, begin saving a new version of a page through chunked upload,
// kill the process at a random moment, start it again and check that the page is whole — either
// the old version or the new one, never a mixture — and that the save can be retried. Runs on the
// embedded database and, when reachable, on PostgreSQL. Prints its figures; exits 1 on any failure.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { UPLOAD_CHUNK_CHARS } from '#shared/limits.ts'
import { SERVER_ENV, SERVER_NODE_ARGS } from '../test-support/server-process.ts'
import { DRILL_ADMIN, loginCookie } from './login.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const ITERATIONS = Number(process.env.DRILL_ITERATIONS ?? 50)
const PORT = Number(process.env.DRILL_PORT ?? 3380)
const BASE = `http://127.0.0.1:${PORT}`
const ADMIN = DRILL_ADMIN

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      ...env,
      PORT: String(PORT),
      LOG_LEVEL: 'error',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function waitForHealth(child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${BASE}/api/health`)).status === 200) return
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not become healthy')
}

const killHard = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

async function api(cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text.slice(0, 200)}`)
  return text ? JSON.parse(text) : null
}

const login = () => loginCookie(BASE)

/** A page of ~300 KB whose every paragraph names its version, so a mixture would show. */
const pageHtml = (version: string) =>
  Array.from({ length: 1500 }, (_, i) => `<p>Paragraph ${i} of version ${version}: ${'lorem '.repeat(30)}</p>`).join(
    '\n',
  )

async function upload(cookie: string, pageId: number, chapterId: number, html: string) {
  const chunks: string[] = []
  for (let i = 0; i < html.length; i += UPLOAD_CHUNK_CHARS) chunks.push(html.slice(i, i + UPLOAD_CHUNK_CHARS))
  for (const [chunkIndex, chunk] of chunks.entries()) {
    await api(cookie, 'POST', '/api/content/chunk', {
      chunk,
      chunkIndex,
      totalChunks: chunks.length,
      contentId: pageId,
    })
  }
  return api(cookie, 'POST', '/api/content/finalize', {
    contentId: pageId,
    totalChunks: chunks.length,
    metadata: { title: 'Drill page', chapterId, order: 0, published: true, overwrite: true },
  })
}

/** The page as a reader gets it: one version throughout, the version the page says it has. */
async function checkWhole(pageId: number, expectedTags: Set<string>) {
  const meta = (await (await fetch(`${BASE}/api/content/${pageId}`)).json()) as { version: number }
  const parts: string[] = []
  for (let n = 0, total = 1; n < total; n++) {
    const chunk = (await (await fetch(`${BASE}/api/content/${pageId}/chunks?chunk=${n}&size=600`)).json()) as {
      chunk: string
      totalChunks: number
    }
    total = chunk.totalChunks
    parts.push(chunk.chunk)
  }
  const body = parts.join('\n')
  const tags = new Set([...body.matchAll(/of version (v\d+)/g)].map((m) => m[1]))
  const count = (body.match(/<p /g) ?? []).length
  if (tags.size !== 1) throw new Error(`page ${pageId} mixes versions: ${[...tags].join(', ')}`)
  const [tag] = tags
  if (!expectedTags.has(tag!))
    throw new Error(`page ${pageId} shows ${tag}, expected one of ${[...expectedTags].join(', ')}`)
  if (count !== 1500) throw new Error(`page ${pageId} has ${count} paragraphs, not 1500`)
  return { tag: tag!, version: meta.version as number }
}

async function drill(kind: string, env: Record<string, string>, maxDelayMs: number) {
  let child = startServer(env)
  await waitForHealth(child)
  let cookie = await login()
  const book = await api(cookie, 'POST', '/api/books', { title: 'Drill book' })
  const chapter = await api(cookie, 'POST', '/api/chapters', { title: 'Drill chapter', bookId: book.id })
  const page = await api(cookie, 'POST', '/api/content', {
    title: 'Drill page',
    chapterId: chapter.id,
    content: pageHtml('v0'),
    published: true,
  })
  let current = 'v0'
  let killedDuringSave = 0
  let newVersionSurvived = 0
  const started = Date.now()
  for (let i = 1; i <= ITERATIONS; i++) {
    const next = `v${i}`
    const delay = Math.floor(Math.random() * maxDelayMs)
    const attempt = upload(cookie, page.id, chapter.id, pageHtml(next)).then(
      () => 'saved',
      () => 'interrupted',
    )
    await new Promise((r) => setTimeout(r, delay))
    await killHard(child)
    if ((await attempt) === 'interrupted') killedDuringSave++
    child = startServer(env)
    await waitForHealth(child)
    cookie = await login()
    const seen = await checkWhole(page.id, new Set([current, next]))
    if (seen.tag === next) newVersionSurvived++
    // The interrupted save can be retried and completes.
    await upload(cookie, page.id, chapter.id, pageHtml(next))
    current = (await checkWhole(page.id, new Set([next]))).tag
  }
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  console.log(
    `kill -9 drill (${kind}): ${ITERATIONS} kills at random points (${killedDuringSave} during a save, ${newVersionSurvived} after the new version was committed); every restart showed one whole version; every retry completed; ${seconds} s`,
  )
}

async function postgresUrl() {
  const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
  } catch {
    return undefined
  }
  const name = `enc_drill_${process.pid}`
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-drill-'))
  try {
    await drill('embedded', { DATA_DIR: dataDir }, 1500)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const postgres = await postgresUrl()
  if (!postgres) {
    console.log('kill -9 drill (PostgreSQL): skipped, no server at 127.0.0.1:5432')
    return
  }
  try {
    await drill('PostgreSQL', { DATABASE_URL: postgres.url }, 500)
  } finally {
    await postgres.drop()
  }
}

main().catch((error: unknown) => {
  console.error('kill -9 drill FAILED:', error instanceof Error ? error.message : error)
  process.exit(1)
})
