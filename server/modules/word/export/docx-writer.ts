// A page's stored HTML (its sanitised blocks, then its links section) made into a Word document with
// the `docx` package: headings as Heading 1–6, paragraphs, bold/italic/underline/sup/sub, lists,
// tables, links, pictures, and the site's footnotes as real Word footnotes. Pure work on strings and
// bytes: it runs in the Word export's worker thread (word-export.worker.ts).
//
// Memory (decision 063): each paragraph, table and note is written as XML the moment it is made and
// its objects are dropped, so a 9 MB page is held as its XML text only, never as docx's object tree
// and the compiler's second tree of it (~570 MB for the corpus's largest page). `docx` still writes
// every part from its own objects: the document's body and its notes (docx-parts.ts puts them into
// the parts docx packs around an empty body).
//
// Footnotes: a link of the shape `<a href="#_ftn3">[3]</a>` (a note-like target or a number as its
// text) to an id not seen yet is a reference; the block that later holds that id (at the end of the
// main text or in the links section) is its note, written as the footnote's text without its
// `[3]` back link. A reference whose note never comes keeps its text as the footnote's.
import {
  AlignmentType,
  Bookmark,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  ImageRun,
  InternalHyperlink,
  LevelFormat,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'
import { DomUtils, parseDocument } from 'htmlparser2'
import { LINKS_MARKER } from '#shared/limits.ts'
import { ownImageId } from '#shared/text/image-address.ts'
import { BLOCK_TAGS } from '../../../lib/html-allowlist.ts'
import { type DocxOutput, StreamedDocx } from './docx-parts.ts'

type Node = ReturnType<typeof parseDocument>['children'][number]
type Element = Extract<Node, { attribs: Record<string, string> }>

/** A picture of the site's library, ready for Word (JPEG, PNG or GIF) with its size in pixels. */
export interface WordPicture {
  id: number
  type: 'jpg' | 'png' | 'gif'
  data: Uint8Array
  width: number
  height: number
}

export interface WordContents {
  title: string
  /** The chapter and the book, as the document's subject. */
  subject: string
  /** The site's origin (`https://host`), for links to its own pages. */
  origin: string
}

/** The widest a picture is placed, in pixels (a portrait A4 page's text width at 96 dpi). */
const MAX_PICTURE_PX = 600
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const
const ORDERED = 'ordered-list'
const BULLETS = 'bullet-list'
const INDENT = 720
/** Characters XML 1.0 cannot hold, and lone surrogates: dropped from text. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point here
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/** A note's target as word processors name it: `_ftn3`, `_edn3`, `ftn3`, `sdfootnote3sym`, `footnote-3`, `fn3`. */
const NOTE_TARGET = /^(?:_?(?:ftn|edn)|(?:sd)?(?:foot|end)note-?|fn)\d+(?:sym|anc)?$/i
/** A reference's or back link's text: `[3]`, `3`, `(3)`, `*`. */
const NOTE_MARK = /^\s*(?:[[(]?\s*\d{1,5}\s*[\])]?|\*{1,3})\s*$/

interface Format {
  bold?: boolean
  italics?: boolean
  underline?: boolean
  strike?: boolean
  superScript?: boolean
  subScript?: boolean
  code?: boolean
}

/** A paragraph's content before it becomes docx runs: whitespace is settled on these first. */
type Inline =
  | { kind: 'text'; text: string; format: Format }
  | { kind: 'break' }
  | { kind: 'note'; number: number }
  | { kind: 'picture'; picture: WordPicture; alt: string }
  | { kind: 'link'; href: string; internal: boolean; children: Inline[] }
  | { kind: 'bookmark'; name: string; children: Inline[] }

type Body = Array<Paragraph | Table>

/** A list item: its first paragraph carries the number (`numbered` is set then), the rest are indented. */
interface ListItem {
  reference: string
  level: number
  instance: number
  numbered: boolean
}

/**
 * Where block content is going: list nesting, quote indent, preformatted text, inside a note; `lead`
 * is text the next paragraph starts with (a footnote's space after its number, as Word writes it).
 */
interface Place {
  list: ListItem | null
  indent: number
  pre: boolean
  note: boolean
  lead?: { text: string }
}

const TOP: Place = { list: null, indent: 0, pre: false, note: false }

/**
 * Call `addPictures` with the pictures a batch of blocks shows, `addBlocks` with the blocks (in
 * order), `addLinks` with the links section, then `finish` for the .docx bytes.
 */
export class DocxWriter {
  private readonly out: DocxOutput
  private readonly pictures = new Map<number, WordPicture>()
  /** A note's target id → its footnote's number. */
  private readonly noteNumbers = new Map<string, number>()
  /** Each footnote's reference text, kept for a note that never comes. */
  private readonly referenceTexts: string[] = []
  /** Ids seen so far (a link to one is a link back, never a reference). */
  private readonly seenIds = new Set<string>()
  private readonly bookmarkNames = new Map<string, string>()
  private readonly usedBookmarkNames = new Set<string>()
  private listInstances = 0

  /** `out` is where the document's elements go (tests give docx's own compile to compare with). */
  constructor(
    private readonly contents: WordContents,
    out?: DocxOutput,
  ) {
    this.out = out ?? new StreamedDocx(new Document(documentOptions(contents)))
  }

  addPictures(pictures: readonly WordPicture[]): void {
    for (const picture of pictures) this.pictures.set(picture.id, picture)
  }

  addBlocks(blocks: readonly string[]): void {
    for (const block of blocks) this.addHtml(block)
  }

  /** The links section, after a paragraph with the editor's marker: the Word import splits there again. */
  addLinks(html: string): void {
    this.addHtml(`<p>${LINKS_MARKER}</p>`)
    this.addHtml(html)
  }

  /** Footnotes made from notes so far (tests). */
  get footnoteCount(): number {
    return this.referenceTexts.length
  }

  async finish(): Promise<Uint8Array> {
    this.referenceTexts.forEach((text, index) => {
      const id = index + 1
      if (!this.out.hasNote(id)) this.out.note(id, [new Paragraph({ children: [textRun(` ${text}`, {})] })])
    })
    if (this.out.blockCount === 0) this.out.block(new Paragraph({}))
    return this.out.pack()
  }

  private addHtml(html: string): void {
    const document = parseDocument(html)
    for (const node of document.children) {
      const note = DomUtils.isTag(node) ? this.noteOf(node) : undefined
      if (note !== undefined) this.out.note(note, this.noteBody(node as Element))
      else for (const block of this.flow([node], TOP)) this.out.block(block)
    }
  }

  /** The footnote a top-level block is the note of: it holds the target of a reference without a note yet. */
  private noteOf(element: Element): number | undefined {
    for (const id of idsIn(element)) {
      const number = this.noteNumbers.get(id)
      if (number !== undefined && !this.out.hasNote(number)) return number
    }
    return undefined
  }

  /** A note's paragraphs, its back link (`[3]` linking to the reference) left out. */
  private noteBody(element: Element): Paragraph[] {
    const backLink = DomUtils.findOne(
      (candidate) => candidate.name === 'a' && (candidate.attribs.href ?? '').trim().startsWith('#'),
      [element],
    )
    if (backLink && NOTE_MARK.test(DomUtils.textContent(backLink))) DomUtils.removeElement(backLink)
    for (const id of idsIn(element)) this.seenIds.add(id)
    const blocks = this.flow([element], { ...TOP, note: true, lead: { text: ' ' } }).filter(
      (block) => block instanceof Paragraph,
    )
    return blocks.length > 0 ? blocks : [new Paragraph({})]
  }

  /** Block-level content: runs of inline nodes become paragraphs, block elements their own blocks. */
  private flow(nodes: readonly Node[], place: Place, paragraph: ParagraphStyle = {}): Body {
    const out: Body = []
    let inline: Node[] = []
    const flush = () => {
      if (inline.length === 0) return
      const runs = this.inlines(inline, {}, place)
      inline = []
      if (hasContent(runs)) out.push(this.paragraph(runs, place, paragraph))
    }
    for (const node of nodes) {
      if (DomUtils.isTag(node) && BLOCK_TAGS.has(node.name)) {
        flush()
        out.push(...this.block(node, place))
      } else inline.push(node)
    }
    flush()
    return out
  }

  private block(element: Element, place: Place): Body {
    const name = element.name
    const style = paragraphStyle(element)
    const heading = /^h([1-6])$/.exec(name)
    if (heading) {
      const level = Number(heading[1])
      const id = element.attribs.id
      let runs = this.inlines(element.children, {}, place)
      if (id !== undefined && !place.note) {
        this.seenIds.add(id)
        runs = [{ kind: 'bookmark', name: this.bookmarkName(id), children: runs }]
      }
      return [this.paragraph(runs, { ...place, list: null }, { ...style, heading: HEADINGS[level - 1] })]
    }
    if (element.attribs.id !== undefined) this.seenIds.add(element.attribs.id)
    switch (name) {
      case 'hr':
        return place.note ? [] : [new Paragraph({ thematicBreak: true })]
      case 'ul':
      case 'ol':
        return this.list(element, place)
      case 'li':
        return this.flow(element.children, place, style)
      case 'blockquote':
      case 'dd':
        return this.flow(element.children, { ...place, indent: place.indent + INDENT }, style)
      case 'dt':
        return this.flow(element.children, place, { ...style, bold: true })
      case 'pre':
        return this.flow(element.children, { ...place, pre: true }, style)
      case 'table':
        return place.note ? this.flow(tableCells(element), place) : this.table(element, place)
      case 'colgroup':
      case 'col':
        return []
      case 'figcaption':
      case 'caption':
        return this.flow(element.children, place, { ...style, italics: true })
      default:
        return this.flow(element.children, place, style)
    }
  }

  private list(element: Element, place: Place): Body {
    const reference = element.name === 'ol' ? ORDERED : BULLETS
    const level = place.list ? Math.min(place.list.level + 1, 8) : 0
    const instance = ++this.listInstances
    const out: Body = []
    for (const item of element.children) {
      if (!DomUtils.isTag(item) || item.name !== 'li') {
        out.push(...this.flow([item], { ...place, list: null, indent: place.indent + INDENT * (level + 1) }))
        continue
      }
      const list: ListItem = { reference, level, instance, numbered: false }
      const blocks = this.flow(item.children, { ...place, list })
      if (blocks.length === 0) blocks.push(this.paragraph([], { ...place, list }, {}))
      out.push(...blocks)
    }
    return out
  }

  private table(element: Element, place: Place): Body {
    const rows: TableRow[] = []
    let caption: Body = []
    let headRows = 0
    const visit = (parent: Element, header: boolean) => {
      for (const child of parent.children) {
        if (!DomUtils.isTag(child)) continue
        if (child.name === 'caption') caption = this.block(child, place)
        else if (child.name === 'thead') visit(child, true)
        else if (child.name === 'tbody' || child.name === 'tfoot') visit(child, false)
        else if (child.name === 'tr') {
          const cells = child.children.filter(DomUtils.isTag).filter((cell) => cell.name === 'td' || cell.name === 'th')
          if (cells.length === 0) continue
          // A head's rows, and rows of header cells only at the table's start, repeat on every page.
          const heading = header || (rows.length === headRows && cells.every((cell) => cell.name === 'th'))
          if (heading) headRows++
          rows.push(
            new TableRow({
              tableHeader: heading,
              children: cells.map((cell) => {
                const blocks = this.flow(
                  cell.children,
                  { ...TOP, note: place.note },
                  cell.name === 'th' ? { bold: true } : {},
                )
                if (blocks.length === 0 || blocks[blocks.length - 1] instanceof Table) blocks.push(new Paragraph({}))
                return new TableCell({
                  children: blocks,
                  columnSpan: span(cell.attribs.colspan),
                  rowSpan: span(cell.attribs.rowspan),
                })
              }),
            }),
          )
        }
      }
    }
    visit(element, false)
    if (rows.length === 0) return caption
    return [...caption, new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } })]
  }

  /** Inline content: text with its formatting, breaks, footnote references, pictures, links. */
  private inlines(nodes: readonly Node[], format: Format, place: Place): Inline[] {
    const out: Inline[] = []
    for (const node of nodes) {
      if (DomUtils.isText(node)) {
        out.push({ kind: 'text', text: node.data, format: place.pre ? { ...format, code: true } : format })
        continue
      }
      if (!DomUtils.isTag(node)) continue
      const name = node.name
      if (name === 'br') out.push({ kind: 'break' })
      else if (name === 'img') out.push(...this.picture(node))
      else if (name === 'a') out.push(...this.link(node, format, place))
      else if (BLOCK_TAGS.has(name)) {
        // A block inside inline markup (a list in a link): its text runs on, parted by a break.
        out.push({ kind: 'break' }, ...this.inlines(node.children, format, place))
      } else out.push(...this.inlines(node.children, formatOf(node, format), place))
    }
    return out
  }

  private link(element: Element, format: Format, place: Place): Inline[] {
    const href = (element.attribs.href ?? '').trim()
    const ownIds = [element.attribs.id, element.attribs.name].filter((id): id is string => id !== undefined)
    const children = () => this.inlines(element.children, formatOf(element, format), place)
    if (href.startsWith('#') && href.length > 1) {
      const target = decoded(href.slice(1))
      if (!place.note && this.isReference(element, target)) {
        for (const id of ownIds) this.seenIds.add(id)
        const text = DomUtils.textContent(element).trim()
        if (this.noteNumbers.has(target)) return [{ kind: 'text', text, format: { ...format, superScript: true } }]
        this.referenceTexts.push(text)
        this.noteNumbers.set(target, this.referenceTexts.length)
        return [{ kind: 'note', number: this.referenceTexts.length }]
      }
      for (const id of ownIds) this.seenIds.add(id)
      return [{ kind: 'link', href: this.bookmarkName(target), internal: true, children: children() }]
    }
    const bookmarked = (inner: Inline[]): Inline[] => {
      const id = ownIds[0]
      if (id === undefined || place.note) return inner
      for (const own of ownIds) this.seenIds.add(own)
      return [{ kind: 'bookmark', name: this.bookmarkName(id), children: inner }]
    }
    const address = this.address(href)
    if (address === null) return bookmarked(children())
    return bookmarked([{ kind: 'link', href: address, internal: false, children: children() }])
  }

  /** A link to an id not seen yet, whose target or text reads as a footnote's. */
  private isReference(element: Element, target: string): boolean {
    if (this.seenIds.has(target)) return false
    return NOTE_TARGET.test(target) || NOTE_MARK.test(DomUtils.textContent(element))
  }

  /** Web and mail addresses as they are, the site's own absolute; anything else is no link. */
  private address(href: string): string | null {
    if (href === '') return null
    if (href.startsWith('/') && !href.startsWith('//')) return absolute(this.contents.origin + href)
    if (/^(?:https?:|mailto:)/i.test(href)) return absolute(href)
    return null
  }

  private picture(element: Element): Inline[] {
    const alt = (element.attribs.alt ?? '').trim()
    const id = ownImageId(element.attribs.src ?? '')
    const picture = id === null ? undefined : this.pictures.get(id)
    if (picture) return [{ kind: 'picture', picture, alt }]
    return alt === '' ? [] : [{ kind: 'text', text: `[${alt}]`, format: {} }]
  }

  /** A Word bookmark's name for a page's id: letters, digits and `_`, at most 40, starting with a letter. */
  private bookmarkName(id: string): string {
    const known = this.bookmarkNames.get(id)
    if (known !== undefined) return known
    const cleaned = id
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9_]/g, '_')
    const base = (/^[A-Za-z]/.test(cleaned) ? cleaned : `x${cleaned}`).slice(0, 40)
    let name = base
    for (let n = 2; this.usedBookmarkNames.has(name); n++) name = `${base.slice(0, 40 - String(n).length - 1)}_${n}`
    this.usedBookmarkNames.add(name)
    this.bookmarkNames.set(id, name)
    return name
  }

  private paragraph(runs: Inline[], place: Place, style: ParagraphStyle): Paragraph {
    const format: Format = { bold: style.bold, italics: style.italics }
    const children = toRuns(settleWhitespace(runs, place.pre), format)
    if (place.lead && place.lead.text !== '') {
      children.unshift(textRun(place.lead.text, {}))
      place.lead.text = ''
    }
    const { list } = place
    const numbered = list !== null && !list.numbered
    if (list) list.numbered = true
    const indent = place.indent + (list && !numbered ? INDENT * (list.level + 1) : 0)
    return new Paragraph({
      children,
      ...(style.heading ? { heading: style.heading } : {}),
      ...(style.alignment ? { alignment: style.alignment } : {}),
      ...(numbered ? { numbering: { reference: list.reference, level: list.level, instance: list.instance } } : {}),
      ...(indent > 0 && !numbered ? { indent: { left: indent } } : {}),
    })
  }
}

