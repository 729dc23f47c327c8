// A .docx made into the page HTML the editor saves, in the processing worker (never on the main
// thread): every part unpacked once with a running count (a part that unpacks to more than the zip's
// directory said is a bomb), then mammoth converts, and its HTML is put in the site's own shape —
// footnotes and endnotes as `_ftnN` / `_ftnrefN` with the notes after an `<hr>` at the end of the
// main text (as the corpus has them), a paragraph `=== LINKS START ===` (the Word export writes one)
// as the start of the links section, pictures as placeholders the main thread swaps for
// picture-library addresses, the whole sanitised as a saved page is, Pāli letters NFC. What did not
// come through is counted.
import { Unzip, UnzipInflate } from 'fflate'
import { decodeHTML } from 'entities'
import mammoth from 'mammoth'
import type { WordCounts, WordWarning } from '#shared/api/word.ts'
import { DOCX_MAX_UNPACKED_BYTES, LINKS_MARKER } from '#shared/limits.ts'
import { joinLinks, type PageHalves } from '#shared/text/links-section.ts'
import { sanitizePageHtml, walkSanitizedHtml } from '../../content/processing/sanitize.ts'

export interface WordImportInput {
  /** The .docx's bytes (transferred to the worker). */
  bytes: Uint8Array
  /** The zip's directory as checkDocxFile read it: part name → unpacked size. */
  directory: Map<string, number>
  fileName: string
}

/** A picture of the document, to be stored by the main thread; `placeholder` is its `src` in `html` until then. */
export interface DocxPicture {
  placeholder: string
  bytes: Uint8Array
  contentType: string
  alt: string
}

export interface DocxConversion {
  html: string
  title: string
  counts: WordCounts
  warnings: WordWarning[]
  pictures: DocxPicture[]
}

/** Why a file was refused in the worker: the error's name, so the main thread can tell it from a crash. */
export const WORD_FILE_REFUSED = 'WordFileRefused'
export type WordRefusal = 'bomb' | 'damaged'
const refused = (reason: WordRefusal) => Object.assign(new Error(reason), { name: WORD_FILE_REFUSED })

/** The placeholder `src` of the document's picture `n`: a relative address, so the sanitiser keeps it. */
export const picturePlaceholder = (n: number) => `docx-picture-${n}`
/** The `src` of a picture left out; its `<img>` is taken away before sanitising. */
const SKIPPED_PICTURE = 'docx-picture-skipped'
const SKIPPED_IMG = new RegExp(`<img [^>]*src="${SKIPPED_PICTURE}"[^>]*>`, 'g')

const PREFIX = 'docx-'
/** The picture types the picture library takes (image-encoding.ts); others are left out with a warning. */
const LIBRARY_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
const STYLE_MAP = [
  // The Title style is the page's first heading; its class finds the title, the sanitiser drops it.
  "p[style-name='Title'] => h1.docx-title:fresh",
  "p[style-name='Subtitle'] => p:fresh",
  // Verses and quotations: consecutive Quote paragraphs in one blockquote, as the corpus has them.
  "p[style-name='Quote'] => blockquote > p:fresh",
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  'u => u',
]
/** The parts whose XML is read for what mammoth passes over silently (comments, tracked changes, text boxes, notes). */
const READ_PARTS = [
  'word/document.xml',
  'word/footnotes.xml',
  'word/endnotes.xml',
  'word/comments.xml',
  'docProps/core.xml',
]

