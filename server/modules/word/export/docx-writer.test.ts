// The Word document made from a page's stored HTML: what word/document.xml and word/footnotes.xml
// hold for each element the pages use, and the site's footnotes as Word's own.
import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DocxWriter, type WordPicture } from './docx-writer.ts'

const CONTENTS = { title: 'Ānāpānassati sutta', subject: 'Mūlapaṇṇāsa · Majjhima Nikāya', origin: 'https://näide.ee' }

async function write(blocks: string[], links?: string, pictures: WordPicture[] = []) {
  const writer = new DocxWriter(CONTENTS)
  writer.addPictures(pictures)
  writer.addBlocks(blocks)
  if (links !== undefined) writer.addLinks(links)
  const files = unzipSync(await writer.finish())
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : '')
  return {
    names: Object.keys(files),
    document: text('word/document.xml'),
    footnotes: text('word/footnotes.xml'),
    relations: text('word/_rels/document.xml.rels'),
    core: text('docProps/core.xml'),
    files,
  }
}

/** The text of every `w:t` in `xml`, joined. */
const wordText = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('')

/** The user footnotes (ids 1…), each as its text. */
function footnoteTexts(xml: string): string[] {
  return [...xml.matchAll(/<w:footnote (?:(?!w:type)[^>])*w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:footnote>/g)]
    .filter((match) => Number(match[1]) > 0)
    .map((match) => wordText(match[2]!))
}