interface ParagraphStyle {
  heading?: (typeof HEADINGS)[number]
  alignment?: (typeof AlignmentType)[keyof typeof AlignmentType]
  bold?: boolean
  italics?: boolean
}

function paragraphStyle(element: Element): ParagraphStyle {
  const align = /text-align:\s*(left|right|center|justify)/.exec(element.attribs.style ?? '')?.[1]
  const alignment =
    align === 'center'
      ? AlignmentType.CENTER
      : align === 'right'
        ? AlignmentType.RIGHT
        : align === 'justify'
          ? AlignmentType.JUSTIFIED
          : undefined
  return alignment ? { alignment } : {}
}

function formatOf(element: Element, format: Format): Format {
  const style = element.attribs.style ?? ''
  const next: Format = { ...format }
  switch (element.name) {
    case 'b':
    case 'strong':
      next.bold = true
      break
    case 'i':
    case 'em':
      next.italics = true
      break
    case 'u':
      next.underline = true
      break
    case 's':
      next.strike = true
      break
    case 'sup':
      next.superScript = true
      break
    case 'sub':
      next.subScript = true
      break
    case 'code':
      next.code = true
      break
  }
  if (/font-weight:\s*(?:bold|[6-9]00)/.test(style)) next.bold = true
  if (/font-style:\s*italic/.test(style)) next.italics = true
  if (/text-decoration:[^;]*underline/.test(style)) next.underline = true
  if (/vertical-align:\s*super/.test(style)) next.superScript = true
  if (/vertical-align:\s*sub/.test(style)) next.subScript = true
  return next
}

