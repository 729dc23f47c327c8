// Everything one application instance keeps in memory (caches, the processing worker and its queue,
// background work), made by buildApp, which hands each plugin the parts it uses, so two apps in one
// process share nothing. Guards that must hold across processes (one reprocessing at a time) live in
// the database instead (server/db/job-lock.ts).
import type { Db } from './db/client.ts'
import { readerPageCache, type ReaderPageCache } from './http/reader-page.ts'
import { compressedShells, type CompressedShells } from './http/static.ts'
import { TextCache } from './lib/text-cache.ts'
import {
  closeContentContext,
  createContentContext,
  startContentContext,
  type ContentContext,
} from './modules/content/content-state.ts'
import { CollectionCatalogue } from './modules/collections/collections.service.ts'
import { keptTitleBars } from './modules/content/reader/index.ts'
import {
  closeExportState,
  createExportState,
  type ExportOptions,
  type ExportState,
} from './modules/export/export.service.ts'
import { PublicImages } from './modules/images/public-images.ts'
import { pageMetaByBuild } from './modules/site/page-meta.ts'
import { sitemapCache, type SitemapCache } from './modules/site/site.routes.ts'
import { SearchAnswers } from './modules/search/search-answers.ts'
import { mergePendingPassages, SearchIndexMerges } from './db/search-index.ts'
import { FormsRegeneration } from './modules/terms/term-forms.ts'
import { TermLookupIndex } from './modules/terms/term-lookup.ts'

export interface AppState {
  content: ContentContext
  /** Term descriptions as sent (sanitised again), keyed by the stored text. */
  termDescriptions: TextCache
  /** EPUB exports: the files kept on disk, the worker threads making them and their queue. */
  exports: ExportState
  /** Published pages' title bars while nothing changes (content/reader/first-view.ts, decision 040). */
  titleBars: ReturnType<typeof keptTitleBars>
  /** Reader pages' titles and descriptions, the descriptions kept by build (site/page-meta.ts). */
  readerMeta: ReturnType<typeof pageMetaByBuild>
  /** Reader pages' HTML as made from a summary and build (http/reader-page.ts, decision 039). */
  readerPages: ReaderPageCache
  /** Page shells compressed per encoding (http/static.ts). */
  shells: CompressedShells
  /** Which pictures published pages show, so only those are served to visitors (images/public-images.ts). */
  publicImages: PublicImages
  /** /sitemap.xml per origin while the page states' moment stands (site/site.routes.ts). */
  sitemaps: SitemapCache
  /** The canon's collections as reference reading uses them, checked against the table at most once a second. */
  collections: CollectionCatalogue
  /** Every term's forms by plain spelling, for GET /api/terms/lookup (terms/term-lookup.ts, decision 055). */
  termLookup: TermLookupIndex
  /** Writes again the forms an older generator wrote; main.ts starts it after the app listens. */
  formsRegeneration: FormsRegeneration
  /** The search's answers until anything they are read from changes (search/search-answers.ts, decision 066). */
  searchAnswers: SearchAnswers
}

/** `databaseUrl`: PostgreSQL's, where the app listens for other processes' page changes. */
export async function createAppState(db: Db, databaseUrl?: string, exports?: ExportOptions): Promise<AppState> {
  // The embedded database (no PostgreSQL address): saves merge their passages while readers search (067).
  const searchIndex = databaseUrl ? null : new SearchIndexMerges(() => mergePendingPassages(db))
  const content = createContentContext(db, { databaseUrl, searchIndex })
  await startContentContext(content)
  const termLookup = new TermLookupIndex(db)
  return {
    content,
    termDescriptions: new TextCache(8 * 1024 * 1024),
    exports: await createExportState(exports),
    titleBars: keptTitleBars(content),
    readerMeta: pageMetaByBuild(db),
    readerPages: readerPageCache(),
    shells: compressedShells(),
    publicImages: new PublicImages(db, content.pageStates),
    sitemaps: sitemapCache(db),
    collections: new CollectionCatalogue(db),
    termLookup,
    formsRegeneration: new FormsRegeneration(db, () => {
      termLookup.changed()
      content.pageStates.outdate()
    }),
    // One search at a time on the embedded database's one connection (decision 067).
    searchAnswers: new SearchAnswers(content.pageStates, 8 * 1024 * 1024, searchIndex, searchIndex ? 1 : Infinity),
  }
}

/** One in-memory cache's size, as GET /metrics reports it (bytes where the cache measures them). */
export interface CacheSize {
  cache: string
  entries: number
  bytes?: number
}

/** The sizes of the app instance's caches that grow with what readers ask for. */
export function cacheSizes(state: AppState): CacheSize[] {
  const { content } = state
  return [
    { cache: 'reader_chunks', ...content.chunks.kept() },
    { cache: 'page_html', ...content.pageHtml.kept() },
    { cache: 'anchor_indexes', entries: content.anchors.size },
    { cache: 'outlines', entries: content.outlines.size },
    { cache: 'page_texts', entries: content.pageTexts.size, bytes: content.pageTexts.calculatedSize },
    { cache: 'term_descriptions', ...state.termDescriptions.kept() },
    { cache: 'reader_pages', entries: state.readerPages.size, bytes: state.readerPages.calculatedSize },
    { cache: 'sitemaps', entries: state.sitemaps.size },
    { cache: 'search_answers', ...state.searchAnswers.size() },
  ]
}

/** Lets background work finish, stops the export and processing workers and the listener (before the database closes). */
export async function closeAppState(state: AppState): Promise<void> {
  await state.formsRegeneration.stop()
  await closeExportState(state.exports)
  await closeContentContext(state.content)
}
