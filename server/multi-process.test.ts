// Two server processes on one PostgreSQL database: a session made on one works on the other, and an
// edit made on one is what the other serves next.
import { spawn } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../test-support/free-port.ts'
import { adminUrl, databaseUrl, randomName } from './test/postgres-admin.ts'

const root = path.resolve(import.meta.dirname, '..')
const name = randomName('enc_multi')
const ports = [await freePort(), await freePort()] as const
const servers: ReturnType<typeof spawn>[] = []
let errors = ''

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(name),
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'multi',
      ADMIN_PASSWORD: 'multi password',
      SESSION_SECRET: 'multi-process-secret-multi-process-secret',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr?.on('data', (d) => (errors += d))
  servers.push(child)
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`server on ${port} did not start: ${errors}`)
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  // Both start at once: migrations run under an advisory lock, so they must not trip over each other.
  ports.forEach(startServer)
  await Promise.all(ports.map(waitForHealth))
}, 120_000)

afterAll(async () => {
  for (const child of servers) child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
})

describe('two server processes on one PostgreSQL', { timeout: 120_000 }, () => {
  it('share sessions and serve each other’s edits at once', async () => {
    const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`)
    const login = await fetch(`${a}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'multi', password: 'multi password' }),
    })
    expect(login.status).toBe(200)
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const json = { 'content-type': 'application/json', cookie }

    // the session made on A works on B
    expect(await (await fetch(`${b}/api/user`, { headers: { cookie } })).json()).toMatchObject({ username: 'multi' })

    const book = (await (
      await fetch(`${b}/api/books`, { method: 'POST', headers: json, body: JSON.stringify({ title: 'Shared' }) })
    ).json()) as { id: number }
    const chapter = (await (
      await fetch(`${a}/api/chapters`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ title: 'C', bookId: book.id }),
      })
    ).json()) as { id: number }
    const page = (await (
      await fetch(`${a}/api/content`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ title: 'P', chapterId: chapter.id, content: '<p>first words</p>', published: true }),
      })
    ).json()) as { id: number }
    const first = (await (await fetch(`${b}/api/content/${page.id}/chunks?chunk=0`)).json()) as { chunk: string }
    expect(first.chunk).toContain('first words')

    // an edit on B is what A serves next (no stale chunk)
    const edited = await fetch(`${b}/api/content/${page.id}`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ title: 'P', chapterId: chapter.id, content: '<p>second words</p>', published: true }),
    })
    expect(edited.status).toBe(200)
    const second = (await (await fetch(`${a}/api/content/${page.id}/chunks?chunk=0`)).json()) as { chunk: string }
    expect(second.chunk).toContain('second words')

    // logging out on B ends the session on A
    await fetch(`${b}/api/logout`, { method: 'POST', headers: { cookie } })
    const after = await fetch(`${a}/api/user`, { headers: { cookie } })
    expect(after.status).toBe(401)
    expect(await after.json()).toHaveProperty('error')
  })
})
