// Chunk throughput as an outside client sees it (issue 14): wrk on one core, the server pinned to the
// other, chunk 5 of the 9 MB page with Accept-Encoding: gzip, against the same bytes from a bare
// node:http server and from nginx as a static file, each pinned to the server's core in turn.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Client } from './lib/http.ts'
import { startNginx } from './lib/nginx.ts'
import { notMeasured, type Figure } from './lib/results.ts'
import { repoRoot, type RunningServer } from './lib/server.ts'
import { allCpus, ensureTool, pinProcess } from './lib/tools.ts'
import { wrk, type WrkResult } from './lib/wrk.ts'
import type { ImportedLibrary } from './import.ts'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const HEADERS = { 'accept-encoding': 'gzip' }
/** Headers not copied into the baselines: per connection, per answer, or set by the server itself. */
const HOP = new Set(['connection', 'keep-alive', 'content-length', 'transfer-encoding', 'date', 'set-cookie'])

const cpus = os.cpus().length
/** Server (and its baselines) on CPU 0, wrk on CPU 1; on one CPU nothing can be kept apart. */
const SERVER_CPU = '0'
const CLIENT_CPU = cpus > 1 ? '1' : '0'

/** Baseline (a): the product's answer (body and headers) from a bare node:http server on the server's core. */
async function startBytesServer(body: Buffer, headers: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bytes-'))
  fs.writeFileSync(path.join(dir, 'body'), body)
  fs.writeFileSync(path.join(dir, 'headers.json'), JSON.stringify(headers))
  const child = spawn(
    'taskset',
    [
      '-c',
      SERVER_CPU,
      process.execPath,
      '--import',
      'tsx',
      'bench/lib/bytes-server.ts',
      path.join(dir, 'body'),
      path.join(dir, 'headers.json'),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
    child.once('exit', (code) => reject(new Error(`bare node:http server exited ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function measure(url: string): Promise<WrkResult> {
  await wrk(url, { connections: CONNECTIONS, seconds: WARMUP_SECONDS, cpu: CLIENT_CPU, headers: HEADERS })
  return wrk(url, { connections: CONNECTIONS, seconds: SECONDS, cpu: CLIENT_CPU, headers: HEADERS })
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

export async function throughputFigures(
  server: RunningServer,
  library: ImportedLibrary,
  label: string,
): Promise<Figure[]> {
  const name = `chunk throughput (wrk), 9 MB page chunk 5, ${CONNECTIONS} conns [${label}]`
  const target = '≥ 0.5× bare node:http'
  try {
    ensureTool('wrk')
    ensureTool('taskset', 'util-linux')
  } catch (error) {
    return [notMeasured(name, target, (error as Error).message)]
  }
  const chunkPath = `/api/content/${library.largeId}/chunks?chunk=5&size=600`
  const visitor = new Client(server.base)
  let sample
  try {
    sample = await visitor.request('GET', chunkPath, undefined, HEADERS)
  } finally {
    visitor.close()
  }
  if (sample.status !== 200) return [notMeasured(name, target, `GET ${chunkPath} → ${sample.status}`)]
  const headers: Record<string, string> = {}
  for (const [key, value] of Object.entries(sample.headers)) {
    if (!HOP.has(key) && value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value
  }
  const encoding = headers['content-encoding']
  const pinned = pinProcess(server.pid, SERVER_CPU)
  let product: WrkResult
  try {
    product = await measure(server.base + chunkPath)
  } finally {
    if (pinned) pinProcess(server.pid, allCpus(cpus))
  }
  const bare = await startBytesServer(sample.body, headers)
  let baseline: WrkResult
  try {
    baseline = await measure(bare.url)
  } finally {
    await bare.stop()
  }
  const where = `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s --latency on CPU ${CLIENT_CPU}, servers on CPU ${SERVER_CPU}${pinned ? '' : ' (pinning the server refused)'}${label === 'PostgreSQL' ? ' (PostgreSQL itself not pinned)' : ''}`
  const body = `${kb(sample.body.length)} ${encoding ?? 'identity'} per answer (Accept-Encoding: gzip sent to all three)`
  const failures = product.failures
  const figures: Figure[] = [
    {
      figure: name,
      value: product.rps,
      unit: 'req/s',
      baseline: baseline.rps,
      ratio: product.rps / baseline.rps,
      target,
      pass: product.rps / baseline.rps >= 0.5 && failures === 0,
      note: `${where}; baseline: bare node:http with the product's body and headers; ${body}${failures ? `; ${failures} failed requests` : ''}`,
    },
    {
      figure: `chunk throughput p99 (wrk) [${label}]`,
      value: product.p99,
      unit: 'ms',
      baseline: baseline.p99,
      ratio: product.p99 / baseline.p99,
      target: 'reported',
      pass: null,
      note: `p50 ${product.p50.toFixed(2)} ms vs ${baseline.p50.toFixed(2)} ms bare`,
    },
  ]
  let nginx
  try {
    nginx = await startNginx(
      { body: sample.body, contentType: headers['content-type'] ?? 'application/octet-stream', encoding },
      SERVER_CPU,
    )
  } catch (error) {
    figures.push(notMeasured(`chunk throughput vs nginx static file [${label}]`, 'reported', (error as Error).message))
    return figures
  }
  try {
    const result = await measure(nginx.url)
    figures.push({
      figure: `chunk throughput vs nginx static file [${label}]`,
      value: product.rps,
      unit: 'req/s',
      baseline: result.rps,
      ratio: product.rps / result.rps,
      target: 'reported',
      pass: null,
      note: `nginx: one worker, sendfile, keep-alive; ${
        encoding === 'gzip'
          ? 'the same gzip bytes as chunk.gz sent by gzip_static (compressed once, like the product should)'
          : 'the same identity bytes, gzip off (the product sent them uncompressed)'
      }; ${kb(result.bytesPerRequest)} read per request vs ${kb(product.bytesPerRequest)} from the product; p99 ${result.p99.toFixed(2)} ms${result.failures ? `; ${result.failures} failed` : ''}`,
    })
  } finally {
    await nginx.stop()
  }
  return figures
}