function idsIn(element: Element): string[] {
  const ids: string[] = []
  const visit = (node: Node) => {
    if (!DomUtils.isTag(node)) return
    if (node.attribs.id !== undefined) ids.push(node.attribs.id)
    if (node.attribs.name !== undefined) ids.push(node.attribs.name)
    node.children.forEach(visit)
  }
  visit(element)
  return ids
}

/** A table's cells as blocks (a footnote cannot hold a table). */
function tableCells(element: Element): Node[] {
  return DomUtils.findAll((node) => node.name === 'td' || node.name === 'th', [element])
}

function span(value: string | undefined): number | undefined {
  const number = Number(value)
  return Number.isInteger(number) && number > 1 && number <= 1000 ? number : undefined
}

function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

function absolute(href: string): string | null {
  try {
    return new URL(href).href
  } catch {
    return null
  }
}

function hasContent(runs: readonly Inline[]): boolean {
  return runs.some((run) =>
    run.kind === 'text'
      ? run.text.trim() !== ''
      : run.kind === 'link' || run.kind === 'bookmark'
        ? hasContent(run.children)
        : true,
  )
}

/**
 * HTML's whitespace as a browser shows it: runs collapsed to one space, none at the paragraph's start
 * or end or around a line break. In preformatted text every character stays.
 */
