// `npm run bench`: imports the corpus through the API into a fresh embedded database (and a fresh
// PostgreSQL database when one answers), measures, prints one table, writes bench/results.json.
// Every figure that matters is a ratio against a baseline measured in this same run.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { lookupBench } from './lookup.ts'
import { bundleFigure } from './bundle.ts'
import { browserFigures } from './browser.ts'
import { sectionTypingFigure } from './section-typing.ts'
import { chunkCostFigure } from './chunks.ts'
import { importCorpus, responsivenessFigure, saveFigures } from './import.ts'
import { wordExportFigures, wordImportFigures } from './word.ts'
import { readCorpus } from './lib/corpus.ts'
import { revisionCompareFigure } from './revisions.ts'
import { editorWorstCaseFigures } from './editor-work.ts'
import { formatTable, notMeasured, writeResults, type Figure } from './lib/results.ts'
import { percentile } from './lib/stats.ts'
import { accept, compare, describe, readBaseline, writeBaseline } from './lib/baseline.ts'
import { duringPhase, phaseMemoryFigure, readMemory } from './lib/memory.ts'
import { createPostgresDatabase, repoRoot, startServer, type RunningServer } from './lib/server.ts'
import { lighthouseFigures } from './lighthouse.ts'
import { starvationFigure } from './starve.ts'
import { throughputFigures } from './throughput.ts'
import { wireFigures } from './wire.ts'
import { searchDirect, searchOverHttp, searchSpeedFigures } from './search.ts'

/** The table's order: the issue's priorities, each figure's databases side by side. */
const ORDER = [
  'import',
  'save of',
  'save scaling',
  'revision compare',
  'editor worst case',
  'chunk throughput',
  'chunk cost',
  'chunk p99 during',
  'editor',
  'search top-1',
  'search top-5',
  'search p50',
  'search p95',
  'reader JavaScript',
  'memory',
  'peak memory',
  'browser',
  'lighthouse',
]
const rank = (f: Figure) => {
  const i = ORDER.findIndex((prefix) => f.figure.startsWith(prefix))
  return i === -1 ? ORDER.length : i
}

const log = (message: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`)

/** `BENCH_ONLY=save,search`: only the figures whose names contain one of these words (the import always runs). */
const only = process.env.BENCH_ONLY?.split(',')
  .map((word) => word.trim())
  .filter(Boolean)

async function attempt(figures: Figure[], name: string, target: string, work: () => Promise<Figure[] | Figure>) {
  if (only && !only.some((word) => name.includes(word))) return
  const start = performance.now()
  try {
    const result = await work()
    const rows = Array.isArray(result) ? result : [result]
    figures.push(...rows)
    for (const row of rows) log(`  ${formatTable([row]).split('\n')[2]}`)
  } catch (error) {
    figures.push(notMeasured(name, target, `failed: ${error instanceof Error ? error.message.slice(0, 160) : error}`))
  }
  log(`${name}: ${((performance.now() - start) / 1000).toFixed(1)} s`)
}

/** The issue's memory targets (#12), in MB: the peak while the 9 MB page is saved, and resident after the runs. */
const MEMORY_TARGETS = {
  embedded: { savePeak: 1000, resident: 500 },
  postgres: { savePeak: 600, resident: 250 },
} as const

/** How long the server is left idle before its resident memory after the runs is read. */
const IDLE_SETTLE_MS = 12_000

/**
 * The embedded database's upkeep (VACUUM, the search index's pending list) runs at the first quiet
 * moment after writing: a look every 30 s, quiet = 5-6 s without a request (server/db/maintenance.ts,
 * decision 053). The searches are measured as a site usually is, after it: this long without a
 * request, then a health check that waits for the upkeep to let go.
 */
const UPKEEP_QUIET_MS = 40_000

async function waitForUpkeep(server: RunningServer) {
  log(`embedded: ${UPKEEP_QUIET_MS / 1000} s without requests, for the database's upkeep before the searches`)
  await new Promise((resolve) => setTimeout(resolve, UPKEEP_QUIET_MS))
  await server.admin.request('GET', '/api/health')
}

