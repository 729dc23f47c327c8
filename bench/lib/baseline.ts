// The accepted figures (bench/baseline.json) and the comparison of a run with them.
//
// A figure is compared by its ratio when it has one (the ratio is measured against a baseline in the
// same run, so it carries over between machines and loads) and by its value otherwise. It is a
// REGRESSION when it is worse than the accepted one by more than its noise band: the spread of its
// repeats (in this run, in the accepted run, and between the accepted runs kept in its history),
// never under MIN_BAND. A figure without any repeats yet gets DEFAULT_BAND and says so.
//
// The baseline changes only when asked: `BENCH_ACCEPT="why" npm run bench` writes this run's figures
// into it with the reason, and the commit that carries the new file explains it.
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Figure } from './results.ts'

/** No band is narrower: two runs minutes apart on the same idle machine differ by this much. */
export const MIN_BAND = 0.1
/** The band of a figure nobody has repeated yet. */
export const DEFAULT_BAND = 0.25
/** How many accepted values of a figure are kept to measure its noise between runs. */
export const HISTORY = 5

export type Better = 'higher' | 'lower'
export type Compared = 'ratio' | 'value'

const acceptedFigure = z.object({
  figure: z.string(),
  compared: z.enum(['ratio', 'value']),
  better: z.enum(['higher', 'lower']),
  /** The compared quantity (ratio or value) in the accepted run. */
  accepted: z.number(),
  /** Its value and unit, for a reader of the file. */
  value: z.number().nullable(),
  unit: z.string(),
  /** The relative spread of its repeats in the accepted run (0 when it had none). */
  spread: z.number(),
  /** The compared quantity in the last accepted runs, newest last. */
  history: z.array(z.number()),
})
export type AcceptedFigure = z.infer<typeof acceptedFigure>

const baselineFile = z.object({
  acceptedAt: z.string(),
  why: z.string().min(1),
  node: z.string(),
  cpus: z.number(),
  figures: z.record(z.string(), acceptedFigure),
})
export type Baseline = z.infer<typeof baselineFile>

/**
 * A figure's name without its numbers ("save scaling 9 MB vs 8.7 × 1 MB" and "… 8.9 × …" are one
 * figure); the numbers that name what is measured stay in `figure`. A percentile or rank is part of
 * what is measured ("search p50" and "search p95", "top-1" and "top-3" are different figures).
 */
export const figureKey = (name: string) =>
  name.replace(/(\bp|\btop-)?\d+(?:\.\d+)?/g, (number, rank: string | undefined) => (rank ? number : '#'))

const HIGHER_UNITS = new Set(['req/s', 'MB/s', '%'])

/** Which way is better for a figure: its own word, else its unit, else (scores) its name. */
export function betterOf(figure: Figure): Better {
  if (figure.better) return figure.better
  if (HIGHER_UNITS.has(figure.unit)) return 'higher'
  // Lighthouse's category scores are unit-less and higher is better; CLS is unit-less and lower.
  if (figure.unit === '' && /^lighthouse (?!CLS)/.test(figure.figure)) return 'higher'
  return 'lower'
}

/** The relative spread of repeats: (max − min) / median; 0 for fewer than two. */
export function spreadOf(samples: readonly number[] | undefined): number {
  if (!samples || samples.length < 2) return 0
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = sorted[Math.floor(sorted.length / 2)]!
  if (middle === 0) return 0
  return (sorted[sorted.length - 1]! - sorted[0]!) / Math.abs(middle)
}

const comparedOf = (figure: Figure): { compared: Compared; quantity: number } | null => {
  if (figure.ratio !== null && Number.isFinite(figure.ratio)) return { compared: 'ratio', quantity: figure.ratio }
  if (figure.value !== null && Number.isFinite(figure.value)) return { compared: 'value', quantity: figure.value }
  return null
}

export interface Comparison {
  /** 'new': not in the baseline; 'ok': within the band or better; 'REGRESSION': worse beyond it. */
  verdict: 'new' | 'ok' | 'better' | 'REGRESSION'
  /** Relative change of the compared quantity, signed so that positive is worse. */
  worse: number
  band: number
  /** How the band was found. */
  bandFrom: 'repeats' | 'default'
  compared: Compared
  accepted: number
}

