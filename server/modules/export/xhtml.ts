// A page's stored HTML (its sanitised reader blocks and links section) made into EPUB XHTML files:
// well-formed XML, ids that are XML names, nothing HTML5 calls obsolete, no remote images, and
// every link pointing to the file that now holds its target (decision 031).
import { DomUtils, parseDocument } from 'htmlparser2'

type Document = ReturnType<typeof parseDocument>
type Node = Document['children'][number]

/** A page's body is split into files of about this many bytes, at block boundaries. */
export const FILE_BYTES = 300 * 1024

/** Where an id of the page is in the EPUB: its file and its id there (made an XML name). */
export interface Target {
  file: string
  id: string
  /** In the page's notes (its links section). */
  note: boolean
}

/** Where HTML being converted goes: its file, and whether that is the page's notes. */
type Place = Omit<Target, 'id'>

/** What a link of the page becomes: its new address and whether it opens a note; null drops the href. */
export type HrefResolver = (href: string) => { href: string; note: boolean } | null

export interface XhtmlFile {
  name: string
  title: string
  body: string
}

// Hrefs wait in the files as `href="\uE000n\uE001"` until the page's ids are all known (a footnote
// reference comes before its note). Private-use characters: taken out of the input first.
const SENTINELS = /[\uE000\uE001]/g
const PLACEHOLDER = / href="\uE000(\d+)\uE001"/g
/** Characters XML 1.0 cannot hold, and lone surrogates. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point here
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/** Obsolete presentational attributes (HTML5) the sanitiser still lets through. */
const OBSOLETE_SIZE = new Set(['table', 'col', 'colgroup', 'td', 'th'])

/** `a&b` → `a&amp;b`: text or an attribute value for XML. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** An id as an XML name without colons (ASCII, so every reader takes it): `1-1-ānāpāna` → `x1-1--n-p-na`. */
export function xmlId(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9._-]/g, '-')
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `x${cleaned}`
}

/**
 * The serialiser writes every non-ASCII character as `&#x…;` in XML mode: they are written back as
 * UTF-8 (Pali letters stay readable in the files), except those XML cannot hold, which are dropped.
 */
function utf8(xml: string): string {
  return xml
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => {
      const code = Number.parseInt(hex, 16)
      const char = code > 0x10ffff ? '' : String.fromCodePoint(code)
      return char.replace(NOT_XML, '')
    })
    .replace(NOT_XML, '')
}

/**
 * One page's files: `addBlock` each block in order, `addNotes` the links section, then `finish`.
 * Only strings are kept (no DOM), the page's body once.
 */
export class PageFiles {
  readonly ids = new Map<string, Target>()
  private readonly usedIds = new Set<string>()
  private readonly hrefs: string[] = []
  private readonly files: Array<{ name: string; parts: string[]; bytes: number }> = []
  private notes: string | null = null

  constructor(
    private readonly prefix: string,
    private readonly title: string,
    private readonly fileBytes = FILE_BYTES,
  ) {
    this.files.push({ name: `${prefix}-1.xhtml`, parts: [`<h1 class="page-title">${escapeXml(title)}</h1>`], bytes: 0 })
  }

  get firstFile() {
    return `${this.prefix}-1.xhtml`
  }

  get notesFile() {
    return `${this.prefix}-notes.xhtml`
  }

  addBlock(html: string): void {
    let file = this.files[this.files.length - 1]!
    if (file.bytes >= this.fileBytes) {
      file = { name: `${this.prefix}-${this.files.length + 1}.xhtml`, parts: [], bytes: 0 }
      this.files.push(file)
    }
    const xhtml = this.convert(html, { file: file.name, note: false })
    file.parts.push(xhtml)
    file.bytes += Buffer.byteLength(xhtml)
  }

  addNotes(html: string): void {
    this.notes = this.convert(html, { file: this.notesFile, note: true })
  }

  /** The page's files, their links resolved by `resolve` (which sees `ids` complete). */
  finish(resolve: HrefResolver, notesTitle: string): XhtmlFile[] {
    const fill = (text: string) =>
      text.replace(PLACEHOLDER, (_, index: string) => {
        const target = resolve(this.hrefs[Number(index)]!)
        if (!target) return ''
        return ` href="${escapeXml(target.href)}"${target.note ? ' epub:type="noteref"' : ''}`
      })
    const files: XhtmlFile[] = this.files.map(({ name, parts }, index) => ({
      name,
      title: index === 0 ? this.title : `${this.title} (${index + 1})`,
      body: fill(parts.join('\n')),
    }))
    if (this.notes !== null) {
      files.push({
        name: this.notesFile,
        title: `${this.title}: ${notesTitle}`,
        body: `<section epub:type="endnotes" role="doc-endnotes">\n<h2>${escapeXml(notesTitle)}</h2>\n${fill(this.notes)}\n</section>`,
      })
    }
    return files
  }

  private convert(html: string, place: Place): string {
    const document = parseDocument(html.replace(SENTINELS, ''))
    for (const node of [...document.children]) this.fix(node, place)
    return utf8(DomUtils.getOuterHTML(document.children, { xmlMode: true }))
  }

  private fix(node: Node, place: Place): void {
    if (!DomUtils.isTag(node)) return
    const attributes = node.attribs
    if (node.name === 'img') {
      // Remote pictures are not allowed in an EPUB without being declared: their text stays.
      const alt = (attributes.alt ?? '').trim()
      if (alt === '') {
        DomUtils.removeElement(node)
        return
      }
      node.name = 'span'
      node.attribs = { class: 'picture' }
      const [text] = parseDocument(escapeXml(`[${alt}]`)).children
      if (text) DomUtils.appendChild(node, text)
      return
    }
    if (node.name === 'a' && attributes.name !== undefined) {
      attributes.id ??= attributes.name
      delete attributes.name
    }
    if (OBSOLETE_SIZE.has(node.name)) {
      delete attributes.width
      delete attributes.height
    }
    if (attributes.id !== undefined) {
      const id = this.register(attributes.id, place)
      if (id === null) delete attributes.id
      else attributes.id = id
    }
    if (node.name === 'a' && attributes.href !== undefined) {
      this.hrefs.push(attributes.href)
      attributes.href = `\uE000${this.hrefs.length - 1}\uE001`
    }
    for (const child of [...node.children]) this.fix(child, place)
  }

  /** The id's XML name in the EPUB, unique in the page; null for an id the page already has. */
  private register(original: string, { file, note }: Place): string | null {
    if (original === '' || this.ids.has(original)) return null
    const base = xmlId(original)
    let id = base
    for (let n = 2; this.usedIds.has(id); n++) id = `${base}-${n}`
    this.usedIds.add(id)
    this.ids.set(original, { file, id, note })
    return id
  }
}
