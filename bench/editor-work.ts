// An editor's worst cases on the 9 MB page (issue 26, item 2; decision 042): a save that replaces
// every block (the page saved with an unrelated text of the same size), a comparison of those two
// unrelated versions, and a restore of the other one. Each is timed over HTTP against a baseline of
// the same kind measured seconds apart (saving the same text again; reading the revision whole),
// while one reader asks for a small page's chunk again and again and another asks `/api/health`:
// their longest waits say whether the editor's work held anyone up.
// Part of `npm run bench` (BENCH_ONLY=worst); alone, without the corpus import, on a fresh embedded
// database (and PostgreSQL unless BENCH_SKIP_POSTGRES) with the generated 9 MB page:
// `node --import tsx bench/editor-work.ts`.
import { pathToFileURL } from 'node:url'
import { READER_CHUNK_SIZES } from '#shared/limits.ts'
import { generatePage } from '../test-support/generated-page.ts'
import { Client } from './lib/http.ts'
import { formatTable, reported, type Figure } from './lib/results.ts'
import { createPostgresDatabase, startServer, type RunningServer } from './lib/server.ts'

/** The bounds: the worst case's own time, and against its baseline (an ordinary case on the same machine). */
const SAVE_MS = 10_000
const COMPARE_MS = 3_000
const RATIO = 2
/** Between one reader's requests. */
const READER_PAUSE_MS = 10
/** No reader waits longer than this while the editor works. */
const READER_WAIT_MS = 1_000

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** Runs `work` while `paths` are asked one request at a time each; their latencies (ms) per path. */
async function whileReading<T>(server: RunningServer, paths: string[], work: () => Promise<T>) {
  const client = new Client(server.base, 4)
  let done = false
  const samples = paths.map(() => [] as number[])
  const readers = paths.map(async (path, i) => {
    while (!done) {
      const answer = await client.request('GET', path)
      if (answer.status !== 200) throw new Error(`GET ${path} → ${answer.status}`)
      samples[i]!.push(answer.ms)
      // A reader, not a load generator: the two shared cores are the server's.
      await new Promise((resolve) => setTimeout(resolve, READER_PAUSE_MS))
    }
  })
  const started = performance.now()
  try {
    const result = await work()
    return { result, ms: performance.now() - started, samples }
  } finally {
    done = true
    await Promise.all(readers)
    client.close()
  }
}

