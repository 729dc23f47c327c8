// A bare node:http server in a process of its own, serving fixed bytes: the baseline of the browser figures.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { repoRoot } from './server.ts'
import { track } from './children.ts'

/** Starts a server answering every request with these bytes; returns its URL and a stop function. */
export async function startStaticServer(body: Buffer, contentType: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-')), 'body')
  fs.writeFileSync(file, body)
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/static-server.ts', file, contentType], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  track(child)
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
