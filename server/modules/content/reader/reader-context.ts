// What the reader part is handed (a part of the content module's context, content-state.ts, which
// extends it): the database and the caches of one app instance. Declared here, so the reader does not
// import the module's context and the context imports the reader, not the other way round.
import type { LRUCache } from 'lru-cache'
import type { Db } from '../../../db/client.ts'
import type { SearchIndexMerges } from '../../../db/search-index.ts'
import type { BackgroundWork } from '../../../lib/background-work.ts'
import type { TextCache } from '../../../lib/text-cache.ts'
import type { ChunkStore } from './chunk-store.ts'
import type { PageTextCache } from './find-in-page.ts'
import type { PageStates } from './page-states.ts'
import type { OutlineCache } from './reader.service.ts'

export interface ReaderContext {
  db: Db
  /** Removals of superseded builds, after their save has answered. */
  background: BackgroundWork
  /**
   * The embedded database: told when a build's search passages are written, before any page shows
   * them, to merge them while readers search (db/search-index.ts). Null on PostgreSQL.
   */
  searchIndex: SearchIndexMerges | null
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
