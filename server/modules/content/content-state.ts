// What the content module keeps in memory, per application instance: the processing worker, the
// page states, the caches of reader chunks, sent page HTML, anchor indexes, outlines and find's
// page texts, and the work still running after its answer. Every part of the module is handed this
// context; nothing of it lives at module level. buildApp makes one (server/app-state.ts); a
// command-line import makes its own.
import v8 from 'node:v8'
import { LRUCache } from 'lru-cache'
import type { Db } from '../../db/client.ts'
import type { SearchIndexMerges } from '../../db/search-index.ts'
import { BackgroundWork } from '../../lib/background-work.ts'
import { TextCache } from '../../lib/text-cache.ts'
import { ProcessingWorker } from './processing/run-in-worker.ts'
import { ChunkStore, outlineCache, PageStates, pageTextCache, type ReaderContext } from './reader/index.ts'

export interface ContentContext extends ReaderContext {
  /** Jobs this app runs (reprocessing every page): stopped between two pages when it closes. */
  jobs: BackgroundWork
  worker: ProcessingWorker
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
  /** Told of every build's new search passages (the embedded database's server, ReaderContext). */
  searchIndex?: SearchIndexMerges | null
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
    searchIndex: options.searchIndex ?? null,
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