export async function editorWorstCaseFigures(
  server: RunningServer,
  largeHtml: string,
  chapterId: number,
  label: string,
): Promise<Figure[]> {
  const client = server.admin
  const unrelated = generatePage({ bytes: Buffer.byteLength(largeHtml), seed: 99 }).content
  const meta = { title: 'Bench worst cases', chapterId, order: 4, published: false }
  const small = await client.post<{ id: number }>('/api/content', {
    ...meta,
    title: 'Bench small reader page',
    published: true,
    content: '<h2>Väike</h2><p>Lugeja lehekülg.</p>',
  })
  const readerPaths = [`/api/content/${small.id}/chunks?chunk=0&size=${READER_CHUNK_SIZES[0]}`, '/api/health']
  const { id } = await client.post<{ id: number }>('/api/content', { ...meta, content: largeHtml })
  let version = 1
  const put = async (content: string) => {
    const answer = await client.request(
      'PUT',
      `/api/content/${id}`,
      JSON.stringify({ ...meta, content, baseVersion: version }),
      { 'content-type': 'application/json' },
    )
    if (answer.status !== 200) throw new Error(`PUT → ${answer.status}: ${answer.body.toString().slice(0, 200)}`)
    version++
  }
  const get = async (path: string) => {
    const answer = await client.request('GET', path)
    if (answer.status !== 200) throw new Error(`${path} → ${answer.status}: ${answer.body.toString().slice(0, 200)}`)
  }

  // Baselines first: the same text saved again (every block equal), then the worst case.
  const sameSave = await whileReading(server, readerPaths, () => put(largeHtml))
  const worstSave = await whileReading(server, readerPaths, () => put(unrelated))
  const history = await client.get<{ data: Array<{ revisionId: number; version: number }> }>(
    `/api/content/${id}/revisions`,
  )
  // Newest first: the large text as saved again, then the large text as first saved.
  const [ofLarge] = history.data
  const comparePath = `/api/content/${id}/revisions/compare?from=${ofLarge!.revisionId}`
  const read = await whileReading(server, readerPaths, () => get(`/api/content/${id}/revisions/${ofLarge!.revisionId}`))
  const compare = await whileReading(server, readerPaths, () => get(comparePath))
  const restore = await whileReading(server, readerPaths, async () => {
    const answer = await client.request(
      'POST',
      `/api/content/${id}/revisions/${ofLarge!.revisionId}/restore`,
      JSON.stringify({ baseVersion: version }),
      { 'content-type': 'application/json' },
    )
    if (answer.status !== 200) throw new Error(`restore → ${answer.status}: ${answer.body.toString().slice(0, 200)}`)
    version++
  })
  await client.request('DELETE', `/api/content/${id}`)
  await client.request('DELETE', `/api/content/${small.id}`)

  const runs = [worstSave, compare, restore]
  const waits = (path: number) => runs.flatMap((run) => run.samples[path]!)
  const chunkWaits = waits(0)
  const healthWaits = waits(1)
  const longestChunk = Math.max(...chunkWaits)
  const figure = (
    name: string,
    run: { ms: number },
    baseline: { ms: number },
    bound: number,
    note: string,
  ): Figure => ({
    figure: `editor worst case: ${name} [${label}]`,
    value: Math.round(run.ms),
    unit: 'ms',
    baseline: Math.round(baseline.ms),
    ratio: Number((run.ms / baseline.ms).toFixed(2)),
    target: `< ${bound / 1000} s; ratio ≤ ${RATIO}`,
    pass: run.ms < bound && run.ms / baseline.ms <= RATIO,
    note,
  })
  return [
    figure(
      'save replacing every block of the 9 MB page',
      worstSave,
      sameSave,
      SAVE_MS,
      'PUT of an unrelated 9 MB text; baseline: the same text saved again',
    ),
    figure(
      'compare of two unrelated 9 MB versions',
      compare,
      read,
      COMPARE_MS,
      'revision vs current text (none of their blocks in common); baseline: reading the revision whole',
    ),
    figure(
      'restore of the unrelated version',
      restore,
      sameSave,
      SAVE_MS,
      'restore of the revision with the other text; baseline: the same text saved again',
    ),
    {
      figure: `editor worst case: longest reader wait [${label}]`,
      value: Math.round(longestChunk),
      unit: 'ms',
      baseline: null,
      ratio: null,
      target: `< ${READER_WAIT_MS / 1000} s`,
      pass: longestChunk < READER_WAIT_MS,
      note: `a small page's chunk asked ${chunkWaits.length} times, one at a time 10 ms apart, during the three cases; p99 ${Math.round(percentile(chunkWaits, 99))} ms`,
    },
    reported(
      `editor worst case: longest /api/health wait [${label}]`,
      Math.round(Math.max(...healthWaits)),
      'ms',
      `${healthWaits.length} requests during the three cases, p99 ${Math.round(percentile(healthWaits, 99))} ms (health asks the database: on the embedded one it waits for the save's writes)`,
    ),
  ]
}

async function measureOn(kind: RunningServer['kind'], label: string, databaseUrl?: string): Promise<Figure[]> {
  const server = await startServer(kind, databaseUrl)
  try {
    const book = await server.admin.post<{ id: number }>('/api/books', { title: 'Bench worst cases' })
    const chapter = await server.admin.post<{ id: number }>('/api/chapters', { title: 'Bench', bookId: book.id })
    return await editorWorstCaseFigures(server, generatePage().content, chapter.id, label)
  } finally {
    await server.stop()
  }
}

async function main() {
  const figures = await measureOn('embedded', 'embedded')
  const postgres = process.env.BENCH_SKIP_POSTGRES ? null : await createPostgresDatabase()
  if (postgres) {
    try {
      figures.push(...(await measureOn('postgres', 'PostgreSQL', postgres.url)))
    } finally {
      await postgres.drop()
    }
  }
  process.stdout.write(`${formatTable(figures)}\n`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
