// Lighthouse (the npm package, its default mobile preset: simulated slow 4G and a 4× slower CPU) in
// Debian's Chromium: the home page and the largest page, RUNS times each (taking turns), the medians
// count. As on any shared server, another process keeps one core busy meanwhile (a busy loop, pinned
// to the last core with taskset when there is one). Embedded database only.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { ImportedLibrary } from './import.ts'
import { notMeasured, type Figure } from './lib/results.ts'
import { repoRoot, type RunningServer } from './lib/server.ts'
import { median } from './lib/stats.ts'
import { track } from './lib/children.ts'

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
/** Runs per page; the figures are their medians. Single runs with a busy core spread over 10 points. */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3))
/** `BENCH_LIGHTHOUSE_BUSY=0`: no busy core (the idle machine's figures). */
const BUSY = process.env.BENCH_LIGHTHOUSE_BUSY !== '0'
/** `BENCH_LIGHTHOUSE_DIR=/tmp/lh`: each run's full report is written there as JSON, to read its opportunities. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR

/** A child process spinning on one core until stopped. */
interface BusyCore {
  condition: string
  stop(): void
}

function hasTaskset(): boolean {
  return spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0
}

/**
 * One core kept busy, as another tenant of a shared server would. The loop is pinned to the last
 * core so it stays one core's worth of work; the browser is not pinned, so the scheduler shares that
 * core between them as it would any two processes. (Pinning the browser to the other core as well
 * left it one core for itself and everything else on this shared machine: 5–11 s of blocking time.)
 */
function startBusyCore(): BusyCore {
  if (!BUSY) return { condition: 'no busy core', stop: () => {} }
  const spin = [process.execPath, '-e', 'for (;;) {}']
  const cpu = os.availableParallelism() - 1
  const pin = cpu > 0 && hasTaskset()
  const child: ChildProcess = pin
    ? spawn('taskset', ['-c', String(cpu), ...spin], { stdio: 'ignore' })
    : spawn(spin[0]!, spin.slice(1), { stdio: 'ignore' })
  track(child)
  return {
    condition: pin ? `a busy loop pinned to CPU ${cpu}` : 'a busy loop on one core',
    stop: () => child.kill('SIGKILL'),
  }
}

interface Report {
  scores: Record<(typeof CATEGORIES)[number], number | null>
  lcpMs: number
  cls: number
  tbtMs: number
  bytes: number
  failing: string[]
}

async function audit(url: string, port: number, name: string, run: number): Promise<Report> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  })
  if (!result) throw new Error('Lighthouse gave no result')
  const { lhr } = result
  if (REPORT_DIR) {
    fs.mkdirSync(REPORT_DIR, { recursive: true })
    fs.writeFileSync(path.join(REPORT_DIR, `${name.replace(/\W+/g, '-')}-${run + 1}.json`), JSON.stringify(lhr))
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
  ) as Report['scores']
  // The audits that cost points outside performance, so a reader of the table knows what to fix.
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  )
  return {
    scores,
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    failing,
  }
}

/** One row per figure: the median of the page's runs, the runs themselves as samples. */
function rows(page: string, reports: Report[], condition: string): Figure[] {
  const values = (pick: (report: Report) => number | null) =>
    reports.map(pick).filter((value): value is number => value !== null && Number.isFinite(value))
  const middle = (samples: number[]) => (samples.length ? median(samples) : null)
  const runsNote = `Lighthouse default config (mobile preset, simulated throttling), median of ${reports.length} runs, ${condition}, embedded database only`
  const score = (category: (typeof CATEGORIES)[number], title: string, min: number): Figure => {
    const samples = values((report) => report.scores[category])
    const value = middle(samples)
    return {
      figure: `lighthouse ${title}, ${page} [embedded]`,
      value,
      unit: '',
      baseline: null,
      ratio: null,
      target: `≥ ${min}`,
      pass: value === null ? null : value >= min,
      note: category === 'performance' ? `${runsNote}; runs ${samples.join(', ')}` : undefined,
      samples,
    }
  }
  const measure = (title: string, pick: (report: Report) => number, unit: string, target: string, limit?: number) => {
    const samples = values(pick)
    const value = middle(samples)
    return {
      figure: `lighthouse ${title}, ${page} [embedded]`,
      value,
      unit,
      baseline: null,
      ratio: null,
      target,
      pass: limit === undefined || value === null ? null : value <= limit,
      samples,
    } satisfies Figure
  }
  const failingAudits = [...new Set(reports.flatMap((report) => report.failing))]
  const failing = failingAudits.length ? `failing audits: ${failingAudits.join(', ')}` : undefined
  const accessibility = score('accessibility', 'accessibility', 100)
  const best = score('best-practices', 'best practices', 100)
  const seo = score('seo', 'SEO', 100)
  for (const row of [accessibility, best, seo]) if (row.pass === false) row.note = failing
  return [
    score('performance', 'performance', 95),
    measure('LCP', (report) => report.lcpMs / 1000, 's', '≤ 2.5 s', 2.5),
    accessibility,
    best,
    seo,
    measure('CLS', (report) => report.cls, '', 'reported'),
    measure('TBT', (report) => report.tbtMs, 'ms', 'reported'),
    {
      ...measure('bytes transferred', (report) => report.bytes / 1024, 'KB', 'reported'),
      note: "total-byte-weight: every response's transfer size in the page load",
    },
  ]
}

export async function lighthouseFigures(server: RunningServer, library: ImportedLibrary): Promise<Figure[]> {
  const pages: [string, string][] = [
    ['home', '/'],
    ['largest page', `/content/${library.largeId}`],
  ]
  if (!fs.existsSync(CHROMIUM)) return [notMeasured('lighthouse performance', '≥ 95', `no Chromium at ${CHROMIUM}`)]
  if (!fs.existsSync(path.join(repoRoot, 'dist/client/index.html')))
    return [notMeasured('lighthouse performance', '≥ 95', 'the client is not built (dist/client)')]
  const busy = startBusyCore()
  const reports = new Map<string, Report[]>(pages.map(([name]) => [name, []]))
  const failures = new Map<string, string>()
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      logLevel: 'silent',
    })
    try {
      // The pages take turns, so a slow spell of the shared machine does not land on one page only.
      for (let run = 0; run < RUNS; run++) {
        for (const [name, pathname] of pages) {
          try {
            reports.get(name)!.push(await audit(server.base + pathname, chrome.port, name, run))
          } catch (error) {
            failures.set(name, (error as Error).message.slice(0, 160))
          }
        }
      }
    } finally {
      chrome.kill()
    }
  } finally {
    busy.stop()
  }
  return pages.flatMap(([name]) => {
    const done = reports.get(name)!
    if (done.length === 0)
      return [notMeasured(`lighthouse performance, ${name} [embedded]`, '≥ 95', `failed: ${failures.get(name)}`)]
    return rows(name, done, busy.condition)
  })
}
