// The Word export's document body and footnotes as XML text, written a paragraph at a time and
// packed around the parts `docx` makes for an empty body (decision 063). `docx` builds and formats
// every element; what is ours is only where the text goes: docx's compiler would hold the whole
// document as objects and then as a second tree of them before any XML exists, which for the 9 MB
// page was ~570 MB. Checked byte for byte against docx's own compile (docx-parts.test.ts).
import { type Document, FootNotes, type IXmlableObject, Packer, type Paragraph, type Table } from 'docx'
import { unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate'

const IMAGE_RELATIONSHIP = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image'
/** docx's placeholders, `{key}`: a picture's media key or a list's `reference-instance`, filled in when packed. */
const PLACEHOLDER = /\{([^{}]+)\}/g
const BODY_START = '<w:body>'
const NOTES_END = '</w:footnotes>'
/** As docx zips its parts (fflate's default). */
const DEFLATE_LEVEL = 6
/** Text encoded and deflated at a time. */
const ENCODE_CHUNK = 1 << 20

const ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' }
// eslint-disable-next-line no-control-regex -- dropping the control characters XML forbids, as docx does
const TO_ESCAPE = /[&"'<>\x00-\x08\x0B\x0C\x0E-\x1F]/g
const escape = (value: unknown) =>
  typeof value === 'string' ? value.replace(TO_ESCAPE, (char) => ESCAPES[char] ?? '') : String(value)

/**
 * The XML of a tree from an element's `prepForXml` (the xml package's object shape), written as docx
 * writes it (its own `stringifyXmlable`, which it does not export), quirks and all.
 */
export function xmlOf(tree: IXmlableObject): string {
  const name = Object.keys(tree)[0]
  if (name === undefined) return ''
  const values: unknown = (tree as Record<string, unknown>)[name]
  const attributes: string[] = []
  const content: string[] = []
  const addAttributes = (attr: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(attr)) attributes.push(`${key}="${escape(value)}"`)
  }
  if (typeof values === 'object') {
    if (values !== null) {
      const { _attr: attr, _cdata: cdata } = values as { _attr?: Record<string, unknown>; _cdata?: string }
      if (attr) addAttributes(attr)
      if (cdata) content.push(`<![CDATA[${cdata.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`)
      if (Array.isArray(values)) {
        let textContent = false
        content.push('')
        for (const value of values as unknown[]) {
          if (typeof value === 'object' && value !== null) {
            const first = Object.keys(value)[0]
            if (first === '_attr') addAttributes((value as { _attr: Record<string, unknown> })._attr)
            else content.push(xmlOf(value as IXmlableObject))
          } else {
            // docx's quirk: a text child takes the place of what came just before it.
            content.pop()
            textContent = true
            content.push(value === undefined ? '' : escape(value))
          }
        }
        if (!textContent) content.push('')
      }
    }
  } else content.push(values === undefined ? '' : escape(values))
  const open = `<${name}${attributes.length > 0 ? ` ${attributes.join(' ')}` : ''}`
  return content.length > 0 ? `${open}>${content.join('')}</${name}>` : `${open}/>`
}

/** Where an element's XML is written: the main text's part or the footnotes' (their own relationships). */
type DocxPart = 'body' | 'notes'

/** Where a document's elements go, in order: paragraphs and tables of the text, and its footnotes. */
export interface DocxOutput {
  readonly blockCount: number
  block(block: Paragraph | Table): void
  /** Footnote `id` (1…) with its paragraphs; notes come in any order. */
  note(id: number, paragraphs: readonly Paragraph[]): void
  hasNote(id: number): boolean
  /** The .docx. */
  pack(): Promise<Uint8Array>
}

/**
 * A document whose body and notes are written as they come: `block` and `note` each take docx's
 * objects, write their XML and keep only that; `pack` makes the .docx.
 */
export class StreamedDocx implements DocxOutput {
  private readonly body: string[] = []
  /** Each note's XML by its id: notes come in any order, Word's file lists them by id. */
  private readonly notes = new Map<number, string>()

  /** `file` is made with an empty section and no footnotes: its parts are what goes around ours. */
  constructor(private readonly file: Document) {}

  get blockCount(): number {
    return this.body.length
  }

  hasNote(id: number): boolean {
    return this.notes.has(id)
  }

  /** A paragraph or table of the main text, written now. */
  block(block: Paragraph | Table): void {
    this.body.push(this.written(block, 'body'))
  }

  /** Footnote `id` (1…) with its paragraphs, written now, as docx writes a note. */
  note(id: number, paragraphs: readonly Paragraph[]): void {
    const holder = new FootNotes()
    holder.createFootNote(id, paragraphs)
    const tree = holder.prepForXml(this.context('notes'))
    const children = tree?.['w:footnotes'] as IXmlableObject[] | undefined
    const note = children?.[children.length - 1]
    if (!note || !('w:footnote' in note)) throw new Error('docx wrote no footnote')
    this.notes.set(id, xmlOf(note))
  }

  /** The .docx: docx's parts for the file, with the body and notes written so far put in. */
  async pack(): Promise<Uint8Array> {
    const notes = [...this.notes].sort(([a], [b]) => a - b).map(([, xml]) => xml)
    this.notes.clear()
    const ours = new Map([
      ['word/document.xml', { xml: this.body, after: BODY_START, values: this.placeholders(this.body, 'body') }],
      ['word/footnotes.xml', { xml: notes, before: NOTES_END, values: this.placeholders(notes, 'notes') }],
    ])
    // docx's parts, made after the placeholders' relationships were added, so that they list them.
    // The pictures are taken as they are from the document's media, not inflated again from docx's
    // zip: a page may hold 64 MB of them (word-export.service.ts).
    const pictures = new Map(this.file.Media.Array.map(({ fileName, data }) => [`word/media/${fileName}`, data]))
    const order: string[] = []
    const parts = unzipSync(await Packer.toBuffer(this.file), {
      filter: ({ name }) => {
        order.push(name)
        return !pictures.has(name)
      },
    })
    const chunks: Uint8Array[] = []
    let ended = false
    let failure: Error | null = null
    const zip = new Zip((error, data, final) => {
      if (error) failure = error
      chunks.push(data)
      ended = final
    })
    for (const path of order) {
      const picture = pictures.get(path)
      if (picture !== undefined) {
        // JPEG, PNG and GIF are compressed already: stored as they are.
        const file = new ZipPassThrough(path)
        zip.add(file)
        file.push(
          ArrayBuffer.isView(picture)
            ? new Uint8Array(picture.buffer, picture.byteOffset, picture.byteLength)
            : new Uint8Array(picture),
          true,
        )
        continue
      }
      const data = parts[path]
      if (data === undefined) throw new Error(`docx's part ${path} was not read`)
      const file = new ZipDeflate(path, { level: DEFLATE_LEVEL })
      zip.add(file)
      const part = ours.get(path)
      if (part) writeInto(file, new TextDecoder().decode(data), part)
      else file.push(data, true)
    }
    this.body.length = 0
    zip.end()
    if (failure) throw failure
    if (!ended) throw new Error('the .docx was not zipped to its end')
    const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
    let offset = 0
    for (const chunk of chunks) {
      out.set(chunk, offset)
      offset += chunk.byteLength
    }
    return out
  }

  private context(part: DocxPart) {
    return { file: this.file, viewWrapper: part === 'body' ? this.file.Document : this.file.FootNotes, stack: [] }
  }

  private written(element: Paragraph | Table, part: DocxPart): string {
    const tree = element.prepForXml(this.context(part))
    if (!tree) throw new Error('docx wrote no XML for an element')
    return xmlOf(tree)
  }

  /**
   * What each placeholder in a part's XML stands for, as docx's compiler fills them in: a picture's
   * relationship (added to the part's, numbered after those it has), a list's numbering id.
   */
  private placeholders(xml: readonly string[], part: DocxPart): Map<string, string> {
    const relationships = part === 'body' ? this.file.Document.Relationships : this.file.FootNotes.Relationships
    const keys = new Set<string>()
    for (const text of xml) {
      if (!text.includes('{')) continue
      for (const match of text.matchAll(PLACEHOLDER)) keys.add(match[1]!)
    }
    const values = new Map<string, string>()
    const first = relationships.RelationshipCount + 1
    let added = 0
    for (const [key, { fileName }] of this.file.Media.Entries) {
      if (!keys.has(key)) continue
      const id = first + added++
      relationships.addRelationship(id, IMAGE_RELATIONSHIP, `media/${fileName}`)
      values.set(key, String(id))
    }
    for (const { reference, instance, restartedListId, numId } of this.file.Numbering.ConcreteNumbering)
      values.set(
        restartedListId === undefined ? `${reference}-${instance}` : `${reference}-restart ${restartedListId}`,
        String(numId),
      )
    return values
  }
}

/**
 * Deflates docx's part `frame` with `xml` put in after the text `after` or before `before`, each
 * piece's placeholders filled in, a megabyte of text at a time.
 */
function writeInto(
  file: ZipDeflate,
  frame: string,
  part: { xml: readonly string[]; after?: string; before?: string; values: ReadonlyMap<string, string> },
): void {
  const found = part.after !== undefined ? frame.indexOf(part.after) : frame.indexOf(part.before!)
  if (found < 0) throw new Error(`docx's part has no ${part.after ?? part.before}`)
  const at = found + (part.after?.length ?? 0)
  const encoder = new TextEncoder()
  let pending = frame.slice(0, at)
  for (const xml of part.xml) {
    pending += xml.replace(PLACEHOLDER, (placeholder, key: string) => part.values.get(key) ?? placeholder)
    if (pending.length >= ENCODE_CHUNK) {
      file.push(encoder.encode(pending))
      pending = ''
    }
  }
  file.push(encoder.encode(pending + frame.slice(at)), true)
}
