// The benchmark's output: one row per figure, printed as an aligned table and written as JSON.
import fs from 'node:fs'

export interface Figure {
  figure: string
  value: number | null
  unit: string
  /** What the value is compared with, measured in the same run (null when the figure has none). */
  baseline: number | null
  /** value / baseline (or the inverse where the figure says so); null without a baseline. */
  ratio: number | null
  target: string
  /** null: reported only, or not measured. */
  pass: boolean | null
  /** Why a figure was not measured, or how to read it. */
  note?: string
  /** Each repeat when the figure is a median or best of several (its ratio where it has one): its noise. */
  samples?: number[]
  /** Which way is better, where the unit does not say (see `betterOf` in baseline.ts). */
  better?: 'higher' | 'lower'
  /** How it compares with the accepted run (bench/baseline.json), filled in by run.ts. */
  versus?: string
}

export function notMeasured(figure: string, target: string, reason: string): Figure {
  return {
    figure,
    value: null,
    unit: '',
    baseline: null,
    ratio: null,
    target,
    pass: null,
    note: `not measured: ${reason}`,
  }
}

export function reported(figure: string, value: number, unit: string, note?: string): Figure {
  return { figure, value, unit, baseline: null, ratio: null, target: 'reported', pass: null, note }
}

const fmt = (n: number | null) => {
  if (n === null) return '—'
  if (Math.abs(n) >= 100) return n.toFixed(0)
  if (Math.abs(n) >= 10) return n.toFixed(1)
  return n.toFixed(2)
}

export function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => [
    f.figure,
    f.value === null ? (f.note ?? 'not measured') : `${fmt(f.value)} ${f.unit}`.trim(),
    f.baseline === null ? '—' : `${fmt(f.baseline)} ${f.unit}`.trim(),
    f.ratio === null ? '—' : fmt(f.ratio),
    f.target,
    f.pass === null ? (f.value === null ? '—' : 'info') : f.pass ? 'PASS' : 'FAIL',
    f.versus ?? '—',
  ])
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', 'pass', 'vs accepted']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')
  const out = [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)]
  const notes = figures.filter((f) => f.value !== null && f.note).map((f) => `  ${f.figure}: ${f.note}`)
  if (notes.length > 0) out.push('', 'Notes:', ...notes)
  return out.join('\n')
}

export function writeResults(file: string, figures: Figure[], meta: Record<string, unknown>) {
  fs.writeFileSync(file, `${JSON.stringify({ ...meta, figures }, null, 2)}\n`)
}
