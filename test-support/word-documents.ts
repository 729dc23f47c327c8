// Word files for the import's tests, API and browser, and its bench, written with the `docx` package
// (real Word footnotes, endnotes, comments and tracked changes), and the bad files the import
// refuses, made from real bytes.
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import {
  Bookmark,
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  DeletedTextRun,
  Document,
  EndnoteReferenceRun,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  ImageRun,
  InsertedTextRun,
  InternalHyperlink,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx'

export interface WordParagraph {
  text: string
  /** A footnote at the paragraph's end. */
  note?: string
}

export interface WordSection {
  heading: string
  paragraphs: WordParagraph[]
}

export interface WordText {
  title: string
  sections: WordSection[]
  /** A small table after the sections. */
  table?: string[][]
}

/** A small document: a title, sections with a heading and paragraphs with real Word footnotes, a table. */
export async function wordDocument(text: WordText): Promise<Buffer> {
  const footnotes: Record<number, { children: Paragraph[] }> = {}
  let noteCount = 0
  const children: (Paragraph | Table)[] = [new Paragraph({ text: text.title, heading: HeadingLevel.TITLE })]
  for (const section of text.sections) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }))
    for (const paragraph of section.paragraphs) {
      const runs: (TextRun | FootnoteReferenceRun)[] = [new TextRun(paragraph.text)]
      if (paragraph.note !== undefined) {
        noteCount += 1
        footnotes[noteCount] = { children: [new Paragraph(paragraph.note)] }
        runs.push(new FootnoteReferenceRun(noteCount))
      }
      children.push(new Paragraph({ children: runs }))
    }
  }
  if (text.table) {
    children.push(
      new Table({
        rows: text.table.map(
          (row) => new TableRow({ children: row.map((cell) => new TableCell({ children: [new Paragraph(cell)] })) }),
        ),
      }),
    )
  }
  const document = new Document({ footnotes, sections: [{ children }] })
  return Packer.toBuffer(document)
}

/** What the sample document holds, for the tests to find in the HTML. */
export const SAMPLE = {
  title: 'Satipaṭṭhānasutta: Pāli õpetus',
  heading1: 'Esimene peatükk: kāyānupassanā',
  heading2: 'Hingamise jälgimine (ānāpānasati)',
  heading3: 'Neli jhānat',
  bold: 'rõhutatud sõna',
  italic: 'saṁvega',
  underline: 'allajoonitud',
  superscript: 'ülaindeks',
  subscript: 'alaindeks',
  pali: 'Ekāyano ayaṁ, bhikkhave, maggo sattānaṁ visuddhiyā.',
  listOuter: 'Välimine punkt',
  listInner: 'Sisemine punkt ñāṇa',
  cell: 'Tabeli lahter ṭhāna',
  linkText: 'SuttaCentral',
  linkUrl: 'https://suttacentral.net/mn10',
  pictureAlt: 'Lootoseõis tiigil',
  footnotes: ['Esimene märkus: variant satova.', 'Teine märkus ḍ ṇ ḷ.', 'Kolmas märkus.'],
  endnote: 'Lõpumärkus: vt MN 118.',
  plain: 'Tavaline lõik, mis jääb muutmata, et selle id püsiks.',
} as const

/**
 * The sample: Title, three heading levels, bold, italic, underline, superscript, subscript, a nested
 * list, a table, a link, a picture with alt text, three footnotes and an endnote, Pāli letters.
 * `picture` is a PNG or JPEG file's bytes.
 */
