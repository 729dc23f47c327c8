// Figure 7: search quality (top-1, top-5 over bench/search-queries.json) and speed over HTTP, vs the
// product's own search() run directly on a database handle in the bench process.
import type { SearchAnswer, SearchResult } from '#shared/api/search.ts'
import { READER_CHUNK_SIZE, SEARCH_PAGE_SIZE } from '#shared/limits.ts'
import { openDatabase } from '../server/db/client.ts'
import { CollectionCatalogue } from '../server/modules/collections/collections.service.ts'
import { search } from '../server/modules/search/search.service.ts'
import { fold, searchQueries, type SearchCase } from './make-search-queries.ts'
import { Client } from './lib/http.ts'
import type { Figure } from './lib/results.ts'
import type { RunningServer } from './lib/server.ts'
import { percentile } from './lib/stats.ts'

const ROUNDS = 3

/** bench/search-queries.json for the real corpus, or questions made from the generated library. */
export const readQueries = (): SearchCase[] => searchQueries()

/**
 * The server keeps its answers until something changes (decision 066), so each pass asks with a
 * page size of its own (`limit`: the default, then one more each pass): every request measured is
 * a first ask, the same work as search() run directly. `again` asks the last pass's again.
 */
const url = (q: string, pass = 0) =>
  `/api/search?q=${encodeURIComponent(q)}&includeLexicon=true${pass > 0 ? `&limit=${SEARCH_PAGE_SIZE + pass}` : ''}`

/** How far after the anchor the phrase may start and still count as "opened at the place". */
const PLACE_BLOCKS = 12

const blockText = (html: string) =>
  html
    .replace(/<a[^>]*href="#_ftn\d+"[^>]*>\[\d+\]<\/a>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')

/** One chunk's blocks, at the reader's chunk size (the only size the server answers). */
async function chunkBlocks(client: Client, id: number, chunk: number): Promise<string[] | undefined> {
  const answer = await client.request('GET', `/api/content/${id}/chunks?chunk=${chunk}&size=${READER_CHUNK_SIZE}`)
  if (answer.status !== 200) return undefined
  return (JSON.parse(answer.body.toString()) as { chunk: string }).chunk.split('\n')
}

/** Does the phrase start within PLACE_BLOCKS blocks of the anchor? Asks /locate, then reads the blocks. */
async function phraseNearAnchor(client: Client, id: number, anchor: string, phrase: string) {
  const wanted = ` ${fold(phrase)} `
  const located = await client.request(
    'GET',
    `/api/content/${id}/locate?anchor=${encodeURIComponent(anchor)}&size=${READER_CHUNK_SIZE}`,
  )
  if (located.status !== 200) return false
  const chunk = (JSON.parse(located.body.toString()) as { chunk: number }).chunk
  const blocks = await chunkBlocks(client, id, chunk)
  if (!blocks) return false
  const at = blocks.findIndex((html) => html.includes(`id="${anchor}"`))
  if (at === -1) return false
  const near = blocks.slice(at, at + PLACE_BLOCKS)
  if (near.length < PLACE_BLOCKS) near.push(...((await chunkBlocks(client, id, chunk + 1)) ?? []))
  let text = ' '
  for (const html of near.slice(0, PLACE_BLOCKS)) {
    text += `${fold(blockText(html))} `
    if (text.includes(wanted)) return true
  }
  return false
}

/** A result answers the case: the expected term, or the expected page (for phrases: opened near the phrase). */
async function answers(client: Client, result: SearchResult, c: SearchCase) {
  if (c.kind === 'term') return result.type === 'term' && result.term === c.term
  if (result.type !== 'content' || result.title !== c.page) return false
  return (
    c.kind !== 'phrase' || (result.anchor !== null && (await phraseNearAnchor(client, result.id, result.anchor, c.q)))
  )
}

async function rankOf(client: Client, results: SearchResult[], c: SearchCase) {
  for (let i = 0; i < Math.min(results.length, 5); i++) if (await answers(client, results[i]!, c)) return i
  return -1
}

export interface HttpSearchRun {
  figures: Figure[]
  /** First asks. */
  samples: number[]
  /** The same questions asked again, answered from the server's memory. */
  again: number[]
  misses: string[]
}

export async function searchOverHttp(server: RunningServer, label: string): Promise<HttpSearchRun> {
  const cases = readQueries()
  const visitor = new Client(server.base, 1)
  const checker = new Client(server.base, 1)
  const samples: number[] = []
  const again: number[] = []
  let top1 = 0
  let top5 = 0
  let pageTop1 = 0
  const misses: string[] = []
  try {
    for (const c of cases) await visitor.request('GET', url(c.q, ROUNDS + 1)) // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        const answer = await visitor.request('GET', url(c.q, round))
        if (answer.status !== 200) throw new Error(`search ${c.q} → ${answer.status}`)
        samples.push(answer.ms)
        if (round > 0) continue
        const { results } = JSON.parse(answer.body.toString()) as SearchAnswer
        const rank = await rankOf(checker, results, c)
        if (rank === 0) top1++
        if (rank >= 0 && rank < 5) top5++
        if (results[0]?.type === 'content' && results[0].title === c.page) pageTop1++
        if (rank !== 0) {
          const got = results[0] ? (results[0].term ?? `${results[0].title} #${results[0].anchor}`) : 'nothing'
          misses.push(`${c.kind} "${c.q}" → rank ${rank < 0 ? '>5' : rank + 1}; first: ${got.slice(0, 70)}`)
        }
      }
    }
    for (const c of cases) again.push((await visitor.request('GET', url(c.q, ROUNDS - 1))).ms)
  } finally {
    visitor.close()
    checker.close()
  }
  const n = cases.length
  return {
    samples,
    again,
    misses,
    figures: [
      {
        figure: `search top-1 [${label}]`,
        value: (100 * top1) / n,
        unit: '%',
        baseline: null,
        ratio: null,
        target: '≥ 90%',
        pass: top1 / n >= 0.9,
        note: `${n} queries; a phrase counts when it starts within ${PLACE_BLOCKS} blocks of the anchor; right page first (any anchor) for ${pageTop1} of ${cases.filter((c) => c.kind !== 'term').length} page queries`,
      },
      {
        figure: `search top-5 [${label}]`,
        value: (100 * top5) / n,
        unit: '%',
        baseline: null,
        ratio: null,
        target: '≥ 98%',
        pass: top5 / n >= 0.98,
      },
    ],
  }
}

