// The load drill: 200 concurrent readers fetch reader chunks (the 9 MB page among others), jump to
// anchors and search for 60 s while an administrator saves the 9 MB page again and again through
// the chunked API (POST /api/content/chunk ×N, then /api/content/finalize). Every answer must be 200,
// or 304 to a conditional request; and since every save stores the same text, every chunk and every
// jump must answer the same bytes before, during and after the saves (a half-saved page would show).
// Embedded database, then PostgreSQL when one answers. Prints its figures; exits 1 on any failure,
// and when the latencies or the saves pass the bounds below (about twice what they are today on two
// shared cores): a run that answered everything but made readers wait seconds is a failed run too.
import fs from 'node:fs'
import type { SearchAnswer } from '#shared/api/search.ts'
import { READER_CHUNK_SIZE, READER_CHUNK_SIZES } from '#shared/limits.ts'
import { allPages, bytesOf, largestPage, linkTerms, readCorpus, smallPage, type Corpus } from '../bench/lib/corpus.ts'
import { Client, type Answer } from '../bench/lib/http.ts'
import { importTermsOverApi, saveOverApi, type SaveTiming } from '../bench/lib/save.ts'
import { createPostgresDatabase, startServer, type RunningServer } from '../bench/lib/server.ts'
import { percentile } from '../bench/lib/stats.ts'
import { readQueries } from '../bench/search.ts'

const READERS = Number(process.env.DRILL_READERS ?? 200)
/**
 * A reader's mean pause between requests (uniform from 0 to twice this). Readers read: 200 of them
 * pausing ~1 s ask ~200 requests a second. 0 makes them a crawler that saturates the server; the
 * drill passes that way too, but then each of the save's ~180 upload requests queues behind the
 * readers' and the 9 MB save takes minutes.
 */
const THINK_MS = Number(process.env.DRILL_THINK_MS ?? 1000)
const SECONDS = Number(process.env.DRILL_LOAD_SECONDS ?? 60)
/** A request slower than this counts as failed (and the drill goes on). */
const REQUEST_TIMEOUT_MS = 30_000
/** Bounds of a passing run, in ms (client-side, so they include the client's own share of the cores). */
const BOUNDS = {
  /** Any request of any kind, at p99. */
  p99: 5_000,
  /** Searches at the median: a search that read a never-merged index took 2.3 s (decision 057). */
  searchP50: 600,
  /** Each save of the 9 MB page under the load (the same never-merged index made one take 437 s). */
  save: 60_000,
}
/** Reader chunk sizes: the server answers only the reader's own (other sizes are refused with 400). */
const SIZES = READER_CHUNK_SIZES
/** Pages searched for by bench/search-queries.json are imported too, up to this size each. */
const MAX_OTHER_PAGE_BYTES = 400_000

type Kind = 'chunk' | 'chunk 304' | 'locate' | 'search'
const KINDS: Kind[] = ['chunk', 'chunk 304', 'locate', 'search']

interface ReaderPage {
  id: number
  title: string
  bytes: number
  /** totalChunks by chunk size. */
  totalChunks: Map<number, number>
  anchors: string[]
}

interface Library {
  large: ReaderPage
  largeHtml: string
  chapterId: number
  pages: ReaderPage[]
  queries: string[]
}

const log = (message: string) =>
  process.stderr.write(`[load drill ${new Date().toISOString().slice(11, 19)}] ${message}\n`)

/** The lexicon, the 9 MB page and the pages the bench's search questions are about, saved as the editor does. */
async function seed(server: RunningServer, corpus: Corpus, lexiconCsv: Buffer): Promise<Library> {
  const admin = server.admin
  await importTermsOverApi(admin, lexiconCsv)
  const termIds = new Map((await admin.get<{ id: number; term: string }[]>('/api/terms')).map((t) => [t.term, t.id]))
  const book = await admin.post<{ id: number }>('/api/books', { title: 'Load drill', order: 1 })
  const chapter = await admin.post<{ id: number }>('/api/chapters', { title: 'Pages', bookId: book.id, order: 1 })
  const queries = readQueries()
  const wanted = new Set(queries.map((q) => q.page).filter((title): title is string => Boolean(title)))
  const largest = largestPage(corpus)
  const small = smallPage(corpus)
  const chosen = allPages(corpus).filter(
    (page) =>
      page === largest || page === small || (wanted.has(page.title) && bytesOf(page.content) <= MAX_OTHER_PAGE_BYTES),
  )
  const pages: ReaderPage[] = []
  let largeHtml = ''
  for (const [order, page] of chosen.entries()) {
    const html = linkTerms(page.content, termIds)
    if (page === largest) largeHtml = html
    const meta = { title: page.title, chapterId: chapter.id, order, published: true }
    const { id } = await saveOverApi(admin, html, meta)
    pages.push(await readerPage(admin, id, page.title, bytesOf(html)))
  }
  return {
    large: pages.find((p) => p.title === largest.title)!,
    largeHtml,
    chapterId: chapter.id,
    pages,
    queries: queries.map((q) => q.q),
  }
}

