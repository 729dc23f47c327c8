// The server as a container runs it: the first process of its own PID namespace (process 1, as
// `docker run` starts it), on the embedded database. Process 1 gets no default signal actions, pids
// repeat across restarts, and nothing reaps what the server does not.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../test-support/free-port.ts'

const root = path.resolve(import.meta.dirname, '..')
const PORT = await freePort()
const BASE = `http://127.0.0.1:${PORT}`
const ADMIN = { username: 'keeper', password: 'keeper password' }
const dirs: string[] = []
const started: ChildProcess[] = []
afterAll(() => {
  started.forEach((child) => child.kill('SIGKILL')) // --kill-child takes the namespace with it
  dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }))
})

// unshare --pid needs CAP_SYS_ADMIN (root here); without it there is nothing to test.
const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { encoding: 'utf8' })
const unshareMissing =
  probe.error || probe.status !== 0 ? `unshare --pid unavailable: ${probe.error?.message ?? probe.stderr.trim()}` : ''
if (unshareMissing) console.warn(`SKIPPED container tests: ${unshareMissing}`)

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-pid1-'))
  dirs.push(dir)
  return dir
}

/** Starts `node --import tsx server/main.ts` as process 1 of a new PID namespace. */
async function startAsPid1(dataDir: string) {
  const child = spawn(
    'unshare',
    // --kill-child: should this test lose unshare, the namespace goes with it.
    ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, '--import', 'tsx', 'server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  started.push(child)
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  // The namespace's process 1 is unshare's only child; seen from here it has an ordinary pid.
  let init = 0
  for (let i = 0; i < 200 && !init; i++) {
    const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim()
    init = Number(children.split(' ')[0] ?? 0)
    if (!init) await new Promise((r) => setTimeout(r, 25))
  }
  if (!init) throw new Error('no process in the new namespace')
  return { child, init, exited, output: () => output }
}

async function waitForHealth(server: Awaited<ReturnType<typeof startAsPid1>>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`)
    try {
      if ((await fetch(`${BASE}/api/health`)).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not become healthy: ${server.output()}`)
}

async function login() {
  const response = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  expect(response.status).toBe(200)
  return response.headers.getSetCookie()[0]!.split(';')[0]!
}

async function bookTitles() {
  const books = (await (await fetch(`${BASE}/api/books`)).json()) as { title: string }[]
  return books.map((b) => b.title)
}

/** Every process whose parent is the namespace's process 1 (all its threads' children): command and state. */
function childrenOf(pid: number) {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' '))
    .filter(Boolean)
    .map((child) => ({
      command: fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
      state: fs.readFileSync(`/proc/${child}/stat`, 'utf8').replace(/^.*\) /s, '')[0],
    }))
}

describe.skipIf(Boolean(unshareMissing))('the server as process 1 of a PID namespace', { timeout: 180_000 }, () => {
  it('is process 1, leaves no zombie of its own, warns about adopted orphans, stops on SIGTERM with exit 0', async () => {
    const dataDir = tempDir()
    const server = await startAsPid1(dataDir)
    try {
      await waitForHealth(server)
      // node itself is process 1 (tsx is a loader in the same process, not a child).
      const status = fs.readFileSync(`/proc/${server.init}/status`, 'utf8')
      expect(status).toMatch(/^NSpid:\s+\d+\s+1$/m)
      expect(fs.readFileSync(`/proc/${server.init}/cmdline`, 'utf8').split('\0')).toContain('server/main.ts')
      // It cannot reap orphans it adopts, and says what to do about it.
      expect(server.output()).toContain('running as process 1: orphaned processes are not reaped')

      const cookie = await login()
      const created = await fetch(`${BASE}/api/books`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title: 'Kept through SIGTERM' }),
      })
      expect(created.status).toBe(201)
      // The server's own work runs in threads. Its only child processes are tsx's compiler
      // (esbuild --service, while a file is compiled for the first time), which node waits for
      // itself; so nothing the server starts can leave a zombie behind.
      for (const child of childrenOf(server.init)) {
        expect(child.command).toMatch(/\/esbuild --service=/)
        expect(child.state).not.toBe('Z')
      }

      // A second server on the same DATA_DIR refuses, and names the owner as the namespace sees it.
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()) },
        encoding: 'utf8',
      })
      expect(second.status).toBe(1)
      expect(second.stderr).toContain(`in use by process 1 on host ${os.hostname()}`)

      // SIGTERM from outside the namespace reaches process 1 only because the server handles it.
      process.kill(server.init, 'SIGTERM')
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null })
    } finally {
      server.child.kill('SIGKILL')
    }
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false)

    const again = await startAsPid1(dataDir)
    try {
      await waitForHealth(again)
      expect(await bookTitles()).toContain('Kept through SIGTERM')
    } finally {
      process.kill(again.init, 'SIGTERM')
      expect((await again.exited).code).toBe(0)
    }
  })

  it('stops with exit 0 on a SIGTERM that comes while the database is still opening', async () => {
    const dataDir = tempDir()
    const server = await startAsPid1(dataDir)
    try {
      // The lock exists from the moment the database starts opening; a new one takes seconds.
      const lock = path.join(dataDir, 'server.lock')
      for (let i = 0; i < 600 && !fs.existsSync(lock); i++) await new Promise((r) => setTimeout(r, 10))
      expect(fs.existsSync(lock)).toBe(true)
      expect(fs.existsSync(path.join(dataDir, 'pglite.ready'))).toBe(false)
      process.kill(server.init, 'SIGTERM')
      const deadline = setTimeout(() => server.child.kill('SIGKILL'), 30_000)
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null })
      clearTimeout(deadline)
    } finally {
      server.child.kill('SIGKILL')
    }
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
  })

  it('starts again after its namespace is SIGKILLed, with the acknowledged write', async () => {
    const dataDir = tempDir()
    const first = await startAsPid1(dataDir)
    try {
      await waitForHealth(first)
      const cookie = await login()
      const created = await fetch(`${BASE}/api/books`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title: 'Kept through SIGKILL' }),
      })
      expect(created.status).toBe(201)
      // Killing process 1 kills the whole namespace, as `docker kill` does.
      process.kill(first.init, 'SIGKILL')
      await first.exited
    } finally {
      first.child.kill('SIGKILL')
    }
    // The dead server's socket is left behind, and the next one is process 1 too.
    expect(fs.statSync(path.join(dataDir, 'server.lock')).isSocket()).toBe(true)

    const again = await startAsPid1(dataDir)
    try {
      await waitForHealth(again)
      expect(await bookTitles()).toContain('Kept through SIGKILL')
    } finally {
      process.kill(again.init, 'SIGTERM')
      expect((await again.exited).code).toBe(0)
    }
  })
})