export async function convertDocx({ bytes, directory, fileName }: WordImportInput): Promise<DocxConversion> {
  const parts = unpackChecked(bytes, directory, new Set(READ_PARTS))
  const warnings = new WarningList()
  scanForWarnings(parts, warnings)

  const pictures: DocxPicture[] = []
  let converted: { value: string; messages: Array<{ type: string; message: string }> }
  try {
    converted = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        styleMap: STYLE_MAP,
        idPrefix: PREFIX,
        externalFileAccess: false,
        transformDocument: withEmptyNotesForDanglingReferences,
        convertImage: mammoth.images.imgElement(async (image) => {
          // Mammoth reads the alt text (its typings do not list it).
          const alt = ((image as { altText?: string }).altText ?? '').trim().normalize('NFC')
          if (!LIBRARY_TYPES.has(image.contentType)) {
            warnings.add(
              'picture_skipped',
              `Pilt tüübiga ${image.contentType} jäi välja (võtta saab JPEG, PNG, GIF, WebP).`,
            )
            return { src: SKIPPED_PICTURE }
          }
          const placeholder = picturePlaceholder(pictures.length)
          pictures.push({
            placeholder,
            bytes: new Uint8Array(await image.readAsArrayBuffer()),
            contentType: image.contentType,
            alt,
          })
          return { src: placeholder, alt }
        }),
      },
    )
  } catch {
    throw refused('damaged')
  }
  // Mammoth says each thing once: a style's paragraphs and runs are counted in the XML.
  const styleUses = (kind: 'p' | 'r', id: string) =>
    ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml'].reduce(
      (sum, name) => sum + (parts.get(name)?.split(`<w:${kind}Style w:val="${id}"/>`).length ?? 1) - 1,
      0,
    )
  for (const message of converted.messages) warnings.addConverterMessage(message.message, styleUses)

  const footnoted = siteFootnotes(converted.value.replace(SKIPPED_IMG, ''))
  const { unpaired } = footnoted
  // What still has the prefix is Word's bookmarks and the links to them: their own names again.
  const body = withoutPrefix(footnoted.body)
  const notes = footnoted.notes.map(withoutPrefix)
  const bodyHtml = sanitizePageHtml(withLineBreaks(body)).normalize('NFC').trimEnd()
  const notesHtml = notes.length === 0 ? '' : sanitizePageHtml(notes.join('\n')).normalize('NFC')
  // A paragraph that reads `=== LINKS START ===` (as the Word export writes one) starts the links section.
  const { main, links } = atLinksMarker(bodyHtml)
  const html = joinLinks(notesHtml === '' ? main : `${main}\n<hr>\n${notesHtml}`, links)
  const counts = countBody(links === null ? main : `${main}\n${links}`)
  return {
    html,
    title: titleOf(converted.value, parts.get('docProps/core.xml'), counts.firstHeading, fileName),
    counts: {
      paragraphs: counts.paragraphs,
      headings: counts.headings,
      footnotes: { total: notes.length + unpaired.length, unpaired },
      pictures: counts.pictures,
      tables: counts.tables,
    },
    warnings: warnings.list(),
    pictures: pictures.filter((picture) => html.includes(`src="${picture.placeholder}"`)),
  }
}

/**
 * Unpacks every part once, counting: a part may not unpack to more than the directory said, nor all
 * of them past DOCX_MAX_UNPACKED_BYTES. Answers the text of the parts in `wanted`.
 */
function unpackChecked(bytes: Uint8Array, directory: Map<string, number>, wanted: Set<string>): Map<string, string> {
  const texts = new Map<string, string>()
  let total = 0
  // fflate's inflater catches what its handler throws and hands it back as an error: the first verdict stands.
  let verdict: WordRefusal | null = null
  const unzip = new Unzip((file) => {
    const declared = directory.get(file.name) ?? 0
    const decoder = wanted.has(file.name) ? new TextDecoder() : null
    const pieces: string[] = []
    let size = 0
    file.ondata = (error, chunk, final) => {
      if (error) throw refused(verdict ?? 'damaged')
      size += chunk.length
      total += chunk.length
      if (size > declared || total > DOCX_MAX_UNPACKED_BYTES) throw refused((verdict = 'bomb'))
      if (decoder) {
        pieces.push(decoder.decode(chunk, { stream: !final }))
        if (final) texts.set(file.name, pieces.join(''))
      }
    }
    file.start()
  })
  unzip.register(UnzipInflate)
  const SLICE = 64 * 1024
  try {
    for (let at = 0; at < bytes.length; at += SLICE) {
      unzip.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length)
    }
  } catch (error) {
    if (error instanceof Error && error.name === WORD_FILE_REFUSED) throw error
    throw refused('damaged')
  }
  return texts
}

const count = (text: string | undefined, pattern: RegExp) => (text ? (text.match(pattern)?.length ?? 0) : 0)

