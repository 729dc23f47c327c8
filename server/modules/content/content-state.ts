// What the content module keeps in memory, per application instance: the processing worker, the
// caches of reader chunks, sent page HTML and anchor indexes, and the removals of superseded builds
// still running. buildApp makes one (server/app-state.ts); a command-line import makes its own.
import v8 from 'node:v8'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import { TextCache } from '../../lib/text-cache.ts'
import { PageStates } from './page-states.ts'
import { ProcessingWorker } from './processing/run-in-worker.ts'

/** Work that goes on after a request has its answer (removing a superseded build). */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>()

  /** Starts `work`; a failure is dropped (what it leaves is for `removeStaleBuilds`). */
  start(work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch(() => {})
      .finally(() => this.running.delete(running))
    this.running.add(running)
  }

  /** Waits until nothing is running (before the database closes). */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running)
  }
}

/**
 * Background jobs this app runs (reprocessing every page): closing the app stops them between two
 * pages, and they mark their run interrupted (reprocess.service.ts).
 */
export class AppJobs {
  private readonly controller = new AbortController()
  private readonly running = new Set<Promise<void>>()

  get signal(): AbortSignal {
    return this.controller.signal
  }

  start(job: () => Promise<void>): void {
    const running: Promise<void> = job()
      .catch(() => {})
      .finally(() => this.running.delete(running))
    this.running.add(running)
  }

  async stop(): Promise<void> {
    this.controller.abort()
    while (this.running.size > 0) await Promise.all(this.running)
  }
}

export interface ContentContext {
  db: Db
  jobs: AppJobs
  worker: ProcessingWorker
  background: BackgroundWork
  /**
   * Serialised chunks, keyed by page, build, chunk and size. Every save and reprocessing makes a new
   * build, so an entry can never be stale, whichever server process made it; the cache only saves
   * the block query and the JSON work for chunks readers ask for again.
   */
  chunks: TextCache
  /** The same chunks compressed (br, gzip), keyed by chunk key and encoding: compressed once each. */
  encodedChunks: LRUCache<string, Buffer>
  /** Every page's reader state (published, version, build, blocks), kept true across processes. */
  pageStates: PageStates
  /**
   * A page's HTML as sent (its body, processed body and links section, sanitised again), so a
   * repeat costs a lookup (a 9 MB body takes ~0.2 s once). Room for both bodies of the largest page.
   */
  pageHtml: TextCache
  /** Anchor indexes by build: the 9 MB page has ~47,000 ids, parsed once per build. */
  anchors: LRUCache<number, Map<string, number>>
}

/**
 * What the caches may hold together: a share of the JavaScript heap the process was started with
 * (`npm start` gives it 256 MB), so full caches leave room for a save's work and can never be what
 * runs the heap out, and at most 256 MB however large the heap.
 */
function cacheBudgetBytes() {
  return Math.min(0.4 * v8.getHeapStatistics().heap_size_limit, 256 * 1024 * 1024)
}

/** About what one anchor index entry (an id and a block number in a Map) costs on the heap. */
const ANCHOR_ENTRY_BYTES = 80

export interface ContentContextOptions {
  idleStopMs?: number
  /** PostgreSQL's address, where page-state changes are listened for; unset on the embedded database. */
  databaseUrl?: string | undefined
}

/** Makes the context; `startContentContext` then starts listening for other processes' changes. */
export function createContentContext(db: Db, options: ContentContextOptions = {}): ContentContext {
  const budget = cacheBudgetBytes()
  return {
    db,
    jobs: new AppJobs(),
    worker: new ProcessingWorker(options.idleStopMs),
    background: new BackgroundWork(),
    chunks: new TextCache(Math.floor(0.3 * budget)),
    encodedChunks: new LRUCache<string, Buffer>({
      maxSize: Math.floor(0.1 * budget),
      sizeCalculation: (bytes, key) => bytes.length + key.length * 2 + 64,
    }),
    pageStates: new PageStates(db, options.databaseUrl || undefined),
    pageHtml: new TextCache(Math.floor(0.4 * budget)),
    anchors: new LRUCache<number, Map<string, number>>({
      maxSize: Math.floor((0.2 * budget) / ANCHOR_ENTRY_BYTES),
      sizeCalculation: (index) => index.size + 1,
    }),
  }
}

export async function startContentContext(content: ContentContext): Promise<void> {
  await content.pageStates.start()
}

/** Lets background work finish, then stops the processing worker and the page-state listener. */
export async function closeContentContext(content: ContentContext): Promise<void> {
  await content.jobs.stop()
  await content.background.settle()
  await content.worker.close()
  await content.pageStates.close()
}
