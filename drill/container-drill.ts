// The container drill: the server runs as process 1 of a fresh PID namespace (as `docker run`
// starts it) on one DATA_DIR; each cycle writes through the API, SIGKILLs the whole namespace (as
// `docker kill` does) and starts again. Every start must be healthy — the restarted server is
// process 1 again, like the dead one, which a pid lock file took for alive — and every write that
// was acknowledged must still be there. Prints its figures; exits 1 on any failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { DRILL_ADMIN, loginCookie } from './login.ts'
import { SERVER_ENV, SERVER_NODE_ARGS } from '../test-support/server-process.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const CYCLES = Number(process.env.DRILL_CYCLES ?? 10)
const PORT = Number(process.env.DRILL_PORT ?? 3390)
const TIME_LIMIT_MS = Number(process.env.DRILL_TIME_LIMIT_S ?? 600) * 1000
const BASE = `http://127.0.0.1:${PORT}`
const ADMIN = DRILL_ADMIN

interface Namespace {
  unshare: ChildProcess
  /** The namespace's process 1 (the server), by its pid outside the namespace. */
  init: number
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

async function startAsPid1(dataDir: string): Promise<Namespace> {
  // --kill-child: if this drill dies, the namespace goes with it.
  const unshare = spawn(
    'unshare',
    ['--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, ...SERVER_NODE_ARGS],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...SERVER_ENV,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        LOG_LEVEL: 'error',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  // The server's errors pass through; unshare's own complaint after a killed child is noise.
  readline.createInterface({ input: unshare.stderr! }).on('line', (line) => {
    if (!line.startsWith('unshare: sigprocmask unblock failed')) process.stderr.write(`${line}\n`)
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    unshare.on('exit', (code, signal) => resolve({ code, signal })),
  )
  for (let i = 0; i < 400; i++) {
    const children = fs.readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, 'utf8').trim()
    if (children) return { unshare, init: Number(children.split(' ')[0]), exited }
    if (unshare.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 25))
  }
  unshare.kill('SIGKILL')
  throw new Error('unshare started no process')
}

async function waitForHealth(ns: Namespace, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (ns.unshare.exitCode !== null) throw new Error(`server exited with ${ns.unshare.exitCode} instead of starting`)
    try {
      if ((await fetch(`${BASE}/api/health`)).status === 200) return
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server not healthy within ${timeoutMs / 1000} s`)
}

/** SIGKILL to process 1 ends every process of the namespace. */
async function killNamespace(ns: Namespace) {
  try {
    process.kill(ns.init, 'SIGKILL')
  } catch {
    // already gone
  }
  await ns.exited
}

const login = () => loginCookie(BASE)

const createBook = (cookie: string, title: string) =>
  fetch(`${BASE}/api/books`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  })

async function bookTitles() {
  const response = await fetch(`${BASE}/api/books`)
  if (response.status !== 200) throw new Error(`GET /api/books → ${response.status}`)
  return new Set(((await response.json()) as { title: string }[]).map((b) => b.title))
}

async function drill(dataDir: string) {
  const started = Date.now()
  const acknowledged: string[] = []
  let healthy = 0
  let present = 0
  let inFlightKept = 0
  let stopped: Awaited<Namespace['exited']> = { code: null, signal: null }
  let ns = await startAsPid1(dataDir)
  await waitForHealth(ns)
  try {
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      if (Date.now() - started > TIME_LIMIT_MS) throw new Error(`time limit reached after ${cycle - 1} cycles`)
      const cookie = await login()
      const title = `Written in cycle ${cycle}`
      const response = await createBook(cookie, title)
      if (response.status !== 201) throw new Error(`cycle ${cycle}: POST /api/books → ${response.status}`)
      acknowledged.push(title)
      // One more write in flight when the namespace dies: it may or may not have committed, and must
      // not keep the next start from being healthy.
      const inFlight = createBook(cookie, `In flight in cycle ${cycle}`).catch(() => undefined)
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 50)))
      await killNamespace(ns)
      await inFlight

      ns = await startAsPid1(dataDir)
      await waitForHealth(ns)
      healthy++
      const titles = await bookTitles()
      const missing = acknowledged.filter((t) => !titles.has(t))
      if (missing.length) throw new Error(`cycle ${cycle}: acknowledged writes lost: ${missing.join(', ')}`)
      if (titles.has(`In flight in cycle ${cycle}`)) inFlightKept++
    }
    const titles = await bookTitles()
    present = acknowledged.filter((t) => titles.has(t)).length
  } finally {
    // The last start stops the way docker stop asks: SIGTERM to process 1.
    try {
      process.kill(ns.init, 'SIGTERM')
    } catch {
      // already gone
    }
    const timer = setTimeout(() => ns.unshare.kill('SIGKILL'), 30_000)
    stopped = await ns.exited
    clearTimeout(timer)
  }
  if (stopped.code !== 0) throw new Error(`SIGTERM to process 1 ended it with ${JSON.stringify(stopped)}`)
  if (fs.existsSync(path.join(dataDir, 'server.lock'))) throw new Error('SIGTERM left the lock behind')
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  console.log(
    `container drill: ${healthy}/${CYCLES} restarts as process 1 after SIGKILL healthy, ${present}/${acknowledged.length} acknowledged writes present (${inFlightKept} writes in flight at the kill also kept); SIGTERM stopped it with exit 0; ${seconds} s`,
  )
  if (healthy !== CYCLES || present !== CYCLES) throw new Error('not every restart was healthy with every write')
}

async function main() {
  const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) {
    console.log(
      `container drill: skipped, unshare --pid unavailable (${probe.error?.message ?? probe.stderr.trim()}; it needs root or CAP_SYS_ADMIN)`,
    )
    return
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-container-drill-'))
  try {
    await drill(dataDir)
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error('container drill FAILED:', error instanceof Error ? error.message : error)
  process.exit(1)
})
