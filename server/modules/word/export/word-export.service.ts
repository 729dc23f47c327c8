// A page as a Word document (.docx, issue 30; decision 063), from its current reader build (the
// stored, sanitised blocks and links section), under the EPUB export's rules (decision 041): the
// same access (visitors published pages only), the same pool of worker threads and its limits, the
// same files kept on disk per build and sent from there, ETag and all.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import sharp from 'sharp'
import { foldDiacritics } from '#shared/text/fold-diacritics.ts'
import { slugify } from '#shared/text/slugify.ts'
import { AppError } from '../../../http/errors.ts'
import type { ContentContext } from '../../content/content-state.ts'
import { readStoredBlocks, storedLinksSection } from '../../content/reader/index.ts'
import { type ExportProgram, exportsBusy, type ExportWorker } from '../../export/export-builder.ts'
import type { ExportFile } from '../../export/export-files.ts'
import { type EpubPlan, type ExportState, openKeptFile, planEpub } from '../../export/export.service.ts'
import { servedImage } from '../../images/images.service.ts'
import type { WordPicture } from './docx-writer.ts'
import type { WordWorkerRequest } from './word-export.worker.ts'

/** Raised when the document's layout changes, so ETags of earlier files stop matching. */
const FORMAT = 2
/** Blocks read per statement. */
const BLOCK_BATCH = 500
/** Picture bytes one document holds at most; later pictures are left as their alt text. */
const PICTURE_BYTES = 64 * 1024 * 1024
/** The site's own picture addresses in stored HTML (shared/text/image-address.ts's shape). */
const OWN_PICTURE = /\/api\/images\/([1-9][0-9]{0,9})\?v=[0-9a-f]{16}/g

/**
 * The Word worker: the document is held as its XML text while it is made (docx-parts.ts), ~60 MB for
 * the corpus's 9 MB page, which needs 96 MB of old space; 256 MB as the EPUB's worker has.
 */
export const WORD_PROGRAM: ExportProgram = {
  url: new URL('./word-export.worker.ts', import.meta.url),
  resourceLimits: { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 256 },
}

type ExportPage = EpubPlan['pages'][number]

export interface DocxPlan {
  page: ExportPage
  title: string
  subject: string
  origin: string
  etag: string
  /** The fingerprint's hash: the name of the file kept for it. */
  key: string
  /** `<slug>.docx`, ASCII. */
  filename: string
}

/** The page a visitor may read (administrators: drafts too), or 404; the ETag names its build and titles. */
export async function planDocx(
  content: ContentContext,
  id: number,
  options: { canSeeDrafts: boolean; origin: string },
): Promise<DocxPlan> {
  const epub = await planEpub(content, 'page', id, options)
  const page = epub.pages[0]!
  const hash = createHash('sha256')
    .update(JSON.stringify([FORMAT, epub.key]))
    .digest('base64url')
    .slice(0, 27)
  const slug = slugify(foldDiacritics(page.title)).slice(0, 80).replace(/-+$/, '')
  return {
    page,
    title: page.title,
    subject: `${page.chapterTitle} · ${page.bookTitle}`,
    origin: options.origin,
    etag: `"docx-${hash}"`,
    key: `docx-${hash}`,
    filename: `${slug || `page-${page.id}`}.docx`,
  }
}

/** `Content-Disposition`: an ASCII name, and the title itself (RFC 5987) for clients that take it. */
export function docxDisposition(plan: DocxPlan): string {
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const name = `${plan.title.replace(/[\u0000-\u001F\u007F/\\]/g, ' ').trim() || plan.filename.slice(0, -5)}.docx`
  const encoded = encodeURIComponent(name.normalize('NFC')).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${plan.filename}"; filename*=UTF-8''${encoded}`
}

const pageChanged = () =>
  new AppError(409, 'page_changed', 'The page changed while its Word file was made; please try again')

/** The document's file, opened for reading: the one kept for the plan, else made now (or by the request making it). */
export function openDocx(
  content: ContentContext,
  exports: ExportState,
  plan: DocxPlan,
): Promise<{ handle: fs.promises.FileHandle; bytes: number }> {
  return openKeptFile(exports, plan.key, () =>
    exports.builder.run<ExportFile, WordWorkerRequest>(
      (worker) => buildFile(content, exports, plan, worker),
      WORD_PROGRAM,
    ),
  )
}

/**
 * Feeds the worker the page a batch of stored blocks at a time, each batch's pictures before it,
 * then the links section, and has it write the .docx to a temporary file kept under the plan's key.
 */
async function buildFile(
  content: ContentContext,
  exports: ExportState,
  plan: DocxPlan,
  worker: ExportWorker<WordWorkerRequest>,
): Promise<ExportFile> {
  const temp = exports.files.tempFile(plan.key)
  try {
    const { page } = plan
    await worker.call({ op: 'start', contents: { title: plan.title, subject: plan.subject, origin: plan.origin } })
    if (page.buildId !== null) {
      const pictures = new PictureBudget()
      for (let from = 0; from < page.blockCount; from += BLOCK_BATCH) {
        const blocks = await readStoredBlocks(
          content,
          page.buildId,
          from,
          Math.min(from + BLOCK_BATCH, page.blockCount),
        )
        if (!blocks) throw pageChanged()
        await sendPictures(content, worker, pictures, blocks)
        await worker.call({ op: 'blocks', blocks })
      }
      const links = await storedLinksSection(content, page.id, page.buildId)
      if (links === undefined) throw pageChanged()
      if (links !== null && links.trim() !== '') {
        await sendPictures(content, worker, pictures, [links])
        await worker.call({ op: 'links', links })
      }
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

/** The pictures a document has been sent, and the bytes they hold. */
class PictureBudget {
  readonly seen = new Set<number>()
  bytes = 0
}

/** The library's pictures the HTML shows that the worker has not had yet, made fit for Word. */
async function sendPictures(
  content: ContentContext,
  worker: ExportWorker<WordWorkerRequest>,
  budget: PictureBudget,
  html: readonly string[],
): Promise<void> {
  const pictures: WordPicture[] = []
  for (const part of html) {
    if (!part.includes('/api/images/')) continue
    for (const match of part.matchAll(OWN_PICTURE)) {
      const id = Number(match[1])
      if (budget.seen.has(id)) continue
      budget.seen.add(id)
      if (budget.bytes >= PICTURE_BYTES) continue
      const picture = await wordPicture(content, id)
      if (!picture) continue
      budget.bytes += picture.data.byteLength
      pictures.push(picture)
    }
  }
  if (pictures.length > 0) await worker.call({ op: 'pictures', pictures })
}

/**
 * A library picture as Word takes it: JPEG as it is, WebP (Word does not read it) as PNG, on the
 * thread pool. Undefined when it is gone or cannot be read (the page keeps its alt text).
 */
async function wordPicture(content: ContentContext, id: number): Promise<WordPicture | undefined> {
  const stored = await servedImage(content.db, id)
  if (!stored) return undefined
  try {
    const image = sharp(stored.bytes, { failOn: 'error' })
    const { width, height, format } = await image.metadata()
    if (!width || !height) return undefined
    if (format === 'jpeg') return { id, type: 'jpg', data: new Uint8Array(stored.bytes), width, height }
    if (format === 'png' || format === 'gif')
      return { id, type: format, data: new Uint8Array(stored.bytes), width, height }
    const png = await image.png().toBuffer()
    return { id, type: 'png', data: new Uint8Array(png), width, height }
  } catch {
    return undefined
  }
}