function settleWhitespace(runs: Inline[], pre: boolean): Inline[] {
  if (pre) return runs
  const texts: Array<{ kind: 'text'; text: string } | { kind: 'edge' }> = []
  const collect = (list: Inline[]) => {
    for (const run of list) {
      if (run.kind === 'text') {
        run.text = run.text.replace(/[\t\n\f\r ]+/g, ' ')
        texts.push(run)
      } else if (run.kind === 'break') texts.push({ kind: 'edge' })
      else if (run.kind === 'link' || run.kind === 'bookmark') collect(run.children)
    }
  }
  collect(runs)
  let afterSpace = true
  for (const item of texts) {
    if (item.kind === 'edge') {
      afterSpace = true
      continue
    }
    if (afterSpace && item.text.startsWith(' ')) item.text = item.text.slice(1)
    if (item.text !== '') afterSpace = item.text.endsWith(' ')
  }
  let beforeEdge = true
  for (let i = texts.length - 1; i >= 0; i--) {
    const item = texts[i]!
    if (item.kind === 'edge') {
      beforeEdge = true
      continue
    }
    if (beforeEdge && item.text.endsWith(' ')) item.text = item.text.slice(0, -1)
    if (item.text !== '') beforeEdge = false
  }
  return runs
}

function toRuns(runs: readonly Inline[], base: Format): ParagraphChild[] {
  const out: ParagraphChild[] = []
  for (const run of runs) {
    switch (run.kind) {
      case 'text':
        if (run.text !== '') out.push(...textRuns(run.text, { ...base, ...run.format }))
        break
      case 'break':
        out.push(new TextRun({ break: 1 }))
        break
      case 'note':
        out.push(new FootnoteReferenceRun(run.number))
        break
      case 'picture':
        out.push(pictureRun(run.picture, run.alt))
        break
      case 'link': {
        const linked = withLinkStyle(run.children, base)
        if (linked.length === 0) break
        out.push(
          run.internal
            ? new InternalHyperlink({ anchor: run.href, children: linked })
            : new ExternalHyperlink({ link: run.href, children: linked }),
        )
        break
      }
      case 'bookmark':
        out.push(new Bookmark({ id: run.name, children: toRuns(run.children, base) }))
        break
    }
  }
  return out
}