async function readerPage(client: Client, id: number, title: string, bytes: number): Promise<ReaderPage> {
  const meta = await client.get<{ headers: { id: string }[] }>(`/api/content/${id}?body=false`)
  const totalChunks = new Map<number, number>()
  for (const size of SIZES) {
    const first = await client.get<{ totalChunks: number }>(`/api/content/${id}/chunks?chunk=0&size=${size}`)
    totalChunks.set(size, first.totalChunks)
  }
  return { id, title, bytes, totalChunks, anchors: meta.headers.map((h) => h.id) }
}

interface Tally {
  latencies: Map<Kind, number[]>
  statuses: Map<number, number>
  errors: number
  messages: string[]
  /** The first answer to each chunk or locate URL: every later 200 must say the same (a chunk's build aside). */
  firstAnswer: Map<string, string>
}

function fail(tally: Tally, message: string) {
  tally.errors++
  if (tally.messages.length < 10) tally.messages.push(message)
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!

function timed(client: Client, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS)
  })
  return Promise.race([client.request('GET', path, undefined, headers), timeout]).finally(() => clearTimeout(timer))
}

/** Same bytes as the first answer to this URL; the first one is checked with `valid`. */
/**
 * Whether an answer says what the first answer to the same request said. Chunks name the build they
 * come from, which every save replaces: the text must stay the same, the build may not.
 */
function sameAsFirst(tally: Tally, path: string, body: Buffer, valid: (json: unknown) => boolean) {
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    return false
  }
  const { buildId: _build, ...said } = json as Record<string, unknown>
  const text = JSON.stringify(said)
  const first = tally.firstAnswer.get(path)
  if (first !== undefined) return first === text
  const ok = valid(json)
  if (ok) tally.firstAnswer.set(path, text)
  return ok
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One reader: chunks (some conditional), jumps and searches, one request at a time, until `stop`. */
async function reader(client: Client, library: Library, tally: Tally, stop: () => boolean) {
  const etags = new Map<string, string>()
  for (let first = true; !stop(); first = false) {
    if (!first && THINK_MS > 0) {
      await pause(Math.random() * 2 * THINK_MS)
      if (stop()) break
    }
    const roll = Math.random()
    const page = Math.random() < 0.5 ? library.large : pick(library.pages)
    let path: string
    let kind: Kind
    let conditional: string | undefined
    if (roll < 0.7 || page.anchors.length === 0) {
      const size = pick(SIZES)
      const total = page.totalChunks.get(size)!
      const chunk = Math.floor(Math.random() * total)
      path = `/api/content/${page.id}/chunks?chunk=${chunk}&size=${size}`
      conditional = Math.random() < 0.5 ? etags.get(path) : undefined
      kind = 'chunk'
    } else if (roll < 0.8) {
      path = `/api/content/${page.id}/locate?anchor=${encodeURIComponent(pick(page.anchors))}&size=${READER_CHUNK_SIZE}`
      kind = 'locate'
    } else {
      const lexicon = Math.random() < 0.5 ? '&includeLexicon=true' : ''
      path = `/api/search?q=${encodeURIComponent(pick(library.queries))}${lexicon}`
      kind = 'search'
    }
    let answer: Answer
    try {
      answer = await timed(client, path, conditional ? { 'if-none-match': conditional } : {})
    } catch (error) {
      fail(tally, `GET ${path}: ${error instanceof Error ? error.message : String(error)}`)
      continue
    }
    tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1)
    const ok = checkAnswer(tally, kind, path, answer, conditional, etags)
    if (!ok) {
      fail(
        tally,
        `GET ${path}${conditional ? ' (conditional)' : ''} → ${answer.status} ${answer.body.toString().slice(0, 160)}`,
      )
      continue
    }
    const recorded: Kind = kind === 'chunk' && answer.status === 304 ? 'chunk 304' : kind
    tally.latencies.get(recorded)!.push(answer.ms)
  }
}

