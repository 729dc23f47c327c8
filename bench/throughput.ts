// Chunk throughput as an outside client sees it (issues 14 and 27): wrk on one core, the server pinned
// to the other, for every encoding a client may ask for (identity: curl, monitors, some proxies; gzip;
// br: browsers), for the reader's first chunk (chunk 0, asked without a build) and a later one (chunk 5
// of the 9 MB page, asked by build). Warm: requests per second, against the same bytes and headers from
// a bare node:http server on the same core (and nginx as a static file), the runs alternated and
// repeated, the median kept. Cold: the time of the first request for a chunk after the page's reader
// build changed (the page saved again), against the first request to a bare node:http server just
// started.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { Client } from './lib/http.ts'
import { startNginx } from './lib/nginx.ts'
import { notMeasured, type Figure } from './lib/results.ts'
import { saveOverApi } from './lib/save.ts'
import { repoRoot, type RunningServer } from './lib/server.ts'
import { allCpus, ensureTool, pinProcess } from './lib/tools.ts'
import { wrk, type WrkResult } from './lib/wrk.ts'
import type { ImportedLibrary } from './import.ts'
import { track } from './lib/children.ts'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? 4)
const WARMUP_SECONDS = 1
/** Each wrk run is repeated this many times (product and baseline alternated); the median is kept. */
const REPEATS = Math.max(2, Number(process.env.BENCH_WRK_REPEATS ?? 3))
const TARGET_RATIO = 0.5
/** Headers not copied into the baselines: per connection, per answer, or set by the server itself. */
const HOP = new Set(['connection', 'keep-alive', 'content-length', 'transfer-encoding', 'date', 'set-cookie'])
/** After a save, readers take turns with the writer for about a second (page-states.ts); then it is quiet. */
const AFTER_WRITE_MS = 1_500

const cpus = os.cpus().length
/** Server (and its baselines) on CPU 0, wrk on CPU 1; on one CPU nothing can be kept apart. */
const SERVER_CPU = '0'
const CLIENT_CPU = cpus > 1 ? '1' : '0'

type Encoding = 'identity' | 'gzip' | 'br'
const ENCODINGS: readonly Encoding[] = ['identity', 'gzip', 'br']
/** What each client sends: none at all for identity (curl, monitors), as browsers do otherwise. */
const ACCEPT: Record<Encoding, Record<string, string>> = {
  identity: {},
  gzip: { 'accept-encoding': 'gzip' },
  br: { 'accept-encoding': 'gzip, deflate, br' },
}

interface Variant {
  encoding: Encoding
  /** The reader's first request (chunk 0, no build) or a later one (chunk 5, by build). */
  first: boolean
}

const VARIANTS: Variant[] = ENCODINGS.flatMap((encoding) => [
  { encoding, first: true },
  { encoding, first: false },
])