/** What mammoth leaves out without a message: comments, pending tracked changes, text boxes, notes nothing points to. */
function scanForWarnings(parts: Map<string, string>, warnings: WarningList) {
  const comments = count(parts.get('word/comments.xml'), /<w:comment\b/g)
  if (comments > 0) warnings.add('comments', 'Kommentaarid jäid välja.', comments)

  const texts = ['word/document.xml', 'word/footnotes.xml', 'word/endnotes.xml'].map((name) => parts.get(name))
  const insertions = texts.reduce((sum, text) => sum + count(text, /<w:ins\b/g), 0)
  const deletions = texts.reduce((sum, text) => sum + count(text, /<w:del\b/g), 0)
  if (insertions + deletions > 0) {
    warnings.add(
      'tracked_changes',
      `Jälgitud muudatused (lisamisi ${insertions}, kustutamisi ${deletions}) võeti vastu: lisatud tekst on sees, kustutatud tekst mitte.`,
      insertions + deletions,
    )
  }
  const document = parts.get('word/document.xml')
  // Word writes a text box twice (a DrawingML one and a VML fallback): the larger count is the boxes.
  const textBoxes = Math.max(count(document, /<wps:txbx\b/g), count(document, /<v:textbox\b/g))
  if (textBoxes > 0)
    warnings.add('text_boxes', 'Tekstikastide tekst on toodud nende lõigu järele, kast ise jäi välja.', textBoxes)

  for (const kind of ['footnote', 'endnote'] as const) {
    const notes = noteIds(parts.get(`word/${kind}s.xml`), kind)
    const referenced = new Set(
      [...(document ?? '').matchAll(new RegExp(`<w:${kind}Reference\\b[^>]*?w:id="(-?\\d+)"`, 'g'))].map((m) => m[1]),
    )
    const unreferenced = notes.filter((id) => !referenced.has(id)).length
    if (unreferenced > 0) {
      warnings.add(
        'unreferenced_notes',
        `${kind === 'footnote' ? 'Joonealused märkused' : 'Lõpumärkused'}, millele tekstis viidet pole, jäid välja.`,
        unreferenced,
      )
    }
  }
}

/** The ids of a notes part's real notes (Word's separator notes left out). */
function noteIds(xml: string | undefined, kind: 'footnote' | 'endnote'): string[] {
  if (!xml) return []
  const ids: string[] = []
  for (const match of xml.matchAll(new RegExp(`<w:${kind}\\b([^>]*)>`, 'g'))) {
    const attributes = match[1] ?? ''
    if (/w:type="(?:separator|continuationSeparator|continuationNotice)"/.test(attributes)) continue
    const id = /w:id="(-?\d+)"/.exec(attributes)?.[1]
    if (id !== undefined) ids.push(id)
  }
  return ids
}

interface MammothElement {
  type: string
  noteType?: string
  noteId?: string
  children?: MammothElement[]
}
interface MammothDocument extends MammothElement {
  notes: { resolve(reference: MammothElement): unknown; _notes: Record<string, unknown> }
}

/**
 * Mammoth fails on a reference to a note the file does not have (a damaged or hand-edited file);
 * such a reference gets an empty note here, which siteFootnotes reports as unpaired.
 */
function withEmptyNotesForDanglingReferences(document: MammothDocument): MammothDocument {
  const visit = (element: MammothElement) => {
    if (element.type === 'noteReference' && document.notes.resolve(element) === null) {
      const { noteType, noteId } = element
      document.notes._notes[`${noteType}-${noteId}`] = { type: 'note', noteType, noteId, body: [] }
    }
    for (const child of element.children ?? []) visit(child)
  }
  visit(document)
  return document
}

/** A note reference as mammoth writes it (with its idPrefix), in any number of `<sup>`s. */
const NOTE_REFERENCE = new RegExp(
  `((?:<sup>)*)<a href="#${PREFIX}(footnote|endnote)-(-?\\d+)" id="${PREFIX}(?:footnote|endnote)-ref-(?:-?\\d+)">\\[\\d+\\]</a>((?:</sup>)*)`,
  'g',
)
const NOTES_LIST_START = new RegExp(`<ol><li id="${PREFIX}(?:footnote|endnote)-`)
const NOTE_ITEM = new RegExp(`<li id="${PREFIX}(footnote|endnote)-(-?\\d+)">`, 'g')
const BACK_LINK = new RegExp(` ?<a href="#${PREFIX}(?:footnote|endnote)-ref-(?:-?\\d+)">↑</a>`, 'g')

