// Baseline (b): nginx (Debian's package) serving the same bytes as a static file, from a temporary
// prefix (its own nginx.conf, pid, logs and temp paths), in the foreground, one worker, on a free port.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { freePort } from '../../test-support/free-port.ts'
import { ensureTool } from './tools.ts'
import { track } from './children.ts'

export interface StaticBytes {
  /** The answer's body as the product sent it (gzip when `encoding` is gzip). */
  body: Buffer
  contentType: string
  encoding: string | undefined
}

/**
 * Starts nginx on `cpu` serving `bytes` at /chunk. When the product's answer was gzip, the same
 * compressed bytes are on disk as chunk.gz and sent by gzip_static (no compression per request, as the
 * product should do); otherwise the identity bytes with gzip off.
 */
export async function startNginx(bytes: StaticBytes, cpu?: string) {
  const binary = ensureTool('nginx')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'))
  fs.chmodSync(dir, 0o755)
  const root = path.join(dir, 'www')
  fs.mkdirSync(root, { mode: 0o755 })
  const gzip = bytes.encoding === 'gzip'
  fs.writeFileSync(path.join(root, 'chunk'), gzip ? zlib.gunzipSync(bytes.body) : bytes.body, { mode: 0o644 })
  if (gzip) fs.writeFileSync(path.join(root, 'chunk.gz'), bytes.body, { mode: 0o644 })
  const port = await freePort()
  const conf = path.join(dir, 'nginx.conf')
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000000;
  keepalive_timeout 75s;
  types { }
  default_type "${bytes.contentType.replace(/"/g, '')}";
  gzip off;
  gzip_static ${gzip ? 'on' : 'off'};
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { }
  }
}
`,
  )
  const args = ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')]
  const child = cpu
    ? spawn('taskset', ['-c', cpu, binary, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  track(child)
  let stderr = ''
  child.stderr!.on('data', (part: Buffer) => (stderr += part.toString()))
  const url = `http://127.0.0.1:${port}/chunk`
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${stderr.slice(0, 200)}`)
    try {
      const answer = await fetch(url, { headers: { 'accept-encoding': 'gzip' } })
      await answer.arrayBuffer()
      if (answer.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s: ${stderr.slice(0, 200)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGQUIT') // nginx: graceful stop (taskset execs nginx, so this is the master)
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