export function compare(figure: Figure, baseline: Baseline | null): Comparison | null {
  const now = comparedOf(figure)
  if (!now) return null
  const accepted = baseline?.figures[figureKey(figure.figure)]
  if (!accepted || accepted.compared !== now.compared || accepted.accepted === 0) {
    return { verdict: 'new', worse: 0, band: 0, bandFrom: 'default', compared: now.compared, accepted: NaN }
  }
  const measured = [spreadOf(figure.samples), accepted.spread, spreadOf(accepted.history)]
  const fromRepeats = (figure.samples?.length ?? 0) >= 2 || accepted.spread > 0 || accepted.history.length >= 2
  const band = fromRepeats ? Math.max(MIN_BAND, ...measured) : DEFAULT_BAND
  const change = (now.quantity - accepted.accepted) / Math.abs(accepted.accepted)
  const worse = accepted.better === 'lower' ? change : -change
  const verdict = worse > band ? 'REGRESSION' : worse < -band ? 'better' : 'ok'
  return {
    verdict,
    worse,
    band,
    bandFrom: fromRepeats ? 'repeats' : 'default',
    compared: now.compared,
    accepted: accepted.accepted,
  }
}

/** "38 % worse (band 10 %) REGRESSION", "3 % better (band 12 %) ok", "new". A * marks a default band. */
export function describe(comparison: Comparison | null): string {
  if (!comparison) return '—'
  if (comparison.verdict === 'new') return 'new'
  const percent = Math.round(Math.abs(comparison.worse) * 100)
  const way = comparison.worse > 0 ? 'worse' : 'better'
  const band = `${Math.round(comparison.band * 100)} %${comparison.bandFrom === 'default' ? '*' : ''}`
  return `${percent} % ${way} (band ${band}) ${comparison.verdict}`
}

/** The accepted run, its figures keyed as `figureKey` keys them today (the key is made from `figure`). */
export function readBaseline(file: string): Baseline | null {
  if (!fs.existsSync(file)) return null
  const baseline = baselineFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')))
  const figures = Object.fromEntries(Object.values(baseline.figures).map((entry) => [figureKey(entry.figure), entry]))
  return { ...baseline, figures }
}

/**
 * This run's figures as the new baseline. Figures this run did not measure keep their accepted
 * entries (a `BENCH_ONLY` run accepts only what it measured); each keeps its last HISTORY values.
 */
export function accept(
  figures: readonly Figure[],
  previous: Baseline | null,
  meta: { why: string; node: string; cpus: number; at: Date },
): Baseline {
  const entries: Record<string, AcceptedFigure> = { ...previous?.figures }
  const named = new Map<string, string>()
  for (const figure of figures) {
    const now = comparedOf(figure)
    if (!now) continue
    const key = figureKey(figure.figure)
    // Two figures of one run under one key would overwrite each other and be compared crosswise.
    const other = named.get(key)
    if (other !== undefined && other !== figure.figure) {
      throw new Error(`"${other}" and "${figure.figure}" would be one figure in the baseline; name them apart`)
    }
    named.set(key, figure.figure)
    const before = entries[key]
    const history = before && before.compared === now.compared ? before.history : []
    entries[key] = {
      figure: figure.figure,
      compared: now.compared,
      better: betterOf(figure),
      accepted: now.quantity,
      value: figure.value,
      unit: figure.unit,
      spread: spreadOf(figure.samples),
      history: [...history, now.quantity].slice(-HISTORY),
    }
  }
  const sorted = Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)))
  return { acceptedAt: meta.at.toISOString(), why: meta.why, node: meta.node, cpus: meta.cpus, figures: sorted }
}

/** Where the accepted run lives; its Prettier settings are the repository's. */
export const BASELINE_FILE = path.join(import.meta.dirname, '..', 'baseline.json')

/**
 * Written as Prettier writes the repository's JSON, so that `prettier --check` in `npm test` passes
 * on the commit that accepts a run (JSON.stringify's layout did not).
 */
export async function writeBaseline(file: string, baseline: Baseline) {
  const prettier = await import('prettier')
  const options = (await prettier.resolveConfig(BASELINE_FILE)) ?? {}
  fs.writeFileSync(file, await prettier.format(JSON.stringify(baseline), { ...options, filepath: BASELINE_FILE }))
}
