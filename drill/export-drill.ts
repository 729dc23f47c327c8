// The export drill (issue 26): a book of two generated 9 MB pages, then 20 anonymous EPUB downloads
// at once from 20 addresses (X-Forwarded-For behind TRUST_PROXY=1) — of the book (one build,
// shared), of it again five times over (kept), and of the book under 20 different Host names (every
// one a build of its own: the worst case the queue must hold); 20 Word downloads of the two pages at
// once (issue 30: two Word files made side by side, each page must get its file); then 40 from one
// address (the rate limit). Meanwhile /api/health (which asks the database) and /robots.txt (which
// does not) are asked every 50 ms from threads of their own. The server must not crash,
// /api/health must answer within 1 s always and with p99 < 100 ms where the server does the work
// (the phases that build), and its resident memory must stay ≤ 1 GB; each download is a whole EPUB
// or Word file (200), a 503 or a 429 with Retry-After, and each file asked for reaches someone.
// After the saves the drill waits for the server to settle, then a phase without
// downloads gives the machine's own figures to compare with.
// Embedded database, then PostgreSQL when one answers (DRILL_DATABASES=embedded skips it).
// Prints its figures; exits 1 on any failure.
import { Worker } from 'node:worker_threads'
import { unzipSync } from 'fflate'
import { generatePage } from '../test-support/generated-page.ts'
import { Client, type Answer } from '../bench/lib/http.ts'
import { duringPhase } from '../bench/lib/memory.ts'
import { saveOverApi } from '../bench/lib/save.ts'
import { createPostgresDatabase, startServer, type RunningServer } from '../bench/lib/server.ts'
import { percentile } from '../bench/lib/stats.ts'

const PARALLEL = Number(process.env.DRILL_EXPORTS ?? 20)
const PORT = process.env.DRILL_PORT ? Number(process.env.DRILL_PORT) : undefined
const DATABASES = (process.env.DRILL_DATABASES ?? 'embedded,postgres').split(',')
const HEALTH_EVERY_MS = 50
const BASELINE_MS = 10_000
const LIMITS = { healthP99Ms: 100, healthMaxMs: 1000, peakRssMb: 1024 }

const log = (message: string) =>
  process.stderr.write(`[export drill ${new Date().toISOString().slice(11, 19)}] ${message}\n`)

interface PhaseFigures {
  name: string
  seconds: number
  statuses: Record<string, number>
  slowestExportS: number
  health: { count: number; p50: number; p99: number; max: number; failed: number }
  /** /robots.txt: the event loop alone, no database. */
  robots: { p99: number; max: number }
  peakRssMb: number | null
  failures: string[]
}