export async function sampleDocument(picture: Buffer, options: { changed?: string } = {}): Promise<Buffer> {
  const document = new Document({
    title: 'Omaduste pealkiri',
    footnotes: Object.fromEntries(
      SAMPLE.footnotes.map((text, index) => [index + 1, { children: [new Paragraph(text)] }]),
    ),
    endnotes: { 1: { children: [new Paragraph(SAMPLE.endnote)] } },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(SAMPLE.title)] }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(SAMPLE.heading1)] }),
          new Paragraph(SAMPLE.plain),
          new Paragraph({
            children: [
              new TextRun('Lõigus on '),
              new TextRun({ text: SAMPLE.bold, bold: true }),
              new TextRun(', '),
              new TextRun({ text: SAMPLE.italic, italics: true }),
              new TextRun(', '),
              new TextRun({ text: SAMPLE.underline, underline: {} }),
              new TextRun(', '),
              new TextRun({ text: SAMPLE.superscript, superScript: true }),
              new TextRun(' ja '),
              new TextRun({ text: SAMPLE.subscript, subScript: true }),
              new TextRun('.'),
              new FootnoteReferenceRun(1),
            ],
          }),
          new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(SAMPLE.heading2)] }),
          // Decomposed (NFD), as some keyboards write Pāli letters: the import composes them.
          new Paragraph({
            children: [new TextRun((options.changed ?? SAMPLE.pali).normalize('NFD')), new FootnoteReferenceRun(2)],
          }),
          new Paragraph({ text: SAMPLE.listOuter, bullet: { level: 0 } }),
          new Paragraph({ text: SAMPLE.listInner, bullet: { level: 1 } }),
          new Paragraph({ heading: HeadingLevel.HEADING_3, children: [new TextRun(SAMPLE.heading3)] }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph(SAMPLE.cell)] }),
                  new TableCell({ children: [new Paragraph('Teine lahter')] }),
                ],
              }),
            ],
          }),
          new Paragraph({
            children: [
              new TextRun('Loe edasi: '),
              new ExternalHyperlink({
                link: SAMPLE.linkUrl,
                children: [new TextRun({ text: SAMPLE.linkText, style: 'Hyperlink' })],
              }),
              new FootnoteReferenceRun(3),
              new TextRun(' Ja lõpuks.'),
              new EndnoteReferenceRun(1),
            ],
          }),
          new Paragraph({
            children: [
              new ImageRun({
                type: 'png',
                data: picture,
                transformation: { width: 120, height: 80 },
                altText: { name: 'lootos', title: SAMPLE.pictureAlt, description: SAMPLE.pictureAlt },
              }),
            ],
          }),
        ],
      },
    ],
  })
  return Packer.toBuffer(document)
}

export const REVIEWED = { kept: 'Alles jäänud tekst.', inserted: 'Lisatud lause.', deleted: 'Kustutatud lause.' }

/** A document with a comment and tracked changes (one insertion, one deletion), still pending. */
export async function reviewedDocument(): Promise<Buffer> {
  const document = new Document({
    comments: {
      children: [
        { id: 1, author: 'Toimetaja', date: new Date('2026-01-01T00:00:00Z'), children: [new Paragraph('Kontrolli.')] },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({
            children: [
              new CommentRangeStart(1),
              new TextRun(`${REVIEWED.kept} `),
              new CommentRangeEnd(1),
              new TextRun({ children: [new CommentReference(1)] }),
              new InsertedTextRun({
                id: 2,
                author: 'Toimetaja',
                date: '2026-01-01T00:00:00Z',
                text: REVIEWED.inserted,
              }),
              new DeletedTextRun({ id: 3, author: 'Toimetaja', date: '2026-01-01T00:00:00Z', text: REVIEWED.deleted }),
            ],
          }),
        ],
      },
    ],
  })
  return Packer.toBuffer(document)
}

const WORDS = ['dhamma', 'sati', 'paññā', 'samādhi', 'vedanā', 'citta', 'kāya', 'ñāṇa', 'ṭhāna', 'saṅgha']

/**
 * A long document: `pages` pages of about 450 words (ten paragraphs each), headings on three
 * levels, `footnotes` footnotes spread evenly and `pictures` copies of `picture` (each a different file).
 */