const describe = (v: Variant) => (v.first ? `chunk 0 without build, ${v.encoding}` : `chunk 5 by build, ${v.encoding}`)

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
  track(child)
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
    child.once('exit', (code) => reject(new Error(`bare node:http server exited ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    /** taskset execs node: the child's pid is the server's. */
    pid: child.pid!,
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

/** One request on a connection of its own, timed from sending to the last byte. */
function timedRequest(url: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; status: number; bytes: number }>((resolve, reject) => {
    const start = performance.now()
    const req = http.get(url, { headers, agent: false }, (res) => {
      let bytes = 0
      res.on('data', (part: Buffer) => (bytes += part.length))
      res.on('end', () => resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

function wrkRun(url: string, headers: Record<string, string>, seconds: number) {
  return wrk(url, { connections: CONNECTIONS, seconds, cpu: CLIENT_CPU, headers })
}

/** CPU seconds (user + system, every thread) a process has used so far, from /proc; NaN without it. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of stat(5), 12 and 13 after the name; in clock ticks (100/s)
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return NaN
  }
}

/**
 * A wrk run and the CPU time the server spent per answer meanwhile, in microseconds: unlike requests
 * per second this hardly moves when other processes share the core.
 */
async function measuredRun(url: string, pid: number, headers: Record<string, string>) {
  const before = cpuSeconds(pid)
  const result = await wrkRun(url, headers, SECONDS)
  return { ...result, cpuUs: ((cpuSeconds(pid) - before) * 1e6) / result.requests }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const rps = (results: WrkResult[]) => results.map((r) => Math.round(r.rps))
/** The middle value (the mean of the middle two for an even count). */
function middle(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const half = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2
}
const medianOf = <R extends WrkResult>(results: R[], pick: (r: R) => number) => middle(results.map(pick))

interface Sample {
  path: string
  headers: Record<string, string>
  body: Buffer
}

async function sampleAnswer(server: RunningServer, path: string, encoding: Encoding): Promise<Sample> {
  const visitor = new Client(server.base)
  try {
    const answer = await visitor.request('GET', path, undefined, ACCEPT[encoding])
    if (answer.status !== 200) throw new Error(`GET ${path} → ${answer.status}`)
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries(answer.headers)) {
      if (!HOP.has(key) && value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value
    }
    const sent = headers['content-encoding'] ?? 'identity'
    if (sent !== encoding) throw new Error(`GET ${path} asked for ${encoding}, got ${sent}`)
    return { path, headers, body: answer.body }
  } finally {
    visitor.close()
  }
}

/** Product and bare node:http alternated, each REPEATS times after a warm-up. */
async function warmRows(server: RunningServer, sample: Sample, v: Variant, label: string, pinned: boolean) {
  const headers = ACCEPT[v.encoding]
  const productUrl = server.base + sample.path
  const bare = await startBytesServer(sample.body, sample.headers)
  const product: Array<WrkResult & { cpuUs: number }> = []
  const baseline: Array<WrkResult & { cpuUs: number }> = []
  try {
    await wrkRun(productUrl, headers, WARMUP_SECONDS)
    await wrkRun(bare.url, headers, WARMUP_SECONDS)
    for (let i = 0; i < REPEATS; i++) {
      // Alternated, the order swapped each round, so a neighbour's load falls on both alike.
      if (i % 2 === 0) {
        product.push(await measuredRun(productUrl, server.pid, headers))
        baseline.push(await measuredRun(bare.url, bare.pid, headers))
      } else {
        baseline.push(await measuredRun(bare.url, bare.pid, headers))
        product.push(await measuredRun(productUrl, server.pid, headers))
      }
    }
  } finally {
    await bare.stop()
  }
  const value = medianOf(product, (r) => r.rps)
  const base = medianOf(baseline, (r) => r.rps)
  // Each round's product and baseline ran one after the other: their ratio is the least noisy figure.
  const ratios = product.map((r, i) => r.rps / baseline[i]!.rps)
  const ratio = middle(ratios)
  const failures = product.reduce((sum, r) => sum + r.failures, 0)
  const where = `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s on CPU ${CLIENT_CPU}, servers on CPU ${SERVER_CPU}${pinned ? '' : ' (pinning the server refused)'}${label === 'PostgreSQL' ? ' (PostgreSQL itself not pinned)' : ''}`
  const row: Figure = {
    figure: `chunk throughput (wrk), 9 MB page ${describe(v)}, ${CONNECTIONS} conns [${label}]`,
    value,
    unit: 'req/s',
    baseline: base,
    ratio,
    target: `≥ ${TARGET_RATIO}× bare node:http`,
    pass: ratio >= TARGET_RATIO && failures === 0,
    samples: rps(product),
    note: `${where}; ${kb(sample.body.length)} ${v.encoding} per answer; ${REPEATS} runs alternated with the baseline, medians kept: product ${rps(product).join(' / ')}, bare node:http ${rps(baseline).join(' / ')} req/s; ratio: the median of each round's (${ratios.map((r) => r.toFixed(2)).join(' / ')}); p50 ${medianOf(product, (r) => r.p50).toFixed(2)} vs ${medianOf(baseline, (r) => r.p50).toFixed(2)} ms, p99 ${medianOf(product, (r) => r.p99).toFixed(2)} vs ${medianOf(baseline, (r) => r.p99).toFixed(2)} ms; server CPU per answer ${medianOf(product, (r) => r.cpuUs).toFixed(0)} vs ${medianOf(baseline, (r) => r.cpuUs).toFixed(0)} µs (bare / product ${(medianOf(baseline, (r) => r.cpuUs) / medianOf(product, (r) => r.cpuUs)).toFixed(2)})${failures ? `; ${failures} failed requests` : ''}`,
  }
  return { row, product }
}

async function nginxRow(server: RunningServer, sample: Sample, v: Variant, label: string): Promise<Figure> {
  const name = `chunk throughput vs nginx static file, ${describe(v)} [${label}]`
  if (v.encoding === 'br') return notMeasured(name, 'reported', "Debian's nginx has no brotli_static")
  const headers = ACCEPT[v.encoding]
  const nginx = await startNginx(
    {
      body: sample.body,
      contentType: sample.headers['content-type'] ?? 'application/octet-stream',
      encoding: sample.headers['content-encoding'],
    },
    SERVER_CPU,
  )
  const product: WrkResult[] = []
  const baseline: WrkResult[] = []
  try {
    await wrkRun(nginx.url, headers, WARMUP_SECONDS)
    for (let i = 0; i < REPEATS; i++) {
      product.push(await wrkRun(server.base + sample.path, headers, SECONDS))
      baseline.push(await wrkRun(nginx.url, headers, SECONDS))
    }
  } finally {
    await nginx.stop()
  }
  const value = medianOf(product, (r) => r.rps)
  const base = medianOf(baseline, (r) => r.rps)
  return {
    figure: name,
    value,
    unit: 'req/s',
    baseline: base,
    ratio: value / base,
    target: 'reported',
    pass: null,
    samples: rps(product),
    note: `nginx: one worker, sendfile, keep-alive; ${
      v.encoding === 'gzip'
        ? 'the same gzip bytes as chunk.gz sent by gzip_static (compressed once, as the product does)'
        : 'the same identity bytes, gzip off'
    }; ${REPEATS} runs each: product ${rps(product).join(' / ')}, nginx ${rps(baseline).join(' / ')} req/s; nginx p99 ${medianOf(baseline, (r) => r.p99).toFixed(2)} ms`,
  }
}

/**
 * Cold: for each encoding the 9 MB page is saved again (same HTML and metadata: a new reader build,
 * nothing kept for it), then the reader's first request (chunk 0 without build) and a later one
 * (chunk 5 by the new build) are each timed once, against the first request to a bare node:http
 * server started with the same bytes.
 */
async function coldRows(server: RunningServer, library: ImportedLibrary, label: string): Promise<Figure[]> {
  const meta = await server.admin.get<{ title: string; chapterId: number; order: number; published: boolean }>(
    `/api/content/${library.largeId}?body=false`,
  )
  const rows: Figure[] = []
  for (const encoding of ENCODINGS) {
    await saveOverApi(
      server.admin,
      library.largeHtml,
      { title: meta.title, chapterId: meta.chapterId, order: meta.order, published: meta.published },
      library.largeId,
    )
    await new Promise((r) => setTimeout(r, AFTER_WRITE_MS))
    const first = `/api/content/${library.largeId}/chunks?chunk=0&size=600`
    const cold0 = await timedRequest(server.base + first, ACCEPT[encoding])
    if (cold0.status !== 200) throw new Error(`GET ${first} → ${cold0.status}`)
    const reader = new Client(server.base, 1)
    let buildId: number
    try {
      buildId = (await reader.get<{ buildId: number }>(first)).buildId
    } finally {
      reader.close()
    }
    const later = `/api/content/${library.largeId}/chunks?chunk=5&size=600&build=${buildId}`
    const cold5 = await timedRequest(server.base + later, ACCEPT[encoding])
    if (cold5.status !== 200) throw new Error(`GET ${later} → ${cold5.status}`)
    for (const [v, cold, path] of [
      [{ encoding, first: true }, cold0, first],
      [{ encoding, first: false }, cold5, later],
    ] as const) {
      const sample = await sampleAnswer(server, path, encoding)
      const bare = await startBytesServer(sample.body, sample.headers)
      let bareMs: number
      try {
        bareMs = (await timedRequest(bare.url, ACCEPT[encoding])).ms
      } finally {
        await bare.stop()
      }
      rows.push({
        figure: `chunk throughput cold, first request after a new build, ${describe(v)} [${label}]`,
        value: cold.ms,
        unit: 'ms',
        baseline: bareMs,
        ratio: bareMs / cold.ms,
        target: 'reported',
        pass: null,
        note: `one request on a new connection, the server not pinned; ratio = bare node:http's first request after it started (same bytes) / the product's; ${kb(cold.bytes)} ${encoding}; the product reads the blocks from the database, sanitises and compresses (off the main thread) for this`,
      })
    }
  }
  return rows
}

export async function throughputFigures(
  server: RunningServer,
  library: ImportedLibrary,
  label: string,
): Promise<Figure[]> {
  const target = `≥ ${TARGET_RATIO}× bare node:http`
  try {
    ensureTool('wrk')
    ensureTool('taskset', 'util-linux')
  } catch (error) {
    return [notMeasured(`chunk throughput (wrk) [${label}]`, target, (error as Error).message)]
  }
  const figures: Figure[] = []
  // Cold first: it saves the page again, so the warm runs after it see the page as readers do.
  try {
    figures.push(...(await coldRows(server, library, label)))
  } catch (error) {
    figures.push(notMeasured(`chunk throughput cold [${label}]`, 'reported', (error as Error).message.slice(0, 160)))
  }
  const visitor = new Client(server.base, 1)
  let buildId: number
  try {
    buildId = (await visitor.get<{ buildId: number }>(`/api/content/${library.largeId}/chunks?chunk=0&size=600`))
      .buildId
  } finally {
    visitor.close()
  }
  const samples = new Map<Variant, Sample>()
  for (const v of VARIANTS) {
    const path = v.first
      ? `/api/content/${library.largeId}/chunks?chunk=0&size=600`
      : `/api/content/${library.largeId}/chunks?chunk=5&size=600&build=${buildId}`
    samples.set(v, await sampleAnswer(server, path, v.encoding))
  }
  const pinned = pinProcess(server.pid, SERVER_CPU)
  try {
    for (const v of VARIANTS) {
      const { row, product } = await warmRows(server, samples.get(v)!, v, label, pinned)
      figures.push(row)
      if (!v.first && v.encoding === 'gzip') {
        figures.push({
          figure: `chunk throughput p99 (wrk), ${describe(v)} [${label}]`,
          value: medianOf(product, (r) => r.p99),
          unit: 'ms',
          baseline: null,
          ratio: null,
          target: 'reported',
          pass: null,
          note: `p50 ${medianOf(product, (r) => r.p50).toFixed(2)} ms; runs: ${product.map((r) => r.p99.toFixed(2)).join(' / ')} ms`,
        })
      }
    }
    for (const v of VARIANTS.filter((x) => !x.first)) {
      try {
        figures.push(await nginxRow(server, samples.get(v)!, v, label))
      } catch (error) {
        figures.push(
          notMeasured(
            `chunk throughput vs nginx static file, ${describe(v)} [${label}]`,
            'reported',
            (error as Error).message,
          ),
        )
      }
    }
  } finally {
    if (pinned) pinProcess(server.pid, allCpus(cpus))
  }
  return figures
}
