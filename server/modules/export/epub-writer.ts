// The EPUB's files made from a plan and its pages' stored blocks, fed a batch at a time, zipped at
// the end. Pure work on strings and bytes, no database: it runs in the export worker thread
// (export.worker.ts), so a 9 MB page's XHTML and zip never block the server's event loop (decision 041).
import { strToU8, type Zippable, zipSync } from 'fflate'
import { tocHeadings } from '#shared/text/toc-filter.ts'
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
import type { ExportKind, ExportPage } from './export.repo.ts'
import { resolveHref } from './links.ts'
import { PageFiles, type Target } from './xhtml.ts'

const TEXTS = { toc: 'Sisukord', notes: 'Märkused' }

/** What the writer needs of a plan (export.service.ts's EpubPlan without its HTTP parts). */
export interface EpubContents {
  kind: ExportKind
  id: number
  title: string
  subtitle: string[]
  pages: ExportPage[]
  origin: string
}

/**
 * Call `beginPage` for each page of the plan in order, `addBlocks` with its blocks (sanitised, in
 * order), `endPage` with its links section, then `finish` for the zip's bytes. Only one page's text
 * is held as strings at a time; the files' bytes of the whole export are held until zipped.
 */
export class EpubWriter {
  private readonly files: Zippable = {}
  private readonly mtime: Date
  private readonly modified: Date
  private readonly items: ManifestItem[] = [
    { id: 'nav', href: 'nav.xhtml', mediaType: 'application/xhtml+xml', properties: 'nav', spine: false },
    { id: 'style', href: 'style.css', mediaType: 'text/css', spine: false },
    { id: 'title', href: 'title.xhtml', mediaType: 'application/xhtml+xml', spine: true },
  ]
  private readonly firstFiles: Map<number, string>
  private readonly written = new Map<number, ReadonlyMap<string, Target>>()
  private readonly pageEntries: Array<{ page: ExportPage; entry: NavEntry }> = []
  private current: { page: ExportPage; headers: string; files: PageFiles } | null = null
  private next = 0

  constructor(private readonly plan: EpubContents) {
    this.modified = new Date(Math.max(0, ...plan.pages.map((page) => page.updatedAt.getTime())))
    this.mtime = this.modified.getTime() > Date.UTC(1980, 1, 1) ? this.modified : new Date(Date.UTC(1980, 1, 1))
    this.files.mimetype = [strToU8(MIMETYPE), { level: 0, mtime: this.mtime }]
    this.put('META-INF/container.xml', CONTAINER_XML)
    this.put('EPUB/style.css', STYLE_CSS)
    this.put('EPUB/title.xhtml', titlePage(plan.title, plan.subtitle))
    this.firstFiles = new Map(plan.pages.map((page) => [page.id, `p${page.id}-1.xhtml`]))
  }

  private put(name: string, text: string) {
    this.files[name] = [strToU8(text), { level: 6, mtime: this.mtime }]
  }

  /** Starts the plan's next page (pages come in the plan's order), with its headings as stored (JSON). */
  beginPage(headers: string): ExportPage {
    if (this.current) throw new Error('The previous page is not ended')
    const page = this.plan.pages[this.next++]
    if (!page) throw new Error('The plan has no more pages')
    this.current = { page, headers, files: new PageFiles(`p${page.id}`, page.title) }
    return page
  }

  addBlocks(blocks: readonly string[]): void {
    if (!this.current) throw new Error('No page is begun')
    for (const block of blocks) this.current.files.addBlock(block)
  }

  /** Ends the page with its links section (sanitised; null or blank when it has none). */
  endPage(links: string | null): void {
    if (!this.current) throw new Error('No page is begun')
    const { page, headers: stored, files: pageFiles } = this.current
    this.current = null
    if (links !== null && links.trim() !== '') pageFiles.addNotes(links)
    this.written.set(page.id, pageFiles.ids)
    const place = {
      pageId: page.id,
      origin: this.plan.origin,
      target: (pageId: number, id: string) => this.written.get(pageId)?.get(id),
      firstFile: (pageId: number) => this.firstFiles.get(pageId),
    }
    for (const file of pageFiles.finish((href) => resolveHref(href, place), TEXTS.notes)) {
      this.put(
        `EPUB/${file.name}`,
        xhtmlDocument(file.title, file.body, file.name.endsWith('-notes.xhtml') ? 'backmatter' : undefined),
      )
      this.items.push({
        id: file.name.slice(0, -'.xhtml'.length),
        href: file.name,
        mediaType: 'application/xhtml+xml',
        spine: true,
      })
    }
    const headings = tocHeadings(JSON.parse(stored) as Array<{ text: string; level: number; id: string }>)
      .map((heading) => ({ heading, target: pageFiles.ids.get(heading.id) }))
      .filter(({ target }) => target !== undefined)
      .map(({ heading, target }) => ({
        label: heading.text,
        level: heading.level,
        href: `${target!.file}#${target!.id}`,
      }))
    this.pageEntries.push({
      page,
      entry: { label: page.title, href: pageFiles.firstFile, children: headingTree(headings) },
    })
  }

  /** The EPUB's bytes: zipSync, the mimetype entry first and stored, as OCF asks. */
  finish(): Uint8Array {
    if (this.current || this.next !== this.plan.pages.length) throw new Error('Not every page is written')
    const { plan } = this
    this.put('EPUB/nav.xhtml', navDocument(plan.title, TEXTS.toc, navEntries(plan.kind, this.pageEntries)))
    this.put(
      'EPUB/content.opf',
      packageDocument(
        { identifier: `urn:x-epub:${plan.origin}/${plan.kind}/${plan.id}`, title: plan.title, modified: this.modified },
        this.items,
      ),
    )
    return zipSync(this.files)
  }
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
