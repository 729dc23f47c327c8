// Lighthouse (the npm package, its default mobile preset: simulated slow 4G and a 4× slower CPU) in
// Debian's Chromium, once per page: the home page and the largest page. Embedded database only.
import fs from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { ImportedLibrary } from './import.ts'
import { notMeasured, type Figure } from './lib/results.ts'
import { repoRoot, type RunningServer } from './lib/server.ts'

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium'
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const NOTE = 'Lighthouse default config (mobile preset, simulated throttling), one run, embedded database only'
/** `BENCH_LIGHTHOUSE_DIR=/tmp/lh`: each page's full report is written there as JSON, to read its opportunities. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR

interface Report {
  scores: Record<(typeof CATEGORIES)[number], number | null>
  lcpMs: number
  cls: number
  tbtMs: number
  bytes: number
  failing: string[]
}

async function audit(url: string, port: number, name: string): Promise<Report> {
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
    fs.writeFileSync(path.join(REPORT_DIR, `${name.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr))
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

function rows(page: string, report: Report): Figure[] {
  const score = (category: (typeof CATEGORIES)[number], title: string, min: number): Figure => {
    const value = report.scores[category]
    return {
      figure: `lighthouse ${title}, ${page} [embedded]`,
      value,
      unit: '',
      baseline: null,
      ratio: null,
      target: `≥ ${min}`,
      pass: value === null ? null : value >= min,
      note: category === 'performance' ? NOTE : undefined,
    }
  }
  const failing = report.failing.length ? `failing audits: ${report.failing.join(', ')}` : undefined
  const accessibility = score('accessibility', 'accessibility', 100)
  const best = score('best-practices', 'best practices', 100)
  const seo = score('seo', 'SEO', 100)
  for (const row of [accessibility, best, seo]) if (row.pass === false) row.note = failing
  return [
    score('performance', 'performance', 95),
    {
      figure: `lighthouse LCP, ${page} [embedded]`,
      value: report.lcpMs / 1000,
      unit: 's',
      baseline: null,
      ratio: null,
      target: '≤ 2.5 s',
      pass: report.lcpMs <= 2500,
    },
    accessibility,
    best,
    seo,
    {
      figure: `lighthouse CLS, ${page} [embedded]`,
      value: report.cls,
      unit: '',
      baseline: null,
      ratio: null,
      target: 'reported',
      pass: null,
    },
    {
      figure: `lighthouse TBT, ${page} [embedded]`,
      value: report.tbtMs,
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: 'reported',
      pass: null,
    },
    {
      figure: `lighthouse bytes transferred, ${page} [embedded]`,
      value: report.bytes / 1024,
      unit: 'KB',
      baseline: null,
      ratio: null,
      target: 'reported',
      pass: null,
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
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  })
  const figures: Figure[] = []
  try {
    for (const [name, pathname] of pages) {
      try {
        figures.push(...rows(name, await audit(server.base + pathname, chrome.port, name)))
      } catch (error) {
        figures.push(
          notMeasured(
            `lighthouse performance, ${name} [embedded]`,
            '≥ 95',
            `failed: ${(error as Error).message.slice(0, 160)}`,
          ),
        )
      }
    }
  } finally {
    chrome.kill()
  }
  return figures
}
