// The Word export writes its body and notes as XML text as they come (docx-parts.ts). Every part of
// the file must be what docx's own compiler makes of the same elements: the same HTML goes through
// the writer twice, once streamed and once into a docx Document packed whole, and the files compare.
import { createHash } from 'node:crypto'
import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { Document, Packer, Paragraph, type Table } from 'docx'
import { describe, expect, it } from 'vitest'
import { generatePage } from '../../../../test-support/generated-page.ts'
import { splitLinks } from '#shared/text/links-section.ts'
import type { DocxOutput } from './docx-parts.ts'
import { DocxWriter, documentOptions, type WordContents, type WordPicture } from './docx-writer.ts'

const CONTENTS: WordContents = { title: 'Ānāpānassati sutta', subject: 'Mūlapaṇṇāsa', origin: 'https://näide.ee' }

/** docx's own way: every element kept, then the whole document compiled and packed. */
class CompiledDocx implements DocxOutput {
  private readonly blocks: Array<Paragraph | Table> = []
  private readonly notes = new Map<number, { children: Paragraph[] }>()

  get blockCount() {
    return this.blocks.length
  }
  block(block: Paragraph | Table) {
    this.blocks.push(block)
  }
  note(id: number, paragraphs: readonly Paragraph[]) {
    this.notes.set(id, { children: [...paragraphs] })
  }
  hasNote(id: number) {
    return this.notes.has(id)
  }
  async pack() {
    const footnotes = Object.fromEntries([...this.notes].sort(([a], [b]) => a - b))
    const options = documentOptions(CONTENTS)
    const document = new Document({ ...options, footnotes, sections: [{ children: this.blocks }] })
    return new Uint8Array(await Packer.toBuffer(document))
  }
}

/**
 * The file's parts as text, with what docx numbers from counters of its own (hyperlinks' relationship
 * ids, bookmarks' and drawings' ids) renumbered by first appearance, and the creation time left out.
 */
function parts(bytes: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, data] of Object.entries(unzipSync(bytes))) {
    if (name.startsWith('word/media/')) {
      out[name] = createHash('sha256').update(data).digest('hex')
      continue
    }
    let text = strFromU8(data).replace(/<dcterms:(created|modified)[^>]*>[^<]*</g, '<dcterms:$1>…<')
    for (const pattern of [/rId([a-z0-9_-]{15,})/g, /<w:bookmark(?:Start|End) [^>]*?w:id="(\d+)"/g, / id="(\d+)"/g]) {
      const seen = new Map<string, number>()
      text = text.replace(pattern, (match, id: string) => {
        if (!seen.has(id)) seen.set(id, seen.size)
        return match.replace(id, `#${seen.get(id)}`)
      })
    }
    out[name] = text
  }
  return out
}

async function both(write: (writer: DocxWriter) => void) {
  const streamed = new DocxWriter(CONTENTS)
  const compiled = new DocxWriter(CONTENTS, new CompiledDocx())
  write(streamed)
  write(compiled)
  return { streamed: parts(await streamed.finish()), compiled: parts(await compiled.finish()) }
}

const picture = async (id: number, format: 'jpeg' | 'png', background: string): Promise<WordPicture> => {
  const image = sharp({ create: { width: 900, height: 300, channels: 3, background } })
  const data = new Uint8Array(await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer())
  return { id, type: format === 'jpeg' ? 'jpg' : 'png', data, width: 900, height: 300 }
}