function checkAnswer(
  tally: Tally,
  kind: Kind,
  path: string,
  answer: Answer,
  conditional: string | undefined,
  etags: Map<string, string>,
) {
  if (kind === 'chunk') {
    const etag = answer.headers.etag
    if (answer.status === 304) return conditional !== undefined && etag === conditional
    if (answer.status !== 200 || !etag) return false
    etags.set(path, etag)
    const chunk = Number(/chunk=(\d+)/.exec(path)![1])
    return sameAsFirst(tally, path, answer.body, (json) => {
      const body = json as { chunk?: unknown; hasMore?: unknown; totalChunks?: unknown }
      const total = Number(body.totalChunks)
      return typeof body.chunk === 'string' && body.chunk.length > 0 && body.hasMore === chunk < total - 1
    })
  }
  if (answer.status !== 200) return false
  if (kind === 'locate') {
    return sameAsFirst(tally, path, answer.body, (json) => Number.isInteger((json as { chunk?: unknown }).chunk))
  }
  try {
    return Array.isArray((JSON.parse(answer.body.toString('utf8')) as SearchAnswer).results)
  } catch {
    return false
  }
}

interface SaveRecord extends SaveTiming {
  at: number
}

interface DrillResult {
  label: string
  seconds: number
  requests: number
  tally: Tally
  saves: SaveRecord[]
  saveFailures: string[]
  peakSockets: number
  seedSeconds: number
  library: Library
}