async function runOn(
  kind: RunningServer['kind'],
  databaseUrl: string | undefined,
  figures: Figure[],
  misses: string[],
) {
  const label = kind === 'embedded' ? 'embedded' : 'PostgreSQL'
  const targets = MEMORY_TARGETS[kind]
  const { corpus, lexiconCsv, source } = readCorpus()
  log(`${label}: starting the server`)
  const server = await startServer(kind, databaseUrl)
  let httpSearch: number[] | null = null
  /** Runs a phase and adds a row with the server's peak memory during it (when /proc has it). */
  const measured = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const { result, memory } = await duringPhase(server.pid, work)
    if (memory) figures.push(phaseMemoryFigure(phase, label, memory))
    return result
  }
  try {
    const started = readMemory(server.pid)
    log(`${label}: importing the corpus (${source}) through the API`)
    const imported = await measured('import of the corpus', () => importCorpus(server, corpus, lexiconCsv, label))
    figures.push(...imported.figures)
    const library = imported.library
    await attempt(figures, `save of the 9 MB page [${label}]`, '< 5 s', async () => {
      const { figures: saved, memory } = await saveFigures(server, library, label)
      if (!memory)
        return [
          ...saved,
          notMeasured(
            `peak memory, 9 MB save [${label}]`,
            `≤ ${targets.savePeak} MB`,
            'no /proc status for the server',
          ),
        ]
      return [...saved, phaseMemoryFigure('9 MB save', label, memory, targets.savePeak)]
    })
    await attempt(figures, `Word import preview [${label}]`, '≤ 60 s', () => wordImportFigures(server, label))
    await attempt(figures, `Word export of the 9 MB page [${label}]`, `≤ ${targets.savePeak} MB`, () =>
      wordExportFigures(server, library.largeId, label, targets.savePeak),
    )
    await attempt(figures, `revision compare of the 9 MB page [${label}]`, '< 2 s', () =>
      revisionCompareFigure(server, library.largeHtml, library.benchChapterId, label),
    )
    await attempt(figures, `editor worst case [${label}]`, '< 10 s; reader wait < 1 s', () =>
      editorWorstCaseFigures(server, library.largeHtml, library.benchChapterId, label),
    )
    await attempt(figures, `chunk throughput (wrk) [${label}]`, '≥ 0.5× bare node:http', () =>
      measured('chunk throughput (wrk)', () => throughputFigures(server, library, label)),
    )
    await attempt(figures, `chunk cost [${label}]`, 'ratio ≤ 1.5', () => chunkCostFigure(server, library, label))
    await attempt(figures, `chunk p99 during a 9 MB save [${label}]`, '< 100 ms; ratio ≤ 5', () =>
      measured('chunk p99 run (a 9 MB save with readers)', () => responsivenessFigure(server, library, label)),
    )
    await attempt(figures, `editor: 9 MB save under readers [${label}]`, 'ratio ≤ 2', () =>
      measured('9 MB save under 200 readers', () => starvationFigure(server, library, label)),
    )
    await attempt(figures, `search top-1 [${label}]`, '≥ 90%', async () => {
      if (kind === 'embedded') await waitForUpkeep(server)
      const run = await measured('search', () => searchOverHttp(server, label))
      httpSearch = run.samples
      misses.push(...run.misses.map((m) => `[${label}] ${m}`))
      const again: Figure = {
        figure: `search p95, asked again [${label}]`,
        value: percentile(run.again, 95),
        unit: 'ms',
        baseline: null,
        ratio: null,
        target: 'reported',
        pass: null,
        note: `the same ${run.again.length} questions once more: answered from the server's memory (decision 066)`,
      }
      return [...run.figures, again]
    })
    if (kind === 'embedded') {
      await attempt(figures, 'bytes on the wire', 'reported', () => wireFigures(server, library))
      await attempt(figures, 'browser', 'see issue', () => measured('browser', () => browserFigures(server, library)))
      await attempt(figures, 'editor: typing in a section of the 9 MB page', '< 50 ms', () =>
        measured('section typing', () => sectionTypingFigure(server, library)),
      )
      // Lighthouse takes a minute per page: once per page, on the embedded run only.
      await attempt(figures, 'lighthouse', '≥ 95', () => lighthouseFigures(server, library))
    }
    // What a part of the bench leaves resident says nothing of the whole: measured after a whole run only.
    if (only) {
      figures.push(
        notMeasured(
          `memory, server RSS after the runs [${label}]`,
          `≤ ${targets.resident} MB`,
          'after a whole run only (BENCH_ONLY is set)',
        ),
      )
    } else {
      // Resident once idle: the processing and export workers stop after 10 s without work (their heaps
      // go with them), as they would on a site between visits; the figure right after the runs is noted.
      const busy = readMemory(server.pid)
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS))
      const memory = readMemory(server.pid)
      figures.push(
        memory
          ? {
              figure: `memory, server RSS after the runs [${label}]`,
              value: memory.rssMb,
              unit: 'MB',
              baseline: started?.rssMb ?? null,
              ratio: started ? memory.rssMb / started.rssMb : null,
              target: `≤ ${targets.resident} MB`,
              pass: memory.rssMb <= targets.resident,
              note: `${IDLE_SETTLE_MS / 1000} s after the last request (${busy ? `${busy.rssMb.toFixed(0)} MB right after it` : 'not read right after it'}); baseline: the idle server just started; ${
                kind === 'embedded'
                  ? 'one process: the server and its PGlite worker thread'
                  : 'the server process only; PostgreSQL is apart'
              }`,
            }
          : notMeasured(`memory [${label}]`, `≤ ${targets.resident} MB`, 'no /proc status for the server'),
      )
    }
  } finally {
    await server.stop()
  }
  // The direct baseline opens the same database itself, so on PGlite it must wait for the server to let go.
  const samples: number[] | null = httpSearch
  if (samples) {
    await attempt(figures, `search p95 [${label}]`, '< 50 ms', async () =>
      searchSpeedFigures(samples, await searchDirect({ databaseUrl, dataDir: server.dataDir }), label),
    )
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true })
}

