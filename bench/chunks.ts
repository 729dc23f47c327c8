// Figures 4 and 5: serving reader chunks under load vs a bare node:http server with the same bytes,
// the load generator's own ceiling, and whether a chunk of a 9 MB page costs more than a small page's.
import { Client, sequential } from './lib/http.ts'
import { load, startStaticServer, type LoadResult } from './lib/load.ts'
import type { Figure } from './lib/results.ts'
import type { RunningServer } from './lib/server.ts'
import { median } from './lib/stats.ts'
import type { ImportedLibrary } from './import.ts'

const CONNECTIONS = 50
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8)

/** Baseline (a) is measured once per run and shared by both databases' rows. */
let baselineCache: { result: LoadResult; bytes: number } | null = null

export async function chunkServingFigures(
  server: RunningServer,
  library: ImportedLibrary,
  label: string,
): Promise<Figure[]> {
  const visitor = new Client(server.base)
  try {
    const first = await visitor.get<{ totalChunks: number }>(`/api/content/${library.largeId}/chunks?chunk=0&size=600`)
    const n = Math.floor(first.totalChunks / 2)
    const path = `/api/content/${library.largeId}/chunks?chunk=${n}&size=600`
    const sample = await visitor.request('GET', path)
    await load(server.base + path, CONNECTIONS, 2) // warm-up
    const endpoint = await load(server.base + path, CONNECTIONS, SECONDS)
    if (!baselineCache) {
      const baseline = await startStaticServer(sample.body, String(sample.headers['content-type']))
      try {
        await load(baseline.url, CONNECTIONS, 2)
        baselineCache = { result: await load(baseline.url, CONNECTIONS, SECONDS), bytes: sample.body.length }
      } finally {
        await baseline.stop()
      }
    }
    const base = baselineCache.result
    const failures = endpoint.errors + endpoint.non2xx
    const figures: Figure[] = [
      {
        figure: `chunk serving, 9 MB page chunk ${n}, ${CONNECTIONS} conns [${label}]`,
        value: endpoint.rps,
        unit: 'req/s',
        baseline: base.rps,
        ratio: endpoint.rps / base.rps,
        target: '≥ 0.8 of bare node:http',
        pass: endpoint.rps / base.rps >= 0.8 && failures === 0,
        note: `${(sample.body.length / 1024).toFixed(0)} KB per answer; p99 ${endpoint.p99} ms vs ${base.p99} ms bare${failures ? `; ${failures} failed requests` : ''}`,
      },
      {
        figure: `chunk serving p99 [${label}]`,
        value: endpoint.p99,
        unit: 'ms',
        baseline: base.p99,
        ratio: endpoint.p99 / Math.max(base.p99, 1),
        target: 'reported',
        pass: null,
      },
      {
        figure: `load generator sanity (bare / endpoint) [${label}]`,
        value: base.rps,
        unit: 'req/s',
        baseline: endpoint.rps,
        ratio: base.rps / endpoint.rps,
        target: '≥ 2×',
        pass: base.rps / endpoint.rps >= 2,
        note: 'autocannon in the bench process, the servers in their own processes',
      },
    ]
    return figures
  } finally {
    visitor.close()
  }
}

export async function chunkCostFigure(server: RunningServer, library: ImportedLibrary, label: string): Promise<Figure> {
  const visitor = new Client(server.base, 1)
  try {
    const large = `/api/content/${library.largeId}/chunks?chunk=5&size=600`
    const small = `/api/content/${library.smallId}/chunks?chunk=0&size=600`
    await sequential(visitor, large, 20)
    await sequential(visitor, small, 20)
    const largeSamples: number[] = []
    const smallSamples: number[] = []
    for (let round = 0; round < 5; round++) {
      largeSamples.push(...(await sequential(visitor, large, 40)))
      smallSamples.push(...(await sequential(visitor, small, 40)))
    }
    const [l, s] = [median(largeSamples), median(smallSamples)]
    const [lb, sb] = [
      (await visitor.request('GET', large)).body.length,
      (await visitor.request('GET', small)).body.length,
    ]
    return {
      figure: `chunk cost: 9 MB chunk 5 vs 20 KB chunk 0, p50 [${label}]`,
      value: l,
      unit: 'ms',
      baseline: s,
      ratio: l / s,
      target: 'ratio ≤ 1.5',
      pass: l / s <= 1.5,
      note: `answers of ${(lb / 1024).toFixed(0)} KB vs ${(sb / 1024).toFixed(0)} KB; 200 sequential requests each, interleaved`,
    }
  } finally {
    visitor.close()
  }
}
