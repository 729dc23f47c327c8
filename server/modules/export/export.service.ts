// EPUB 3 of a page, a chapter or a book, from each page's current reader build (its stored,
// sanitised blocks and links section), never by running the pipeline again (decision 031). Each is
// made once per build of what it holds, in a worker thread, a bounded number at a time, kept on disk
// and streamed from there (decision 041).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { foldDiacritics } from '#shared/text/fold-diacritics.ts'
import { slugify } from '#shared/text/slugify.ts'
import { AppError, notFound } from '../../http/errors.ts'
import type { ContentContext } from '../content/content-state.ts'
import { readStoredBlocks, storedLinksSection } from '../content/reader/index.ts'
import {
  type BuildLimits,
  DEFAULT_BUILD_LIMITS,
  ExportBuilder,
  exportsBusy,
  type ExportWorker,
} from './export-builder.ts'
import type { EpubContents } from './epub-writer.ts'
import { DEFAULT_EXPORT_CACHE_BYTES, type ExportFile, ExportFiles } from './export-files.ts'
import { type ExportKind, findBookTitle, findChapterTitles, findPageHeaders, listExportPages } from './export.repo.ts'

export type { ExportKind } from './export.repo.ts'

/** Raised when the files' layout changes, so ETags of earlier exports stop matching. */
const FORMAT = 1
/** Blocks read per statement. */
const BLOCK_BATCH = 500

/** What the export holds (the writer's EpubContents), and how it is named and kept. */
export interface EpubPlan extends EpubContents {
  etag: string
  /** The fingerprint's hash (the ETag's own part): the name of the file kept for it. */
  key: string
  /** `<slug>.epub`, ASCII. */
  filename: string
}

/**
 * What an export holds: the pages a visitor may read (administrators: drafts too), in the side tree's
 * order; 404 when there is none. The ETag names every page's build and every title shown.
 */
export async function planEpub(
  content: ContentContext,
  kind: ExportKind,
  id: number,
  { canSeeDrafts, origin }: { canSeeDrafts: boolean; origin: string },
): Promise<EpubPlan> {
  const { db } = content
  const pages = await listExportPages(db, kind, id, { publishedOnly: !canSeeDrafts })
  let title: string
  let subtitle: string[]
  if (kind === 'page') {
    const page = pages[0]
    if (!page) throw notFound('Content')
    title = page.title
    subtitle = [page.chapterTitle, page.bookTitle]
  } else if (kind === 'chapter') {
    const chapter = await findChapterTitles(db, id)
    if (!chapter) throw notFound('Chapter')
    if (pages.length === 0) throw new AppError(404, 'not_found', 'The chapter has no published pages')
    title = chapter.title
    subtitle = [chapter.bookTitle]
  } else {
    const book = await findBookTitle(db, id)
    if (!book) throw notFound('Book')
    if (pages.length === 0) throw new AppError(404, 'not_found', 'The book has no published pages')
    title = book.title
    subtitle = []
  }
  const fingerprint = JSON.stringify([
    FORMAT,
    kind,
    id,
    title,
    subtitle,
    origin,
    pages.map((page) => [page.id, page.buildId, page.title, page.chapterTitle, page.bookTitle]),
  ])
  const key = createHash('sha256').update(fingerprint).digest('base64url').slice(0, 27)
  const etag = `"epub-${key}"`
  const slug = slugify(foldDiacritics(title)).slice(0, 80).replace(/-+$/, '')
  return { kind, id, title, subtitle, pages, origin, etag, key, filename: `${slug || `${kind}-${id}`}.epub` }
}

/** `Content-Disposition` for the file: an ASCII name, and the title itself (RFC 5987) for readers that take it. */
export function contentDisposition(plan: EpubPlan): string {
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const name = `${plan.title.replace(/[\u0000-\u001F\u007F/\\]/g, ' ').trim() || plan.filename.slice(0, -5)}.epub`
  const encoded = encodeURIComponent(name.normalize('NFC')).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${plan.filename}"; filename*=UTF-8''${encoded}`
}

const pageChanged = () => new AppError(409, 'page_changed', 'A page changed while the book was made; please try again')

export interface ExportOptions {
  /** Where finished files are kept; omitted: a folder of its own in the system's temporary folder, removed on close. */
  dir?: string
  /** Bytes of files kept at most (least recently sent go first). */
  cacheBytes?: number
  limits?: Partial<BuildLimits>
  /** Exports one client address may ask for in a window (all three kinds together). */
  perAddress?: { max: number; timeWindow: number }
}