/**
 * Mammoth's note references and its notes list made into the site's footnotes, numbered 1…n in
 * reading order (footnotes and endnotes together). `notes` are the notes' blocks, the first
 * paragraph of each starting with its `[n]` link back.
 */
function siteFootnotes(html: string): { body: string; notes: string[]; unpaired: string[] } {
  const listStart = html.search(NOTES_LIST_START)
  const bodyPart = listStart === -1 ? html : html.slice(0, listStart)
  const listPart = listStart === -1 ? '' : html.slice(listStart)
  const numbers = new Map<string, number>()
  const body = bodyPart.replace(NOTE_REFERENCE, (_all, opened: string, kind: string, id: string, closed: string) => {
    const key = `${kind}-${id}`
    const n = numbers.get(key) ?? numbers.size + 1
    numbers.set(key, n)
    // The <sup>s around the reference itself go: the site's references stand bare, as the corpus's.
    const wrappers = Math.min(opened.length / 5, closed.length / 6)
    const reference = `<a href="#_ftn${n}" name="_ftnref${n}" id="_ftnref${n}">[${n}]</a>`
    return opened.slice(wrappers * 5) + reference + closed.slice(wrappers * 6)
  })

  const noteBodies = new Map<number, string>()
  const items = [...listPart.matchAll(NOTE_ITEM)]
  for (const [index, item] of items.entries()) {
    const start = item.index + item[0].length
    const end = index + 1 < items.length ? items[index + 1]!.index : listPart.lastIndexOf('</ol>')
    // The item's own `</li>` ends it (the next item or the list's end follows it).
    const inner = listPart.slice(start, end).replace(/<\/li>$/, '')
    const n = numbers.get(`${item[1]}-${item[2]}`)
    const text = inner.replace(BACK_LINK, '')
    // An empty note is one the file did not have (withEmptyNotesForDanglingReferences): unpaired.
    if (n !== undefined && text.replace(/<[^>]*>/g, '').trim() !== '') noteBodies.set(n, text)
  }
  const notes: string[] = []
  const unpaired: string[] = []
  for (let n = 1; n <= numbers.size; n++) {
    const inner = noteBodies.get(n)
    if (inner === undefined) {
      unpaired.push(String(n))
      continue
    }
    const anchor = `<a href="#_ftnref${n}" name="_ftn${n}" id="_ftn${n}">[${n}]</a>`
    // Word starts a note with a space after its mark; the site's notes have one space after `[n]`.
    notes.push(inner.startsWith('<p>') ? `<p>${anchor} ${inner.slice(3).trimStart()}` : `<p>${anchor}</p>${inner}`)
  }
  return { body, notes, unpaired }
}

function withoutPrefix(html: string): string {
  return html.replaceAll(` id="${PREFIX}`, ' id="').replaceAll(` href="#${PREFIX}`, ' href="#')
}

/** One top-level block a line, as the corpus's pages and the editor's source view have them. */
function withLineBreaks(html: string): string {
  return html.replace(/(<\/(?:p|h[1-6]|ul|ol|table|blockquote)>)/g, '$1\n')
}

interface BodyCounts {
  paragraphs: number
  headings: WordCounts['headings']
  pictures: number
  tables: number
  firstHeading: string
}

/** A paragraph holding only the marker, as mammoth writes it (the marker has no special characters). */
const MARKER_PARAGRAPH = new RegExp(`<p>\\s*${LINKS_MARKER}\\s*</p>`)

/** The text split at its first marker paragraph: the main part, then the links section (null without one). */
function atLinksMarker(html: string): PageHalves {
  const marker = MARKER_PARAGRAPH.exec(html)
  if (!marker) return { main: html, links: null }
  return { main: html.slice(0, marker.index).trimEnd(), links: html.slice(marker.index + marker[0].length).trim() }
}

