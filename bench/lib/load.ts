// Load at N connections with autocannon (run in the bench process, apart from the server's process).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { repoRoot } from './server.ts'

export interface LoadResult {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

export async function load(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** Starts baseline (a) serving these bytes; returns its URL and a stop function. */
export async function startStaticServer(body: Buffer, contentType: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-')), 'body')
  fs.writeFileSync(file, body)
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/static-server.ts', file, contentType], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
    child.once('exit', (code) => reject(new Error(`static server exited ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      fs.rmSync(path.dirname(file), { recursive: true, force: true })
    },
  }
}