export async function longDocument(options: { pages: number; footnotes: number; pictures: Buffer[] }): Promise<Buffer> {
  const paragraphsPerPage = 10
  const total = options.pages * paragraphsPerPage
  const children: Array<Paragraph> = []
  let footnote = 0
  let picture = 0
  for (let n = 0; n < total; n++) {
    if (n % 30 === 0) children.push(heading(HeadingLevel.HEADING_1, `Peatükk ${n / 30 + 1}`))
    else if (n % 10 === 0) children.push(heading(HeadingLevel.HEADING_2, `Jagu ${n / 10 + 1}`))
    else if (n % 5 === 0) children.push(heading(HeadingLevel.HEADING_3, `Alajagu ${n / 5 + 1}`))
    const words = Array.from({ length: 45 }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]).join(' ')
    const runs: Array<TextRun | FootnoteReferenceRun> = [new TextRun(`${n + 1}. ${words}.`)]
    // Footnotes spread evenly over the paragraphs.
    while (footnote < options.footnotes && (footnote * total) / options.footnotes <= n) {
      footnote++
      runs.push(new FootnoteReferenceRun(footnote))
    }
    children.push(new Paragraph({ children: runs }))
    if (picture < options.pictures.length && n === Math.floor(((picture + 0.5) * total) / options.pictures.length)) {
      const data = options.pictures[picture]!
      children.push(
        new Paragraph({
          children: [
            new ImageRun({
              type: 'png',
              data,
              transformation: { width: 100, height: 100 },
              altText: {
                name: `pilt ${picture + 1}`,
                title: `Pilt ${picture + 1}`,
                description: `Pilt ${picture + 1}`,
              },
            }),
          ],
        }),
      )
      picture++
    }
  }
  const footnotes = Object.fromEntries(
    Array.from({ length: options.footnotes }, (_, i) => [
      i + 1,
      { children: [new Paragraph(`Märkus ${i + 1}: variant ${WORDS[i % WORDS.length]}.`)] },
    ]),
  )
  return Packer.toBuffer(new Document({ footnotes, sections: [{ children }] }))
}

function heading(level: (typeof HeadingLevel)[keyof typeof HeadingLevel], text: string) {
  return new Paragraph({ heading: level, children: [new TextRun(text)] })
}

/** The start of an OLE compound file (an old .doc, or an encrypted .docx's wrapper). */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/**
 * An OLE compound file's first sectors with a directory naming `streams` (UTF-16LE, as the format
 * writes names): enough of the format for the import to tell a .doc from an encrypted .docx.
 */
export function compoundFile(streams: string[]): Buffer {
  const header = Buffer.alloc(512)
  OLE_SIGNATURE.copy(header)
  header.writeUInt16LE(0x003e, 24) // minor version
  header.writeUInt16LE(0x0003, 26) // major version 3
  header.writeUInt16LE(0xfffe, 28) // little-endian
  header.writeUInt16LE(9, 30) // 512-byte sectors
  const directory = Buffer.alloc(512)
  for (const [index, name] of ['Root Entry', ...streams].slice(0, 4).entries()) {
    const entry = directory.subarray(index * 128, index * 128 + 128)
    entry.write(name, 0, 'utf16le')
    entry.writeUInt16LE((name.length + 1) * 2, 64)
    entry[66] = index === 0 ? 5 : 2
  }
  return Buffer.concat([header, directory])
}

/**
 * A zip that is not a Word file's: an `.xlsx`-like package (no `word/document.xml`).
 */
export function otherZip(): Buffer {
  return Buffer.from(
    zipSync({ '[Content_Types].xml': new TextEncoder().encode('<Types/>'), 'xl/workbook.xml': new Uint8Array(10) }),
  )
}

/**
 * A .docx-shaped zip whose `word/document.xml` unpacks to `unpacked` bytes of spaces, its sizes in
 * the zip's headers and directory said to be `declared` bytes (the truth when omitted).
 */