describe('the streamed Word document', () => {
  it('is, part for part, what docx compiles of the same elements', async () => {
    const pictures = [await picture(3, 'jpeg', '#8a3b12'), await picture(4, 'png', '#123456')]
    const blocks = [
      '<h1 id="algus">Ānāpānassati sutta</h1>',
      '<p>Nii olen ma kuulnud<a href="#_ftn1" id="_ftnref1">[1]</a>: <strong>Bhagavā</strong> <em>peatus</em> <u>Sāvatthīs</u>, x<sup>2</sup> H<sub>2</sub>O <s>läbi</s> <code>kood</code>.</p>',
      '<p style="text-align:center">Keskel <a href="https://suttacentral.net/mn118">MN 118</a>, <a href="/content/5#x">teine leht</a>, <a href="#algus">üles</a>, <a href="mailto:a@b.ee">kiri</a>.</p>',
      '<ol><li>Esimene<a href="#_ftn2" id="_ftnref2">[2]</a></li><li>Teine<ul><li>Alampunkt</li><li><p>Kaks</p><p>lõiku</p></li></ul></li></ol>',
      '<ul><li>Uus loend</li></ul><ol><li>Veel üks</li></ol>',
      '<table><caption>Tabel</caption><thead><tr><th>Pāli</th><th>Eesti</th></tr></thead><tbody><tr><td colspan="2">ṭhāna<table><tr><td>sees</td></tr></table></td></tr><tr><td rowspan="2">a</td><td>b</td></tr></tbody></table>',
      '<p>Pilt <img src="/api/images/3?v=0123456789abcdef" alt="Buddha kuju"> ja <a href="https://example.org"><img src="/api/images/4?v=0123456789abcdef" alt="Lingiga"></a> ja <img src="https://example.org/x.png" alt="Väline"></p>',
      '<blockquote><p>Tsitaat<a href="#_ftn3" id="_ftnref3">[3]</a> ja puuduv<a href="#_ftn9" id="_ftnref9">[9]</a></p></blockquote><pre>eel\n  vormindatud</pre><hr><dl><dt>sati</dt><dd>meelespidamine</dd></dl>',
      '<h2 id="märkused">Märkused {ordered-list-1}</h2>',
      '<p>Märgid: a &lt; b &gt; c &amp; "d" \'e\' <img src="/api/images/3?v=0123456789abcdef" alt="Ütles &quot;jah&quot; &amp; <läks>"></p>',
      '<hr>',
      '<p><a href="#_ftnref1" id="_ftn1">[1]</a> <i>Evaṃ me sutaṃ</i>, <a href="https://suttacentral.net">SC</a>.</p>',
      '<div id="_ftn2"><p><a href="#_ftnref2">[2]</a> Kaks lõiku,</p><ol><li>loend märkuses</li></ol><p>ja pilt <img src="/api/images/4?v=0123456789abcdef" alt="Märkuse pilt"></p></div>',
    ]
    const links =
      '<h2 id="allikad">Allikad</h2>\n<p id="_ftn3"><a href="#_ftnref3">[3]</a> Kolmas, <a href="https://example.org/kolmas">lingiga</a>.</p>'
    const { streamed, compiled } = await both((writer) => {
      writer.addPictures(pictures)
      writer.addBlocks(blocks.slice(0, 6))
      writer.addBlocks(blocks.slice(6))
      writer.addLinks(links)
    })
    expect(Object.keys(streamed)).toEqual(Object.keys(compiled))
    for (const name of Object.keys(compiled)) expect(streamed[name], name).toBe(compiled[name])
    // What the comparison covers: pictures in the text and in a note, links in both, lists in both, notes.
    expect(streamed['word/_rels/document.xml.rels']).toMatch(/relationships\/image" Target="media\/image1\.jpg"/)
    expect(streamed['word/_rels/footnotes.xml.rels']).toMatch(/relationships\/image" Target="media\/image1\.png"/)
    expect(streamed['word/_rels/footnotes.xml.rels']).toContain('Target="https://example.org/kolmas"')
    expect(streamed['word/footnotes.xml']).toMatch(/<w:numId w:val="\d+"\/>/)
    expect(streamed['word/footnotes.xml']!.match(/<w:footnote w:id="\d+">/g)).toHaveLength(4)
    // Every picture's and list's placeholder was filled in.
    for (const part of ['word/document.xml', 'word/footnotes.xml'])
      expect(streamed[part]).not.toMatch(/(?:r:embed="rId|w:numId w:val=")[^"\d]/)
  })

  it('is so for an empty page and for one without notes', async () => {
    for (const write of [
      () => undefined,
      (writer: DocxWriter) => writer.addBlocks(['<p>Üks lõik.</p>']),
      (writer: DocxWriter) => writer.addLinks('<p>Ainult lingiosa.</p>'),
    ]) {
      const { streamed, compiled } = await both(write)
      for (const name of Object.keys(compiled)) expect(streamed[name], name).toBe(compiled[name])
    }
  })

  it('is so for a large generated page with its notes at its end', async () => {
    const { main, links } = splitLinks(generatePage({ bytes: 1_500_000 }).content)
    const blocks = main.split(/\n(?=<)/)
    const { streamed, compiled } = await both((writer) => {
      for (let at = 0; at < blocks.length; at += 500) writer.addBlocks(blocks.slice(at, at + 500))
      if (links) writer.addLinks(links)
    })
    expect(streamed['word/footnotes.xml']!.match(/<w:footnote w:id/g)!.length).toBeGreaterThan(1000)
    for (const name of Object.keys(compiled)) expect(streamed[name], name).toBe(compiled[name])
  }, 120_000)
})