/**
 * The same queries through search() on a database handle: the SQL and ranking without HTTP. The
 * references are read with the collections table as the server reads them (without it, "SN 55.37"
 * style queries take a cheaper path and the baseline would not be the same work).
 */
export async function searchDirect(database: { databaseUrl?: string; dataDir: string }): Promise<number[]> {
  const cases = readQueries()
  const handle = await openDatabase(database)
  const samples: number[] = []
  try {
    const references = await new CollectionCatalogue(handle.db).reader()
    const options = { includeLexicon: true, publishedOnly: true, references }
    for (const c of cases) await search(handle.db, c.q, options)
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        const start = performance.now()
        await search(handle.db, c.q, options)
        samples.push(performance.now() - start)
      }
    }
  } finally {
    await handle.close()
  }
  return samples
}

export function searchSpeedFigures(http: number[], direct: number[] | null, label: string, why?: string): Figure[] {
  const p50 = percentile(http, 50)
  const p95 = percentile(http, 95)
  const d50 = direct ? percentile(direct, 50) : null
  const d95 = direct ? percentile(direct, 95) : null
  return [
    {
      figure: `search p50 [${label}]`,
      value: p50,
      unit: 'ms',
      baseline: d50,
      ratio: d50 ? p50 / d50 : null,
      target: 'reported',
      pass: null,
    },
    {
      figure: `search p95 [${label}]`,
      value: p95,
      unit: 'ms',
      baseline: d95,
      ratio: d95 ? p95 / d95 : null,
      target: '< 50 ms; ratio ≤ 1.5',
      pass: p95 < 50 && (d95 === null || p95 / d95 <= 1.5),
      note: direct
        ? `baseline: search() on a database handle in the bench process; ${http.length} requests${label === 'embedded' ? '; after the upkeep that follows the saves (bench/run.ts waitForUpkeep)' : ''}`
        : `direct baseline not measured: ${why}`,
    },
  ]
}