export function bombDocx(unpacked: number, declared = unpacked): Buffer {
  const zip = Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
        'word/document.xml': new Uint8Array(unpacked).fill(0x20),
      },
      { level: 9 },
    ),
  )
  // Local headers (PK\3\4) keep the unpacked size at 22, central directory entries (PK\1\2) at 24.
  for (let at = 0; at < zip.length - 4; at++) {
    const signature = zip.readUInt32LE(at)
    if (signature !== 0x04034b50 && signature !== 0x02014b50) continue
    const local = signature === 0x04034b50
    const nameLength = zip.readUInt16LE(at + (local ? 26 : 28))
    const name = zip.toString('utf8', at + (local ? 30 : 46), at + (local ? 30 : 46) + nameLength)
    if (name === 'word/document.xml') zip.writeUInt32LE(declared, at + (local ? 22 : 24))
  }
  return zip
}

/** The .docx with footnote `id` taken out of its notes part: its reference in the text points at nothing. */
export function withoutFootnote(docx: Buffer, id: number): Buffer {
  const parts = unzipSync(docx)
  const xml = strFromU8(parts['word/footnotes.xml']!)
  const without = xml.replace(new RegExp(`<w:footnote\\b[^>]*w:id="${id}"[\\s\\S]*?</w:footnote>`), '')
  if (without === xml) throw new Error(`footnote ${id} not found`)
  parts['word/footnotes.xml'] = strToU8(without)
  return Buffer.from(zipSync(parts))
}

export const STYLED = {
  verse: ['Manopubbaṅgamā dhammā,', 'manoseṭṭhā manomayā.'],
  styled: 'Oma stiiliga lõik.',
  bookmark: 'Salmid',
  linkText: 'Vaata salme',
}

/**
 * A link to a bookmarked heading, two Quote paragraphs (a verse) and two paragraphs in a style of the document's own that the import
 * does not know ("Salmi märkus").
 */
export async function styledDocument(): Promise<Buffer> {
  const document = new Document({
    // Word's own Quote style, as Word writes it, and one of the document's own.
    styles: {
      paragraphStyles: [
        { id: 'Quote', name: 'Quote', run: { italics: true } },
        { id: 'SalmiMarkus', name: 'Salmi märkus', run: { italics: true } },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({
            children: [new InternalHyperlink({ anchor: STYLED.bookmark, children: [new TextRun(STYLED.linkText)] })],
          }),
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            children: [new Bookmark({ id: STYLED.bookmark, children: [new TextRun('Salmid')] })],
          }),
          ...STYLED.verse.map((line) => new Paragraph({ style: 'Quote', text: line })),
          // A BMP picture: Word takes it, the picture library does not.
          new Paragraph({
            children: [new ImageRun({ type: 'bmp', data: oneDotBmp(), transformation: { width: 10, height: 10 } })],
          }),
          new Paragraph({ style: 'SalmiMarkus', text: STYLED.styled }),
          new Paragraph({ style: 'SalmiMarkus', text: STYLED.styled }),
        ],
      },
    ],
  })
  return Packer.toBuffer(document)
}

/** A 1×1 24-bit BMP file. */
function oneDotBmp(): Buffer {
  const file = Buffer.alloc(58)
  file.write('BM', 0, 'latin1')
  file.writeUInt32LE(58, 2) // file size
  file.writeUInt32LE(54, 10) // where the pixels start
  file.writeUInt32LE(40, 14) // BITMAPINFOHEADER
  file.writeInt32LE(1, 18) // width
  file.writeInt32LE(1, 22) // height
  file.writeUInt16LE(1, 26) // planes
  file.writeUInt16LE(24, 28) // bits per pixel
  file.writeUInt32LE(4, 34) // pixel bytes (one row, padded to 4)
  file.set([0x40, 0x80, 0xc0], 54)
  return file
}