/** A link's text in Word's Hyperlink character style (its pictures and breaks as they are). */
function withLinkStyle(runs: readonly Inline[], base: Format): ParagraphChild[] {
  const out: ParagraphChild[] = []
  for (const run of runs) {
    if (run.kind === 'text') {
      if (run.text !== '') out.push(...textRuns(run.text, { ...base, ...run.format }, 'Hyperlink'))
    } else if (run.kind === 'link' || run.kind === 'bookmark') out.push(...withLinkStyle(run.children, base))
    else out.push(...toRuns([run], base))
  }
  return out
}

/** Text as runs; a preformatted text's line ends become breaks. */
function textRuns(text: string, format: Format, style?: string): TextRun[] {
  const lines = text.replace(NOT_XML, '').split('\n')
  return lines.map((line, index) => textRun(line, format, style, index > 0))
}

function textRun(text: string, format: Format, style?: string, breakBefore = false): TextRun {
  return new TextRun({
    text: text.replace(NOT_XML, ''),
    ...(breakBefore ? { break: 1 } : {}),
    ...(style ? { style } : {}),
    ...(format.bold ? { bold: true } : {}),
    ...(format.italics ? { italics: true } : {}),
    ...(format.underline ? { underline: {} } : {}),
    ...(format.strike ? { strike: true } : {}),
    ...(format.superScript ? { superScript: true } : {}),
    ...(format.subScript ? { subScript: true } : {}),
    ...(format.code ? { font: 'Courier New' } : {}),
  })
}

