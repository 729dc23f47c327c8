// What the content module keeps in memory, per application instance: the processing worker, the
// page states, the caches of reader chunks, sent page HTML, anchor indexes, outlines and find's
// page texts, and the work still running after its answer. Every part of the module is handed this
// context; nothing of it lives at module level. buildApp makes one (server/app-state.ts); a
// command-line import makes its own.
import v8 from 'node:v8'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import { TextCache } from '../../lib/text-cache.ts'
import { ProcessingWorker } from './processing/run-in-worker.ts'
import {
  ChunkStore,
  outlineCache,
  PageStates,
  pageTextCache,
  type OutlineCache,
  type PageTextCache,
} from './reader/index.ts'

/**
 * Work that goes on after its request has its answer: removing a superseded build, or a job over
 * every page (reprocessing). When the app closes, `stop` tells what runs to stop (a job looks at
 * `signal` between two pages and marks its run interrupted, reprocess.service.ts) and waits for it.
 */
export class BackgroundWork {
  private readonly controller = new AbortController()
  private readonly running = new Set<Promise<void>>()

  /** Aborted once the work is told to stop. */
  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** Starts `work`; a failure is dropped (what it leaves is for `removeStaleBuilds`, or in its job's row). */
  start(work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch(() => {})
      .finally(() => this.running.delete(running))
    this.running.add(running)
  }

  /** Waits until nothing is running. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running)
  }

  /** Tells what runs to stop, then waits until nothing is running (before the database closes). */
  async stop(): Promise<void> {
    this.controller.abort()
    await this.settle()
  }
}

export interface ContentContext {
  db: Db
  /** Jobs this app runs (reprocessing every page): stopped between two pages when it closes. */
  jobs: BackgroundWork
  worker: ProcessingWorker
  /** Removals of superseded builds, after their save has answered. */
  background: BackgroundWork
  /**
   * Reader chunks as the bytes they are sent as (UTF-8 JSON, gzip, brotli), keyed by page, build,
   * chunk and size (chunk-store.ts). Every save and reprocessing makes a new build, so an entry can
   * never be stale, whichever server process made it.
   */
  chunks: ChunkStore
  /** Every page's reader state (published, version, build, blocks), kept true across processes. */
  pageStates: PageStates
  /**
   * A page's HTML as sent (its body, processed body and links section, sanitised again), so a
   * repeat costs a lookup (a 9 MB body takes ~0.2 s once). Room for both bodies of the largest page.
   */
  pageHtml: TextCache
  /** Anchor indexes by build: the 9 MB page has ~47,000 ids, parsed once per build. */
  anchors: LRUCache<number, Map<string, number>>
  /** Builds' outlines, which give readers' headings their levels (reader/reader.service.ts). */
  outlines: OutlineCache
  /** Builds' text as find in page folds it (reader/find-in-page.ts). */
  pageTexts: PageTextCache
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
  const pageHtml = new TextCache(Math.floor(0.4 * budget))
  return {
    db,
    jobs: new BackgroundWork(),
    worker: new ProcessingWorker(options.idleStopMs),
    background: new BackgroundWork(),
    // The reader's size gets what the JSON text and the compressed copies had before (a 9 MB page's
    // 47 chunks are ~7 MB with both compressions); other sizes a small place of their own.
    chunks: new ChunkStore(Math.floor(0.38 * budget), Math.floor(0.02 * budget)),
    pageStates: new PageStates(db, options.databaseUrl || undefined),
    pageHtml,
    anchors: new LRUCache<number, Map<string, number>>({
      maxSize: Math.floor((0.2 * budget) / ANCHOR_ENTRY_BYTES),
      sizeCalculation: (index) => index.size + 1,
    }),
    outlines: outlineCache(db),
    pageTexts: pageTextCache({ db, pageHtml }),
  }
}

export async function startContentContext(content: ContentContext): Promise<void> {
  await content.pageStates.start()
}

/** Stops jobs and lets background work finish, then stops the processing worker and the page-state listener. */
export async function closeContentContext(content: ContentContext): Promise<void> {
  await content.jobs.stop()
  await content.background.stop()
  await content.worker.close()
  await content.pageStates.close()
}
