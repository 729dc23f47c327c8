// The server as an operator runs it: real processes on a temporary DATA_DIR (embedded database).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../test-support/free-port.ts'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-start-'))
const PORT = await freePort()
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

async function waitForHealth(timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/health`)
      if (response.status === 200) return response
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('server did not become healthy')
}

function userCreate(name: string, password: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/user-create.ts', name], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    input: `${password}\n`,
    encoding: 'utf8',
  })
}

const login = (username: string, password: string) =>
  fetch(`http://127.0.0.1:${PORT}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })

describe('start-up', { timeout: 120_000 }, () => {
  it('refuses a bad variable with one line naming it', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty' },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toMatch(/^Invalid configuration: PORT /)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('user:create creates an administrator from standard input, and resets the password', () => {
    const created = userCreate('operator', 'first password')
    expect(created.status, created.stderr).toBe(0)
    expect(created.stdout).toContain('Created administrator operator')
    const reset = userCreate('operator', 'second password')
    expect(reset.status, reset.stderr).toBe(0)
    expect(reset.stdout).toContain('Reset the password of operator')
  })

  it('serves health, bootstraps the admin, refuses a second process, and keeps data across restarts', async () => {
    const first = startServer({ ADMIN_USERNAME: 'boot', ADMIN_PASSWORD: 'boot password', LOG_LEVEL: 'info' })
    try {
      const health = await waitForHealth()
      const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
      expect(await health.json()).toEqual({ status: 'ok', version, database: 'ok' })
      // The log's first line names the version.
      expect(JSON.parse(first.output().split('\n')[0]!)).toMatchObject({ msg: `starting version ${version}`, version })
      expect((await login('boot', 'boot password')).status).toBe(200)
      expect((await login('operator', 'second password')).status).toBe(200)

      // a second process on the same DATA_DIR stops with a clear message
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()) },
        encoding: 'utf8',
      })
      expect(second.status).toBe(1)
      // named by the owner itself over the lock socket: pid and host
      expect(second.stderr).toContain(`in use by process ${first.child.pid} on host ${os.hostname()}`)
      // SIGTERM lets a request already in flight finish before the process ends.
      const cookie = (await login('boot', 'boot password')).headers.getSetCookie()[0]!.split(';')[0]!
      const json = { 'content-type': 'application/json', cookie }
      const book = (await (
        await fetch(`http://127.0.0.1:${PORT}/api/books`, { method: 'POST', headers: json, body: '{"title":"B"}' })
      ).json()) as { id: number }
      const chapter = (await (
        await fetch(`http://127.0.0.1:${PORT}/api/chapters`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ title: 'C', bookId: book.id }),
        })
      ).json()) as { id: number }
      const bigPage = Array.from({ length: 5_000 }, (_, i) => `<p>Paragraph ${i}</p>`).join('\n')
      const inFlight = fetch(`http://127.0.0.1:${PORT}/api/content`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ title: 'Saved while stopping', chapterId: chapter.id, content: bigPage }),
      })
      await new Promise((r) => setTimeout(r, 150))
      first.child.kill('SIGTERM')
      expect((await inFlight).status).toBe(201)
    } finally {
      first.child.kill('SIGTERM')
      expect(await first.exited, first.output()).toBe(0)
    }
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false)

    // second start: nothing to migrate, nothing lost; the bootstrap does not change a password
    const again = startServer({ ADMIN_USERNAME: 'boot', ADMIN_PASSWORD: 'another password' })
    try {
      await waitForHealth()
      expect((await login('boot', 'boot password')).status).toBe(200)
    } finally {
      again.child.kill('SIGTERM')
      await again.exited
    }
  })
})