function pictureRun(picture: WordPicture, alt: string): ImageRun {
  const scale = Math.min(1, MAX_PICTURE_PX / Math.max(1, picture.width))
  const transformation = {
    width: Math.max(1, Math.round(picture.width * scale)),
    height: Math.max(1, Math.round(picture.height * scale)),
  }
  const altText = {
    name: `picture-${picture.id}`,
    description: alt.replace(NOT_XML, ''),
    title: alt.replace(NOT_XML, ''),
  }
  return new ImageRun({ type: picture.type, data: picture.data, transformation, altText })
}

/**
 * The document's options: everything but its body and footnotes, which are written as they come
 * (docx-parts.ts). Exported for the test that compares with docx's own compile.
 */
export function documentOptions(contents: WordContents) {
  return {
    title: contents.title,
    subject: contents.subject,
    creator: contents.origin,
    numbering: { config: [listNumbering(ORDERED), listNumbering(BULLETS)] },
    sections: [{ children: [] }],
  }
}

function listNumbering(reference: string) {
  const ordered = reference === ORDERED
  return {
    reference,
    levels: Array.from({ length: 9 }, (_, level) => ({
      level,
      format: ordered ? LevelFormat.DECIMAL : LevelFormat.BULLET,
      text: ordered ? `%${level + 1}.` : ['•', '◦', '▪'][level % 3]!,
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: INDENT * (level + 1), hanging: 360 } } },
    })),
  }
}