/** Per client address: a reader downloads a few books; a script is slowed to this. */
export const EXPORTS_PER_ADDRESS = { max: 30, timeWindow: 10 * 60 * 1000 }

/** One application instance's exports: the files kept, the builds running, the workers. */
export interface ExportState {
  files: ExportFiles
  builder: ExportBuilder
  /** Builds running or waiting, by key: a second request for the same export waits for the first's. */
  making: Map<string, Promise<ExportFile>>
  /** Exports built since start (tests and drills read it). */
  built: number
  removeDir: boolean
}

export async function createExportState(options: ExportOptions = {}): Promise<ExportState> {
  const dir = options.dir ?? (await fs.promises.mkdtemp(path.join(os.tmpdir(), 'epub-exports-')))
  const files = new ExportFiles(dir, options.cacheBytes ?? DEFAULT_EXPORT_CACHE_BYTES)
  await files.open()
  const builder = new ExportBuilder({ ...DEFAULT_BUILD_LIMITS, ...options.limits })
  return { files, builder, making: new Map(), built: 0, removeDir: options.dir === undefined }
}

export async function closeExportState(exports: ExportState): Promise<void> {
  await exports.builder.close()
  await Promise.allSettled(exports.making.values())
  if (exports.removeDir) await fs.promises.rm(exports.files.dir, { recursive: true, force: true })
}

/**
 * The export's file, opened for reading: the one kept for the plan's fingerprint, else made now (or
 * by the request already making it). 503 with Retry-After when too many are being made.
 */
export function openExport(
  content: ContentContext,
  exports: ExportState,
  plan: EpubPlan,
): Promise<{ handle: fs.promises.FileHandle; bytes: number }> {
  return openKeptFile(exports, plan.key, () =>
    exports.builder.run((worker) => buildFile(content, exports, plan, worker)),
  )
}

/**
 * Any format's file by its key (EPUB here, Word in word/export): the one kept, else `make` once
 * however many requests ask for it meanwhile; opened for reading.
 */
export async function openKeptFile(
  exports: ExportState,
  key: string,
  make: () => Promise<ExportFile>,
): Promise<{ handle: fs.promises.FileHandle; bytes: number }> {
  for (let attempt = 0; ; attempt++) {
    const kept = exports.files.get(key) ?? (await makeOnce(exports, key, make))
    try {
      return { handle: await fs.promises.open(kept.file, 'r'), bytes: kept.bytes }
    } catch (error) {
      // Removed meanwhile (another process made room): made again, once.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error
      exports.files.drop(key)
    }
  }
}

function makeOnce(exports: ExportState, key: string, make: () => Promise<ExportFile>): Promise<ExportFile> {
  let making = exports.making.get(key)
  if (!making) {
    making = make().finally(() => exports.making.delete(key))
    exports.making.set(key, making)
  }
  return making
}

/**
 * Feeds the worker the plan's pages, a batch of stored blocks at a time (each batch answered before
 * the next is read, so neither side holds more than a batch of blocks it has not used), and has it
 * write the zip to a temporary file, which is then kept under the plan's key.
 */
async function buildFile(
  content: ContentContext,
  exports: ExportState,
  plan: EpubPlan,
  worker: ExportWorker,
): Promise<ExportFile> {
  const temp = exports.files.tempFile(plan.key)
  try {
    const { kind, id, title, subtitle, pages, origin } = plan
    await worker.call({ op: 'start', contents: { kind, id, title, subtitle, pages, origin } })
    for (const page of plan.pages) {
      const headers = await findPageHeaders(content.db, page.id, page.buildId)
      if (headers === undefined) throw pageChanged()
      await worker.call({ op: 'page', headers })
      let links: string | null = null
      if (page.buildId !== null) {
        for (let from = 0; from < page.blockCount; from += BLOCK_BATCH) {
          const blocks = await readStoredBlocks(
            content,
            page.buildId,
            from,
            Math.min(from + BLOCK_BATCH, page.blockCount),
          )
          if (!blocks) throw pageChanged()
          await worker.call({ op: 'blocks', blocks })
        }
        const stored = await storedLinksSection(content, page.id, page.buildId)
        if (stored === undefined) throw pageChanged()
        links = stored
      }
      await worker.call({ op: 'endPage', links })
    }
    const bytes = await worker.call({ op: 'finish', file: temp })
    const kept = await exports.files.add(plan.key, temp, bytes ?? 0)
    exports.built++
    return kept
  } catch (error) {
    await fs.promises.rm(temp, { force: true })
    // A worker that died (out of memory, closed) is the server's trouble, not the request's: try later.
    if (!(error instanceof AppError) && !worker.alive) throw exportsBusy()
    throw error
  }
}