/** The browser figures need the built client, which `npm start` builds first when it is missing or stale. */
function buildClientIfMissing() {
  if (only && !only.some((word) => 'browser lighthouse typing'.includes(word))) return
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-client-if-missing.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (built.status !== 0) log('building the client failed: the browser figures will say so')
}

async function main() {
  const started = performance.now()
  buildClientIfMissing()
  const figures: Figure[] = []
  const misses: string[] = []
  await runOn('embedded', undefined, figures, misses)
  const postgres = process.env.BENCH_SKIP_POSTGRES ? null : await createPostgresDatabase()
  if (postgres) {
    try {
      await runOn('postgres', postgres.url, figures, misses)
    } finally {
      await postgres.drop()
    }
  } else {
    figures.push(
      notMeasured(
        'import [PostgreSQL]',
        'reported',
        process.env.BENCH_SKIP_POSTGRES
          ? 'BENCH_SKIP_POSTGRES is set'
          : 'no PostgreSQL answered (DATABASE_URL or 127.0.0.1:5432)',
      ),
    )
  }
  await attempt(figures, 'reader JavaScript + CSS, gzip', '< 200 KB', bundleFigure)
  await attempt(figures, "lookup of the texts' words", 'top-1 ≥ 90%', async () => lookupBench())
  const sorted = figures
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map((x) => x.f)
  const seconds = (performance.now() - started) / 1000
  const baselineFile = path.join(import.meta.dirname, 'baseline.json')
  const baseline = readBaseline(baselineFile)
  const regressions: string[] = []
  for (const figure of sorted) {
    const comparison = compare(figure, baseline)
    figure.versus = describe(comparison)
    if (comparison?.verdict === 'REGRESSION') regressions.push(`  ${figure.figure}: ${figure.versus}`)
  }
  console.log(formatTable(sorted))
  console.log(
    baseline
      ? `\nCompared with the accepted run of ${baseline.acceptedAt.slice(0, 10)} (bench/baseline.json: ${baseline.why}).`
      : '\nNo accepted run yet (bench/baseline.json): every figure is new.',
  )
  if (regressions.length > 0) console.log(`${regressions.length} REGRESSION(S):\n${regressions.join('\n')}`)
  else if (baseline) console.log('No figure is worse than the accepted run beyond its noise band.')
  const why = process.env.BENCH_ACCEPT?.trim()
  if (why) {
    await writeBaseline(
      baselineFile,
      accept(sorted, baseline, { why, node: process.version, cpus: os.cpus().length, at: new Date() }),
    )
    console.log(`\nbench/baseline.json now holds this run's figures ("${why}"): commit it with that reason.`)
  }
  if (misses.length > 0) console.log(`\nSearch misses (not first):\n${misses.map((m) => `  ${m}`).join('\n')}`)
  console.log(`\n${os.cpus().length} CPUs, Node ${process.version}, ${seconds.toFixed(0)} s`)
  writeResults(path.join(import.meta.dirname, 'results.json'), sorted, {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    seconds: Math.round(seconds),
    searchMisses: misses,
    regressions,
  })
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