async function seed(server: RunningServer) {
  const admin = server.admin
  const book = await admin.post<{ id: number }>('/api/books', { title: 'Ekspordi drill', order: 1 })
  const chapter = await admin.post<{ id: number }>('/api/chapters', { title: 'Suured', bookId: book.id, order: 1 })
  const pageIds: number[] = []
  for (const [order, seed] of [1, 2].entries()) {
    const { content } = generatePage({ seed })
    const started = performance.now()
    const saved = await saveOverApi(admin, content, {
      title: `Suur lehekülg ${seed}`,
      chapterId: chapter.id,
      order,
      published: true,
    })
    log(
      `saved page ${saved.id} (${(Buffer.byteLength(content) / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    pageIds.push(saved.id)
  }
  return { bookId: book.id, pageIds }
}

// The probes run in a thread of their own: the drill's own process receives 20 or 40 EPUBs at once,
// and a probe timed on that busy event loop would count the drill's delay as the server's.
const PROBE_THREAD = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const samples = []
let failed = 0
let running = true
parentPort.on('message', () => { running = false })
const ask = () => new Promise((resolve) => {
  const req = http.get(new URL(workerData.path, workerData.base), { agent }, (res) => {
    res.resume()
    res.on('end', () => resolve(res.statusCode === 200))
    res.on('error', () => resolve(false))
  })
  req.on('error', () => resolve(false))
})
;(async () => {
  while (running) {
    const started = performance.now()
    if (!(await ask())) failed++
    const ms = performance.now() - started
    samples.push(ms)
    await new Promise((r) => setTimeout(r, Math.max(0, workerData.everyMs - ms)))
  }
  agent.destroy()
  parentPort.postMessage({ samples, failed })
})()
`

/** Asks `path` every HEALTH_EVERY_MS until stopped (in a thread of its own); the latencies and failures. */
function probe(base: string, path: string) {
  const worker = new Worker(PROBE_THREAD, { eval: true, workerData: { base, path, everyMs: HEALTH_EVERY_MS } })
  const result = new Promise<{ samples: number[]; failed: number }>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  return {
    stop: async () => {
      worker.postMessage('stop')
      const figures = await result
      await worker.terminate()
      return figures
    },
  }
}

/**
 * Waits until the server has finished what the saves left running (an old build's rows deleted in
 * the background, the embedded database writing its log out): ten health checks in a row under
 * 50 ms, or at most a minute. The drill judges exports, not the saves before them (the load drill
 * judges those).
 */
async function settle(server: RunningServer) {
  const client = new Client(server.base, 1)
  const until = performance.now() + 60_000
  let fast = 0
  try {
    while (fast < 10 && performance.now() < until) {
      const started = performance.now()
      const answer = await client.request('GET', '/api/health').catch(() => undefined)
      fast = answer?.status === 200 && performance.now() - started < 50 ? fast + 1 : 0
      await new Promise((r) => setTimeout(r, 100))
    }
  } finally {
    client.close()
  }
}

async function phase(
  server: RunningServer,
  name: string,
  rounds: Array<Array<{ path: string; headers?: Record<string, string> }>>,
): Promise<PhaseFigures> {
  const requests = rounds.flat()
  const visitors = new Client(server.base, Math.max(1, ...rounds.map((round) => round.length)))
  const health = probe(server.base, '/api/health')
  const robots = probe(server.base, '/robots.txt')
  const started = performance.now()
  const { result: answers, memory } = await duringPhase(server.pid, async () => {
    if (requests.length === 0) await new Promise((r) => setTimeout(r, BASELINE_MS))
    const all: Array<Answer | Error> = []
    for (const round of rounds) {
      all.push(
        ...(await Promise.all(
          round.map(({ path, headers }) =>
            visitors.request('GET', path, undefined, headers).catch((error: unknown) => error as Error),
          ),
        )),
      )
    }
    return all
  })
  const seconds = (performance.now() - started) / 1000
  const { samples, failed } = await health.stop()
  const robotsSamples = (await robots.stop()).samples
  visitors.close()
  const failures: string[] = []
  const statuses: Record<string, number> = {}
  for (const answer of answers) {
    const key = answer instanceof Error ? `error ${answer.message}` : String(answer.status)
    statuses[key] = (statuses[key] ?? 0) + 1
  }
  const ok = answers.filter((answer): answer is Answer => !(answer instanceof Error))
  for (const [at, answer] of answers.entries()) {
    if (answer instanceof Error) continue
    if (answer.status === 200) {
      // An EPUB holds its package document, a Word file its document.
      const [kind, part] = requests[at]!.path.endsWith('/docx')
        ? ['Word file', 'word/document.xml']
        : ['EPUB', 'EPUB/content.opf']
      try {
        const files = unzipSync(new Uint8Array(answer.body))
        if (!files[part]) failures.push(`${name}: a ${kind} without ${part}`)
      } catch (error) {
        failures.push(`${name}: a 200 that is no zip (${(error as Error).message})`)
      }
    } else if (answer.status === 503 || answer.status === 429) {
      if (!/^\d+$/.test(String(answer.headers['retry-after']))) {
        failures.push(`${name}: a ${answer.status} without Retry-After`)
      }
    } else {
      failures.push(`${name}: status ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`)
    }
  }
  if (ok.length !== answers.length) failures.push(`${name}: ${answers.length - ok.length} requests failed outright`)
  // Every file asked for is made for someone (others may be told to come back).
  for (const path of new Set(requests.map((request) => request.path))) {
    if (
      !answers.some((answer, at) => requests[at]!.path === path && !(answer instanceof Error) && answer.status === 200)
    )
      failures.push(`${name}: ${path} was answered to no one`)
  }
  const figures = {
    name,
    seconds,
    statuses,
    slowestExportS: Math.max(0, ...ok.map((answer) => answer.ms)) / 1000,
    health: {
      count: samples.length,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      max: Math.max(...samples),
      failed,
    },
    robots: { p99: percentile(robotsSamples, 99), max: Math.max(...robotsSamples) },
    peakRssMb: memory?.peakMb ?? null,
    failures,
  }
  if (failed > 0) failures.push(`${name}: /api/health failed ${failed} times`)
  if (figures.health.p99 >= LIMITS.healthP99Ms) {
    failures.push(`${name}: /api/health p99 ${figures.health.p99.toFixed(0)} ms`)
  }
  if (figures.health.max >= LIMITS.healthMaxMs)
    failures.push(`${name}: /api/health max ${figures.health.max.toFixed(0)} ms`)
  if (figures.peakRssMb !== null && figures.peakRssMb > LIMITS.peakRssMb) {
    failures.push(`${name}: peak RSS ${figures.peakRssMb.toFixed(0)} MB`)
  }
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    failures.push(`${name}: the server died (${server.child.exitCode ?? server.child.signalCode}): ${server.logTail()}`)
  }
  return figures
}

function print(kind: string, figures: PhaseFigures) {
  const statuses = Object.entries(figures.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ')
  const h = figures.health
  console.log(
    `${kind} | ${figures.name}: ${statuses} in ${figures.seconds.toFixed(1)} s (slowest ${figures.slowestExportS.toFixed(1)} s); ` +
      `/api/health ×${h.count} p50 ${h.p50.toFixed(0)} ms, p99 ${h.p99.toFixed(0)} ms, max ${h.max.toFixed(0)} ms; ` +
      `/robots.txt p99 ${figures.robots.p99.toFixed(0)} ms, max ${figures.robots.max.toFixed(0)} ms; ` +
      `peak RSS ${figures.peakRssMb === null ? 'n/a' : `${figures.peakRssMb.toFixed(0)} MB`}`,
  )
}

async function drill(kind: RunningServer['kind'], databaseUrl?: string): Promise<string[]> {
  // Behind one proxy hop, so each simulated visitor has an address of its own (X-Forwarded-For).
  const server = await startServer(kind, databaseUrl, {
    port: PORT,
    env: { TRUST_PROXY: '1' },
    startTimeoutMs: 180_000,
  })
  const failures: string[] = []
  try {
    log(`${kind}: server ${server.pid} on ${server.base}; saving two 9 MB pages`)
    const { bookId, pageIds } = await seed(server)
    await settle(server)
    const book = `/api/books/${bookId}/epub`
    const visitor = (phase: number, i: number) => ({ 'x-forwarded-for': `10.26.${phase}.${i + 1}` })
    const many = (phase: number, headers: (i: number) => Record<string, string> = () => ({})) =>
      Array.from({ length: PARALLEL }, (_, i) => ({ path: book, headers: { ...visitor(phase, i), ...headers(i) } }))
    const phases = [
      { name: 'no downloads (the machine as it is)', rounds: [], judgeP99: true },
      // The same book: one build shared by all, then every later one from its file, five times over
      // (each from new addresses), so the probes take enough samples for a p99.
      { name: `${PARALLEL} × the book`, rounds: [many(1)], judgeP99: true },
      {
        name: `${PARALLEL} × the book again (kept), 5 rounds`,
        rounds: Array.from({ length: 5 }, (_, round) => many(10 + round)),
        judgeP99: false,
      },
      // A different Host makes a different file (its links are absolute): every request a build of its own.
      {
        name: `${PARALLEL} × the book under different Hosts`,
        rounds: [many(3, (i) => ({ host: `drill-${i}.example` }))],
        judgeP99: true,
      },
      // The two pages as Word files, half of the visitors each: two builds at once, each shared.
      {
        name: `${PARALLEL} × the two pages as Word files`,
        rounds: [
          Array.from({ length: PARALLEL }, (_, i) => ({
            path: `/api/content/${pageIds[i % 2]}/docx`,
            headers: visitor(5, i),
          })),
        ],
        judgeP99: true,
      },
      // One address asking again and again: the rate limit.
      {
        name: `${2 * PARALLEL} × the kept book from one address`,
        rounds: [Array.from({ length: 2 * PARALLEL }, () => ({ path: book, headers: visitor(4, 0) }))],
        judgeP99: false,
      },
    ]
    // A machine whose health checks miss the p99 bound with nothing to do cannot judge that bound
    // (other work shares its cores): then it is printed, not judged; the 1 s bound always is.
    let judgeP99 = true
    // Where the drill itself receives hundreds of megabytes of kept files at once, on the same two
    // cores as the server, the health p99 measures the drill as much as the server: printed, and
    // only the 1 s bound judged there. The issue's drill (20 at once, built once) is judged in full.
    for (const { name, rounds, judgeP99: p99Judged } of phases) {
      log(`${kind}: ${name}`)
      const figures = await phase(server, name, rounds)
      print(kind, figures)
      if (rounds.length === 0 && figures.health.p99 >= LIMITS.healthP99Ms) {
        judgeP99 = false
        console.log(`${kind} | the machine is too busy to judge /api/health p99 < ${LIMITS.healthP99Ms} ms`)
      }
      const judged = figures.failures.filter(
        (failure) => (judgeP99 && p99Judged) || !failure.includes('/api/health p99'),
      )
      failures.push(...judged.map((failure) => `${kind}: ${failure}`))
    }
  } finally {
    await server.stop()
  }
  return failures
}

async function main() {
  const failures: string[] = []
  if (DATABASES.includes('embedded')) failures.push(...(await drill('embedded')))
  if (DATABASES.includes('postgres')) {
    const database = await createPostgresDatabase()
    if (!database) log('PostgreSQL does not answer: skipped')
    else {
      try {
        failures.push(...(await drill('postgres', database.url)))
      } finally {
        await database.drop()
      }
    }
  }
  for (const failure of failures) console.error(`FAIL ${failure}`)
  console.log(failures.length === 0 ? 'export drill passed' : `export drill FAILED (${failures.length})`)
  process.exit(failures.length === 0 ? 0 : 1)
}

await main()