describe('DocxWriter', () => {
  it('writes headings in Word heading styles, with bookmarks that internal links reach', async () => {
    const { document } = await write([
      '<h1 id="ii-sutta-pitaka">II. Sutta Piṭaka</h1>',
      '<p id="b1">Vaata <a href="#1-kayanupassana">allpool</a>.</p>',
      '<h2 id="1-kayanupassana">1. Kāyānupassanā</h2>',
      '<h6 id="x">Kuues</h6>',
    ])
    expect(document).toContain('<w:pStyle w:val="Heading1"/>')
    expect(document).toContain('<w:pStyle w:val="Heading2"/>')
    expect(document).toContain('<w:pStyle w:val="Heading6"/>')
    expect(document).toMatch(/<w:bookmarkStart w:name="x1_kayanupassana" w:id="\d+"\/>/)
    expect(document).toMatch(/<w:hyperlink [^>]*w:anchor="x1_kayanupassana"/)
    // Pāli letters stay as they are.
    expect(wordText(document)).toContain('1. Kāyānupassanā')
    expect(wordText(document)).toContain('II. Sutta Piṭaka')
  })

  it('keeps bold, italic, underline, strike, superscript and subscript, and collapses whitespace', async () => {
    const { document } = await write([
      '<p>  Algus <strong>paks</strong> <em>kald</em> <u>all</u> <s>läbi</s> x<sup>2</sup> H<sub>2</sub>O\n  lõpp  </p>',
    ])
    expect(document).toMatch(/<w:b\/>[\s\S]*?<w:t xml:space="preserve">paks<\/w:t>/)
    expect(document).toMatch(/<w:i\/>[\s\S]*?<w:t xml:space="preserve">kald<\/w:t>/)
    expect(document).toMatch(/<w:u w:val="single"\/>[\s\S]*?<w:t xml:space="preserve">all<\/w:t>/)
    expect(document).toMatch(/<w:strike\/>[\s\S]*?<w:t xml:space="preserve">läbi<\/w:t>/)
    expect(document).toMatch(/<w:vertAlign w:val="superscript"\/>[\s\S]*?<w:t xml:space="preserve">2<\/w:t>/)
    expect(document).toMatch(/<w:vertAlign w:val="subscript"\/>[\s\S]*?<w:t xml:space="preserve">2<\/w:t>/)
    expect(wordText(document)).toBe('Algus paks kald all läbi x2 H2O lõpp')
  })

  it('writes lists as numbered and bulleted paragraphs, each list numbered from one', async () => {
    const { document, files } = await write([
      '<ol><li>Esimene</li><li>Teine<ul><li>Alampunkt</li></ul></li></ol>',
      '<ol><li>Uus loend</li></ol>',
    ])
    const numbering = strFromU8(files['word/numbering.xml']!)
    expect(numbering).toContain('w:val="decimal"')
    expect(numbering).toContain('w:val="bullet"')
    const numIds = [...document.matchAll(/<w:ilvl w:val="(\d)"\/><w:numId w:val="(\d+)"\/>/g)].map((m) => [m[1], m[2]])
    expect(numIds).toHaveLength(4)
    // The nested item is one level in; the second list has its own numbering (starting again at 1).
    expect(numIds[2]![0]).toBe('1')
    expect(numIds[0]![1]).toBe(numIds[1]![1])
    expect(numIds[3]![1]).not.toBe(numIds[0]![1])
    expect(wordText(document)).toBe('EsimeneTeineAlampunktUus loend')
  })

  it('repeats a table’s leading rows of header cells on every page, not the rows after them', async () => {
    const { document } = await write([
      '<table><tr><th>a</th></tr><tr><th>b</th><td>c</td></tr><tr><th>d</th></tr></table>',
    ])
    expect(document.match(/<w:tblHeader\/>/g)).toHaveLength(1)
  })

  it('writes tables with their cells, spans and header rows', async () => {
    const { document } = await write([
      '<table><thead><tr><th>Pāli</th><th>Eesti</th></tr></thead><tbody><tr><td colspan="2">ṭhāna</td></tr></tbody></table>',
    ])
    expect(document).toContain('<w:tbl>')
    expect(document.match(/<w:tblHeader\/>/g)).toHaveLength(1)
    expect(document).toContain('<w:gridSpan w:val="2"/>')
    expect(document.match(/<w:tc>/g)).toHaveLength(3)
    expect(wordText(document)).toBe('PāliEestiṭhāna')
  })

  it('writes links: web addresses as they are, the site’s own made absolute', async () => {
    const { document, relations } = await write([
      '<p><a href="https://suttacentral.net/mn118">MN 118</a>, <a href="/content/5#x">teine leht</a>, <a href="mailto:a@b.ee">kiri</a>.</p>',
    ])
    expect(relations).toContain('Target="https://suttacentral.net/mn118"')
    // A fragment is the hyperlink's anchor, as Word writes it.
    expect(relations).toContain(`Target="https://${new URL(CONTENTS.origin).host}/content/5"`)
    expect(document).toMatch(/<w:hyperlink [^>]*w:anchor="x" r:id="[^"]+"/)
    expect(relations).toContain('Target="mailto:a@b.ee"')
    expect(document.match(/<w:hyperlink [^>]*r:id=/g)).toHaveLength(3)
    expect(document).toContain('<w:rStyle w:val="Hyperlink"/>')
  })

  it('makes the site’s footnotes Word footnotes, their back links left out', async () => {
    const { document, footnotes } = await write(
      [
        '<p>Esimene viide<a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a> ja teine<a href="#_ftn2" id="_ftnref2">[2]</a>.</p>',
        '<p>Kolmas<a href="#_ftn3" id="_ftnref3">[3]</a> ja puuduv<a href="#_ftn9" id="_ftnref9">[9]</a>.</p>',
        '<hr>',
        '<p><a href="#_ftnref1" name="_ftn1" id="_ftn1">[1]</a> Märkus: <i>ānāpāna</i>.</p>',
        '<p><a href="#_ftnref2" id="_ftn2">[2]</a> Teine märkus.</p>',
      ],
      '<h2 id="allikad">Allikad</h2>\n<p id="_ftn3"><a href="#_ftnref3">[3]</a> Kolmas, lingiosas.</p>',
    )
    expect(document.match(/<w:footnoteReference w:id="\d+"\/>/g)).toEqual([
      '<w:footnoteReference w:id="1"/>',
      '<w:footnoteReference w:id="2"/>',
      '<w:footnoteReference w:id="3"/>',
      '<w:footnoteReference w:id="4"/>',
    ])
    expect(footnoteTexts(footnotes)).toEqual([' Märkus: ānāpāna.', ' Teine märkus.', ' Kolmas, lingiosas.', ' [9]'])
    expect(footnotes).toMatch(/<w:i\/>[\s\S]*?ānāpāna/)
    // The notes are not in the text any more, nor their markers; what else the links section holds is,
    // after a paragraph with the editor's marker (the Word import splits there again).
    const text = wordText(document)
    expect(text).toBe('Esimene viide ja teine.Kolmas ja puuduv.=== LINKS START ===Allikad')
  })

  it('places the library’s pictures with their alt text, and names others by theirs', async () => {
    const data = new Uint8Array(
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#8a3b12' } })
        .jpeg()
        .toBuffer(),
    )
    const { document, names } = await write(
      [
        '<p>Pilt: <img src="/api/images/7?v=0123456789abcdef" alt="Buddha kuju"> ja <img src="https://example.org/x.png" alt="Väline"></p>',
      ],
      undefined,
      [{ id: 7, type: 'jpg', data, width: 1200, height: 600 }],
    )
    const media = names.filter((name) => name.startsWith('word/media/'))
    expect(media).toHaveLength(1)
    expect(document).toContain('descr="Buddha kuju"')
    // Fitted to the text's width: 600 px = 5,715,000 EMU wide, half as high.
    expect(document).toContain('<wp:extent cx="5715000" cy="2857500"/>')
    expect(wordText(document)).toContain('[Väline]')
  })

  it('holds the title and subject in the document’s properties, not in its text', async () => {
    const { core, document } = await write(['<p>Tekst.</p>'])
    expect(core).toContain('<dc:title>Ānāpānassati sutta</dc:title>')
    expect(core).toContain('<dc:subject>Mūlapaṇṇāsa · Majjhima Nikāya</dc:subject>')
    expect(wordText(document)).toBe('Tekst.')
  })
})