async function drill(label: string, databaseUrl: string | undefined, corpus: Corpus, lexiconCsv: Buffer) {
  log(`${label}: starting the server`)
  const server = await startServer(databaseUrl ? 'postgres' : 'embedded', databaseUrl)
  const readers = new Client(server.base, READERS)
  try {
    const seedStart = performance.now()
    log(`${label}: importing the lexicon, the 9 MB page and the searched pages through the API`)
    const library = await seed(server, corpus, lexiconCsv)
    const seedSeconds = (performance.now() - seedStart) / 1000
    const tally: Tally = {
      latencies: new Map(KINDS.map((k) => [k, []])),
      statuses: new Map(),
      errors: 0,
      messages: [],
      firstAnswer: new Map(),
    }
    log(`${label}: ${READERS} readers for ${SECONDS} s while the 9 MB page is saved again and again`)
    const start = performance.now()
    const end = start + SECONDS * 1000
    // Readers go on until the window is over and no save is in flight: every save, its finalize
    // above all, runs under the full load.
    let saveInFlight = true
    const stop = () => performance.now() >= end && !saveInFlight
    let peakSockets = 0
    const sampler = setInterval(() => {
      const open = Object.values(readers.agent.sockets).reduce((n, list) => n + (list?.length ?? 0), 0)
      peakSockets = Math.max(peakSockets, open)
    }, 250)
    const saves: SaveRecord[] = []
    const saveFailures: string[] = []
    const saving = (async () => {
      const meta = { title: library.large.title, chapterId: library.chapterId, order: 0, published: true }
      // The first save starts at once; another only when it should end inside the window (judged
      // by the last one), so the window outlasts 60 s by less than one save.
      for (let last = 0; saves.length === 0 || performance.now() + last < end;) {
        const at = (performance.now() - start) / 1000
        try {
          const timing = await saveOverApi(server.admin, library.largeHtml, meta, library.large.id)
          saves.push({ ...timing, at })
          last = timing.ms
        } catch (error) {
          saveFailures.push(error instanceof Error ? error.message.slice(0, 300) : String(error))
          break
        }
      }
    })().finally(() => {
      saveInFlight = false
    })
    await Promise.all(Array.from({ length: READERS }, () => reader(readers, library, tally, stop)))
    const seconds = (performance.now() - start) / 1000
    clearInterval(sampler)
    await saving
    const requests = [...tally.latencies.values()].reduce((n, list) => n + list.length, 0) + tally.errors
    if (tally.errors > 0 || saveFailures.length > 0) log(`${label}: server log tail:\n${server.logTail()}`)
    return { label, seconds, requests, tally, saves, saveFailures, peakSockets, seedSeconds, library } as DrillResult
  } finally {
    readers.close()
    await server.stop()
    fs.rmSync(server.dataDir, { recursive: true, force: true })
  }
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—')
const s = (n: number) => (n / 1000).toFixed(1)

function report(result: DrillResult): string[] {
  const { tally, saves, library } = result
  const lines = [
    `load drill (${result.label}): ${READERS} readers (pausing ${THINK_MS / 1000} s on average) for ${result.seconds.toFixed(0)} s (until the last save ended) on ${library.pages.length} pages ` +
      `(the ${(library.large.bytes / 1e6).toFixed(1)} MB page in half the requests) while it was saved through the chunked API; ` +
      `seeded in ${result.seedSeconds.toFixed(0)} s`,
    `  ${'kind'.padEnd(10)} ${'requests'.padStart(8)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)}  ms`,
  ]
  const all: number[] = []
  for (const kind of KINDS) {
    const samples = tally.latencies.get(kind)!
    all.push(...samples)
    lines.push(
      `  ${kind.padEnd(10)} ${String(samples.length).padStart(8)} ${ms(percentile(samples, 50)).padStart(6)} ${ms(percentile(samples, 95)).padStart(6)} ${ms(percentile(samples, 99)).padStart(6)} ${ms(Math.max(...samples)).padStart(6)}`,
    )
  }
  lines.push(
    `  ${'all'.padEnd(10)} ${String(all.length).padStart(8)} ${ms(percentile(all, 50)).padStart(6)} ${ms(percentile(all, 95)).padStart(6)} ${ms(percentile(all, 99)).padStart(6)} ${ms(Math.max(...all)).padStart(6)}`,
  )
  const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`)
  lines.push(
    `  ${result.requests} requests, ${(result.requests / result.seconds).toFixed(0)} req/s, ${tally.errors} failed; ` +
      `answers ${statuses.join(', ')}; ${result.peakSockets} connections open at the peak`,
  )
  const durations = saves.map(
    (t) => `at ${t.at.toFixed(0)} s: ${s(t.ms)} s (upload ${s(t.uploadMs)} + finalize ${s(t.finalizeMs)})`,
  )
  lines.push(
    `  saves of the ${(library.large.bytes / 1e6).toFixed(1)} MB page: ${saves.length} completed` +
      (saves.length ? `, ${durations.join('; ')}` : '') +
      (result.saveFailures.length ? `; ${result.saveFailures.length} FAILED` : ''),
  )
  for (const message of [...tally.messages, ...result.saveFailures]) lines.push(`  failure: ${message}`)
  for (const message of overBounds(result)) lines.push(`  OVER BOUND: ${message}`)
  return lines
}

/** What a run passed its bounds by, in words; empty when it stayed within them. */
function overBounds({ tally, saves }: DrillResult): string[] {
  const over: string[] = []
  for (const kind of KINDS) {
    const p99 = percentile(tally.latencies.get(kind)!, 99)
    if (p99 > BOUNDS.p99) over.push(`${kind} p99 ${ms(p99)} ms > ${BOUNDS.p99} ms`)
  }
  const searchP50 = percentile(tally.latencies.get('search')!, 50)
  if (searchP50 > BOUNDS.searchP50) over.push(`search p50 ${ms(searchP50)} ms > ${BOUNDS.searchP50} ms`)
  for (const save of saves) if (save.ms > BOUNDS.save) over.push(`a save took ${s(save.ms)} s > ${s(BOUNDS.save)} s`)
  return over
}

const failed = (r: DrillResult) =>
  r.tally.errors > 0 || r.saveFailures.length > 0 || r.saves.length === 0 || overBounds(r).length > 0

async function main() {
  const started = performance.now()
  const { corpus, lexiconCsv, source } = readCorpus()
  log(`library: ${source} (CORPUS_DIR=/path/to/corpus reads a real one)`)
  const results: DrillResult[] = []
  const embedded = await drill('embedded', undefined, corpus, lexiconCsv)
  results.push(embedded)
  console.log(report(embedded).join('\n'))
  const postgres = process.env.DRILL_SKIP_POSTGRES ? null : await createPostgresDatabase()
  if (postgres) {
    try {
      const result = await drill('PostgreSQL', postgres.url, corpus, lexiconCsv)
      results.push(result)
      console.log(report(result).join('\n'))
    } finally {
      await postgres.drop()
    }
  } else {
    console.log('load drill (PostgreSQL): skipped, no server answered (DATABASE_URL or 127.0.0.1:5432)')
  }
  console.log(`load drill: ${((performance.now() - started) / 1000).toFixed(0)} s in all`)
  if (results.some(failed)) {
    console.error('load drill FAILED: see the failures above')
    process.exit(1)
  }
}

main().catch((error: unknown) => {
  console.error('load drill FAILED:', error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