function countBody(html: string): BodyCounts {
  const counts: BodyCounts = {
    paragraphs: 0,
    headings: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0 },
    pictures: 0,
    tables: 0,
    firstHeading: '',
  }
  let inFirstHeading = false
  walkSanitizedHtml(html, {
    openElement(tag) {
      const level = /^h([1-6])$/.exec(tag)?.[1]
      if (level) {
        const key = Number(level) as keyof BodyCounts['headings']
        counts.headings[key]++
        if (counts.firstHeading === '' && !inFirstHeading) inFirstHeading = true
      } else if (tag === 'p') counts.paragraphs++
      else if (tag === 'img') counts.pictures++
      else if (tag === 'table') counts.tables++
    },
    closeElement(tag) {
      if (/^h[1-6]$/.test(tag)) inFirstHeading = false
    },
    text(text) {
      if (inFirstHeading) counts.firstHeading += text
    },
  })
  counts.firstHeading = counts.firstHeading.replace(/\s+/g, ' ').trim()
  return counts
}

const TITLE_MAX_CHARS = 500

/** The first Title paragraph, else the document's properties' title, else its first heading, else the file's name. */
function titleOf(html: string, coreXml: string | undefined, firstHeading: string, fileName: string): string {
  const plain = (text: string) =>
    decodeHTML(text.replace(/<[^>]*>/g, ''))
      .replace(/\s+/g, ' ')
      .trim()
  const styled = /<h1 class="docx-title">([\s\S]*?)<\/h1>/.exec(html)?.[1]
  const property = coreXml ? /<dc:title>([\s\S]*?)<\/dc:title>/.exec(coreXml)?.[1] : undefined
  const fromName = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.docx$/i, '')
  const title = [styled, property, firstHeading, fromName].map((text) => plain(text ?? '')).find((text) => text !== '')
  return (title ?? 'Wordi dokument').normalize('NFC').slice(0, TITLE_MAX_CHARS)
}

/** Warnings grouped by what they say, counted. */
class WarningList {
  private readonly byMessage = new Map<string, WordWarning>()

  add(code: WordWarning['code'], message: string, times = 1) {
    const known = this.byMessage.get(message)
    if (known) known.count += times
    else this.byMessage.set(message, { code, message, count: times })
  }

  /** Mammoth's own messages, in Estonian where their kind is known. */
  addConverterMessage(message: string, styleUses: (kind: 'p' | 'r', id: string) => number) {
    const style = /^Unrecognised (paragraph|run) style: '(.*)' \(Style ID: (.*)\)$/.exec(message)
    if (style) {
      const [, kind, name, id] = style as unknown as [string, string, string, string]
      const what = kind === 'paragraph' ? 'Tundmatu lõigustiil' : 'Tundmatu märgistiil'
      const uses = styleUses(kind === 'paragraph' ? 'p' : 'r', id)
      this.add('unknown_style', `${what} „${name || id}”: tekst tuli ilma selle stiilita.`, Math.max(uses, 1))
      return
    }
    const undefinedStyle =
      /^(Paragraph|Run|Table) style with ID (.*) was referenced but not defined in the document$/.exec(message)
    if (undefinedStyle) {
      const [, kind, id] = undefinedStyle as unknown as [string, string, string]
      const uses = kind === 'Table' ? 1 : styleUses(kind === 'Paragraph' ? 'p' : 'r', id)
      this.add(
        'unknown_style',
        `Stiil „${id}” on dokumendis kasutusel, kuid määramata: tekst tuli ilma selleta.`,
        Math.max(uses, 1),
      )
      return
    }
    // Pictures the library cannot take are reported by the picture hook already.
    if (/^Image of type .* is unlikely to display in web browsers$/.test(message)) return
    const element = /^An unrecognised element was ignored: (.*)$/.exec(message)
    if (element) {
      this.add('converter', `Teisendaja jättis välja tundmatu osa ${element[1]}.`)
      return
    }
    this.add('converter', `Teisendaja teade: ${message}`)
  }

  list(): WordWarning[] {
    return [...this.byMessage.values()]
  }
}
