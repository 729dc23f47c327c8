// Starts the real server (server/main.ts) as a child process on a free port, so load is real and
// its memory can be read from /proc; and the databases it runs on (embedded, or a fresh PostgreSQL
// database created and dropped here).
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { Client } from './http.ts'
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../test-support/server-process.ts'
import { freePort } from '../../test-support/free-port.ts'
import { track } from './children.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../..')
export const ADMIN = { username: 'bench', password: 'bench-password-1' }

export interface RunningServer {
  kind: 'embedded' | 'postgres'
  base: string
  pid: number
  dataDir: string
  databaseUrl: string | undefined
  child: ChildProcess
  admin: Client
  /** The last few KB the server wrote (its log at level warn, on stdout, and stderr). */
  logTail(): string
  stop(): Promise<void>
}

export async function startServer(
  kind: RunningServer['kind'],
  databaseUrl?: string,
  options: { port?: number; env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort())
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'))
  // As `npm start` runs it; BENCH_SERVER_NODE_ARGS adds flags for the server's node (e.g. --cpu-prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_ARGS], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  track(child)
  let output = ''
  const keep = (part: Buffer) => {
    output = (output + part.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const base = `http://127.0.0.1:${port}`
  const admin = new Client(base)
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`)
    try {
      const answer = await admin.request('GET', '/api/health')
      if (answer.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL') // not left running behind a drill that gives up
      throw new Error(`server did not start in ${startTimeoutMs / 1000} s: ${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  await admin.post('/api/login', ADMIN)
  const stop = async () => {
    admin.close()
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }
  return { kind, base, pid: child.pid!, dataDir, databaseUrl, child, admin, logTail: () => output, stop }
}

const ADMIN_URL = process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A fresh PostgreSQL database (DATABASE_URL's server, else the local one), or null when none answers. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.DATABASE_URL || ADMIN_URL
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
  } catch {
    return null
  }
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}
