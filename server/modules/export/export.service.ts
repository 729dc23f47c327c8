// EPUB 3 of a page, a chapter or a book, from each page's current reader build (its stored,
// sanitised blocks and links section), never by running the pipeline again (decision 031).
import { createHash } from 'node:crypto'
import { strToU8, type Zippable, zipSync } from 'fflate'
import { foldDiacritics } from '#shared/text/fold-diacritics.ts'
import { slugify } from '#shared/text/slugify.ts'
import { tocHeadings } from '#shared/text/toc-filter.ts'
import { AppError, notFound } from '../../http/errors.ts'
import type { ContentContext } from '../content/content-state.ts'
import { linksSection, readBuildBlocks } from '../content/reader.service.ts'
import {
  CONTAINER_XML,
  headingTree,
  type ManifestItem,
  MIMETYPE,
  type NavEntry,
  navDocument,
  packageDocument,
  STYLE_CSS,
  titlePage,
  xhtmlDocument,
} from './documents.ts'
import { type ExportKind, type ExportPage, findBookTitle, findChapterTitles, listExportPages } from './export.repo.ts'
import { resolveHref } from './links.ts'
import { PageFiles, type Target } from './xhtml.ts'

export type { ExportKind } from './export.repo.ts'

/** Raised when the files' layout changes, so ETags of earlier exports stop matching. */
const FORMAT = 1
/** Blocks read per statement. */
const BLOCK_BATCH = 500
const TEXTS = { toc: 'Sisukord', notes: 'Märkused' }

export interface EpubPlan {
  kind: ExportKind
  id: number
  title: string
  /** Lines under the title on the title page (the chapter's book, the page's chapter and book). */
  subtitle: string[]
  pages: ExportPage[]
  origin: string
  etag: string
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
  canSeeDrafts: boolean,
  origin: string,
): Promise<EpubPlan> {
  const { db } = content
  const pages = await listExportPages(db, kind, id, !canSeeDrafts)
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
    if (pages.length === 0) throw new AppError(404, 'The chapter has no published pages')
    title = chapter.title
    subtitle = [chapter.bookTitle]
  } else {
    const book = await findBookTitle(db, id)
    if (!book) throw notFound('Book')
    if (pages.length === 0) throw new AppError(404, 'The book has no published pages')
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
  const etag = `"epub-${createHash('sha256').update(fingerprint).digest('base64url').slice(0, 27)}"`
  const slug = slugify(foldDiacritics(title)).slice(0, 80).replace(/-+$/, '')
  return { kind, id, title, subtitle, pages, origin, etag, filename: `${slug || `${kind}-${id}`}.epub` }
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

const pageChanged = () => new AppError(409, 'A page changed while the book was made; please try again')

/**
 * The EPUB's bytes. Pages are read one at a time, a batch of blocks per statement; each page's text
 * is held (as strings) only until its files are made, then only the files' bytes stay, compressed by
 * zipSync at the end (the mimetype entry first and stored, as OCF asks).
 */
export async function buildEpub(content: ContentContext, plan: EpubPlan): Promise<Uint8Array> {
  const modified = new Date(Math.max(0, ...plan.pages.map((page) => page.updatedAt.getTime())))
  const mtime = modified.getTime() > Date.UTC(1980, 1, 1) ? modified : new Date(Date.UTC(1980, 1, 1))
  const files: Zippable = {}
  const put = (name: string, text: string) => {
    files[name] = [strToU8(text), { level: 6, mtime }]
  }
  files.mimetype = [strToU8(MIMETYPE), { level: 0, mtime }]
  put('META-INF/container.xml', CONTAINER_XML)
  put('EPUB/style.css', STYLE_CSS)
  put('EPUB/title.xhtml', titlePage(plan.title, plan.subtitle))
  const items: ManifestItem[] = [
    { id: 'nav', href: 'nav.xhtml', mediaType: 'application/xhtml+xml', properties: 'nav', spine: false },
    { id: 'style', href: 'style.css', mediaType: 'text/css', spine: false },
    { id: 'title', href: 'title.xhtml', mediaType: 'application/xhtml+xml', spine: true },
  ]

  const firstFiles = new Map(plan.pages.map((page) => [page.id, `p${page.id}-1.xhtml`]))
  const written = new Map<number, ReadonlyMap<string, Target>>()
  const pageEntries: Array<{ page: ExportPage; entry: NavEntry }> = []
  for (const page of plan.pages) {
    const pageFiles = new PageFiles(`p${page.id}`, page.title)
    if (page.buildId !== null) {
      for (let from = 0; from < page.blockCount; from += BLOCK_BATCH) {
        const blocks = await readBuildBlocks(content, page.buildId, from, Math.min(from + BLOCK_BATCH, page.blockCount))
        if (!blocks) throw pageChanged()
        for (const block of blocks) pageFiles.addBlock(block)
      }
      const links = await linksSection(content, page.id, page.buildId)
      if (links === undefined) throw pageChanged()
      if (links !== null && links.trim() !== '') pageFiles.addNotes(links)
    }
    written.set(page.id, pageFiles.ids)
    const place = {
      pageId: page.id,
      origin: plan.origin,
      target: (pageId: number, id: string) => written.get(pageId)?.get(id),
      firstFile: (pageId: number) => firstFiles.get(pageId),
    }
    for (const file of pageFiles.finish((href) => resolveHref(href, place), TEXTS.notes)) {
      put(
        `EPUB/${file.name}`,
        xhtmlDocument(file.title, file.body, file.name.endsWith('-notes.xhtml') ? 'backmatter' : undefined),
      )
      items.push({
        id: file.name.slice(0, -'.xhtml'.length),
        href: file.name,
        mediaType: 'application/xhtml+xml',
        spine: true,
      })
    }
    const headings = tocHeadings(JSON.parse(page.headers) as Array<{ text: string; level: number; id: string }>)
      .map((heading) => ({ heading, target: pageFiles.ids.get(heading.id) }))
      .filter(({ target }) => target !== undefined)
      .map(({ heading, target }) => ({
        label: heading.text,
        level: heading.level,
        href: `${target!.file}#${target!.id}`,
      }))
    pageEntries.push({ page, entry: { label: page.title, href: pageFiles.firstFile, children: headingTree(headings) } })
  }

  put('EPUB/nav.xhtml', navDocument(plan.title, TEXTS.toc, navEntries(plan.kind, pageEntries)))
  put(
    'EPUB/content.opf',
    packageDocument(
      { identifier: `urn:x-epub:${plan.origin}/${plan.kind}/${plan.id}`, title: plan.title, modified },
      items,
    ),
  )
  return zipSync(files)
}

/** A book's contents are its chapters with their pages; a chapter's its pages; a page's the page. */
function navEntries(kind: ExportKind, pages: ReadonlyArray<{ page: ExportPage; entry: NavEntry }>): NavEntry[] {
  if (kind !== 'book') return pages.map(({ entry }) => entry)
  const chapters: NavEntry[] = []
  let chapterId: number | undefined
  for (const { page, entry } of pages) {
    if (page.chapterId !== chapterId) {
      chapterId = page.chapterId
      chapters.push({ label: page.chapterTitle, href: entry.href, children: [] })
    }
    chapters[chapters.length - 1]!.children.push(entry)
  }
  return chapters
}
