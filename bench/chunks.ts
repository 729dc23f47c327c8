// Whether a chunk of a 9 MB page costs more than a small page's. Chunk throughput against bare
// node:http and nginx is throughput.ts (wrk on the other core); the autocannon rows that were here
// measured the load generator in the bench's own process (850 req/s for the product and the bare
// server alike) and were retired with issue 27.
import { Client } from './lib/http.ts'
import type { Figure } from './lib/results.ts'
import type { RunningServer } from './lib/server.ts'
import { median } from './lib/stats.ts'
import type { ImportedLibrary } from './import.ts'

/** What each client sends: nothing (curl, monitors, some proxies), or what browsers send. */
const COST_ENCODINGS = [
  ['identity', {}],
  ['gzip', { 'accept-encoding': 'gzip' }],
  ['br', { 'accept-encoding': 'gzip, deflate, br' }],
] as const

/**
 * A chunk's cost must not grow with its page: chunk 5 of the 9 MB page against chunk 0 of the ~20 KB
 * page, one request at a time on one keep-alive connection, the two alternated request by request
 * (so a neighbour's load falls on both alike), for each encoding. The answers differ in size (a
 * 600-block chunk of the big page holds more text), which the ratio includes.
 */
export async function chunkCostFigure(
  server: RunningServer,
  library: ImportedLibrary,
  label: string,
): Promise<Figure[]> {
  const visitor = new Client(server.base, 1)
  const ROUNDS = 5
  const PER_ROUND = 40
  try {
    const large = `/api/content/${library.largeId}/chunks?chunk=5&size=600`
    const small = `/api/content/${library.smallId}/chunks?chunk=0&size=600`
    const figures: Figure[] = []
    for (const [encoding, headers] of COST_ENCODINGS) {
      const once = async (path: string) => {
        const answer = await visitor.request('GET', path, undefined, headers)
        if (answer.status !== 200) throw new Error(`GET ${path} → ${answer.status}`)
        return answer
      }
      for (let i = 0; i < 20; i++) {
        await once(large)
        await once(small)
      }
      const largeSamples: number[] = []
      const smallSamples: number[] = []
      const roundRatios: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const l: number[] = []
        const s: number[] = []
        for (let i = 0; i < PER_ROUND; i++) {
          l.push((await once(large)).ms)
          s.push((await once(small)).ms)
        }
        largeSamples.push(...l)
        smallSamples.push(...s)
        roundRatios.push(median(l) / median(s))
      }
      const [l, s] = [median(largeSamples), median(smallSamples)]
      const [lb, sb] = [(await once(large)).body.length, (await once(small)).body.length]
      figures.push({
        figure: `chunk cost: 9 MB chunk 5 vs 20 KB chunk 0, p50, ${encoding} [${label}]`,
        value: l,
        unit: 'ms',
        baseline: s,
        ratio: l / s,
        target: 'ratio ≤ 1.5',
        pass: l / s <= 1.5,
        samples: roundRatios,
        note: `answers of ${(lb / 1024).toFixed(1)} KB vs ${(sb / 1024).toFixed(1)} KB ${encoding}; ${ROUNDS * PER_ROUND} sequential requests each, alternated one by one; samples: the ratio of each round of ${PER_ROUND} (${roundRatios.map((r) => r.toFixed(2)).join(' / ')})`,
      })
    }
    return figures
  } finally {
    visitor.close()
  }
}
