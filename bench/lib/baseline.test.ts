import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe as group, expect, it } from 'vitest'
import {
  accept,
  compare,
  DEFAULT_BAND,
  describe,
  figureKey,
  MIN_BAND,
  readBaseline,
  writeBaseline,
  BASELINE_FILE,
} from './baseline.ts'
import type { Figure } from './results.ts'

const figure = (name: string, value: number, extra: Partial<Figure> = {}): Figure => ({
  figure: name,
  value,
  unit: 's',
  baseline: null,
  ratio: null,
  target: '< 5 s',
  pass: true,
  ...extra,
})
const meta = { why: 'test', node: 'v0', cpus: 2, at: new Date('2026-11-27T00:00:00Z') }

group('the bench compared with its accepted run', () => {
  it('calls a figure new until a run was accepted', () => {
    expect(compare(figure('save of the 9 MB page [embedded]', 4), null)?.verdict).toBe('new')
  })

  it('flags a time worse than its band, and not one within it', () => {
    const baseline = accept([figure('save of the 9 MB page [embedded]', 4, { samples: [4, 4.2] })], null, meta)
    // spread of the repeats 5 %: the band is the floor
    expect(compare(figure('save of the 9 MB page [embedded]', 4.3), baseline)).toMatchObject({
      verdict: 'ok',
      band: MIN_BAND,
    })
    const slower = compare(figure('save of the 9 MB page [embedded]', 12.3), baseline)
    expect(slower?.verdict).toBe('REGRESSION')
    expect(describe(slower)).toBe('208 % worse (band 10 %) REGRESSION')
    expect(compare(figure('save of the 9 MB page [embedded]', 2), baseline)?.verdict).toBe('better')
  })

  it('compares throughput the other way, and by its ratio when it has one', () => {
    const wrk = (rps: number, ratio: number) =>
      figure('chunk throughput identity, chunk 5 (wrk) [embedded]', rps, {
        unit: 'req/s',
        ratio,
        baseline: rps / ratio,
      })
    const baseline = accept([wrk(12_000, 0.7)], null, meta)
    // half the requests on a machine half as fast: the same ratio, no regression
    expect(compare(wrk(6_000, 0.7), baseline)?.verdict).toBe('ok')
    expect(compare(wrk(12_000, 0.3), baseline)?.verdict).toBe('REGRESSION')
  })

  it('widens the band by the noise of the repeats, and uses the default without any', () => {
    const noisy = accept([figure('search p95 [embedded]', 20, { unit: 'ms', samples: [14, 20, 30] })], null, meta)
    expect(compare(figure('search p95 [embedded]', 29, { unit: 'ms' }), noisy)).toMatchObject({
      verdict: 'ok',
      band: 0.8,
    })
    const once = accept([figure('import, whole corpus via API [embedded]', 60)], null, meta)
    const later = compare(figure('import, whole corpus via API [embedded]', 70), once)
    expect(later).toMatchObject({ verdict: 'ok', band: DEFAULT_BAND, bandFrom: 'default' })
    expect(describe(later)).toBe('17 % worse (band 25 %*) ok')
  })

  it('keeps the accepted values of earlier runs and their spread', () => {
    let baseline = accept([figure('save scaling 9 MB vs 8.7 × 1 MB [embedded]', 1, { ratio: 1.0 })], null, meta)
    baseline = accept([figure('save scaling 9 MB vs 8.9 × 1 MB [embedded]', 1, { ratio: 1.2 })], baseline, meta)
    const entry = baseline.figures[figureKey('save scaling 9 MB vs 8.7 × 1 MB [embedded]')]
    expect(entry?.history).toEqual([1.0, 1.2])
    expect(compare(figure('save scaling 9 MB vs 9.0 × 1 MB [embedded]', 1, { ratio: 1.35 }), baseline)).toMatchObject({
      verdict: 'ok',
    })
    expect(compare(figure('save scaling 9 MB vs 9.0 × 1 MB [embedded]', 1, { ratio: 1.6 }), baseline)?.verdict).toBe(
      'REGRESSION',
    )
  })

  it('keeps percentiles and ranks apart, refuses two figures under one key, re-keys an older file', async () => {
    const run = [
      figure('search p50 [embedded]', 20, { unit: 'ms' }),
      figure('search p95 [embedded]', 60, { unit: 'ms' }),
      figure('lookup top-1, marked forms → headword', 93, { unit: '%' }),
      figure('lookup top-3, marked forms → headword', 97, { unit: '%' }),
    ]
    const baseline = accept(run, null, meta)
    expect(Object.keys(baseline.figures)).toHaveLength(4)
    // the p95 is compared with the accepted p95, not with the p50 (+200 % "worse" before this fix)
    expect(compare(figure('search p95 [embedded]', 62, { unit: 'ms' }), baseline)?.verdict).toBe('ok')
    expect(() => accept([figure('pages 5 [embedded]', 1), figure('pages 6 [embedded]', 2)], null, meta)).toThrow(
      /would be one figure/,
    )
    // a file written with the older keys ("search p# [embedded]") reads back under today's
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-')), 'baseline.json')
    const entry = baseline.figures['search p95 [embedded]']!
    await writeBaseline(file, { ...baseline, figures: { 'search p# [embedded]': entry } })
    expect(Object.keys(readBaseline(file)!.figures)).toEqual(['search p95 [embedded]'])
  })

  it('a run of some figures keeps the others accepted; the file reads back as written, as Prettier writes it', async () => {
    const first = accept([figure('a [embedded]', 1), figure('b [embedded]', 2)], null, meta)
    const second = accept([figure('a [embedded]', 3)], first, { ...meta, why: 'a got slower on purpose' })
    expect(Object.keys(second.figures)).toEqual(['a [embedded]', 'b [embedded]'])
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-')), 'baseline.json')
    await writeBaseline(file, second)
    expect(readBaseline(file)).toEqual(second)
    const prettier = await import('prettier')
    const options = { ...(await prettier.resolveConfig(BASELINE_FILE)), filepath: BASELINE_FILE }
    expect(await prettier.check(fs.readFileSync(file, 'utf8'), options)).toBe(true)
    fs.writeFileSync(file, '{"figures": {}}')
    expect(() => readBaseline(file)).toThrow()
  })

  it('reads lighthouse scores as higher-is-better and CLS as lower', () => {
    const score = (name: string, value: number) => figure(name, value, { unit: '' })
    const baseline = accept(
      [score('lighthouse performance, home [embedded]', 98), score('lighthouse CLS, home [embedded]', 0.01)],
      null,
      meta,
    )
    expect(compare(score('lighthouse performance, home [embedded]', 70), baseline)?.verdict).toBe('REGRESSION')
    expect(compare(score('lighthouse CLS, home [embedded]', 0.1), baseline)?.verdict).toBe('REGRESSION')
  })
})
