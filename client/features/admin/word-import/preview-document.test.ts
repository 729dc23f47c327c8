import { describe, expect, it } from 'vitest'
import { pieceHolding, previewDocument, topLevelStarts } from './preview-document.ts'

describe('topLevelStarts', () => {
  it.each([
    ['<p>a</p><p>b</p>', [0, 8]],
    ['<p>a<br>b<img src="x"></p><hr><h2>c</h2>', [0, 26, 30]],
    ['<ul><li><p>a</p><ul><li>b</li></ul></li></ul><table><tr><td>c</td></tr></table>', [0, 45]],
    ['<!-- <p> --><p>a</p>', [12]],
    ['text <b>x</b> <p>y</p>', [5, 14]],
    ['<p title="a>b">x</p><br/><p>z</p>', [0, 20, 25]],
    ['</p><p>x</p>', [4]],
  ])('%s', (html, starts) => {
    expect(topLevelStarts(html)).toEqual(starts)
  })
})

describe('previewDocument', () => {
  const page = [
    '<h1>Pealkiri</h1>',
    '<p>Esimene lõik<a href="#_ftn1" id="_ftnref1">[1]</a>.</p>',
    '<h2 id="teine">Teine &amp; osa</h2>',
    '<table><tr><td><h3>not top level</h3></td></tr></table>',
    '<p>Viimane lõik<a href="#_ftn2" name="_ftnref2">[2]</a>.</p>',
  ].join('\n')
  const notes =
    '<p><a href="#_ftnref1" id="_ftn1">[1]</a> Üks.</p>\n<p><a href="#_ftnref2" name="_ftn2">[2]</a> Kaks.</p>'
  const html = `${page}\n=== LINKS START ===\n${notes}`

  it('keeps every character in pieces of whole blocks, the notes apart', () => {
    const document = previewDocument(html, 40)
    const main = document.pieces.filter((piece) => piece.part === 'main').map((piece) => piece.html)
    const links = document.pieces.filter((piece) => piece.part === 'links').map((piece) => piece.html)
    expect(main.join('')).toBe(page)
    expect(links.join('')).toBe(notes)
    for (const piece of main) expect(piece).toMatch(/^<(h1|p|h2|table)/)
    expect(main.length).toBeGreaterThan(2)
  })

  it('is one piece per part when the page is small', () => {
    const document = previewDocument(html)
    expect(document.pieces.map((piece) => piece.part)).toEqual(['main', 'links'])
  })

  it('has no links pieces without the marker, and no pieces for an empty page', () => {
    expect(previewDocument('<p>a</p>').pieces).toEqual([{ part: 'main', html: '<p>a</p>' }])
    expect(previewDocument('  ').pieces).toEqual([])
  })

  it('lists the top-level headings with the piece and the element that hold them', () => {
    const document = previewDocument(html, 40)
    expect(document.headings.map(({ level, text }) => ({ level, text }))).toEqual([
      { level: 1, text: 'Pealkiri' },
      { level: 2, text: 'Teine & osa' },
    ])
    for (const heading of document.headings) {
      const piece = document.pieces[heading.piece]!
      expect(piece.part).toBe('main')
      const element = piece.html.split('\n').filter((line) => line.startsWith('<'))[heading.block]
      expect(element).toMatch(/^<h[12]/)
    }
  })

  it('finds the piece of an id or a Word anchor name', () => {
    const document = previewDocument(html, 40)
    const last = document.pieces.length - 1
    expect(document.pieces[pieceHolding(document, '_ftnref1')]!.html).toContain('Esimene lõik')
    expect(document.pieces[pieceHolding(document, '_ftnref2')]!.html).toContain('Viimane lõik')
    expect(pieceHolding(document, '_ftn2')).toBe(last)
    expect(pieceHolding(document, 'teine')).toBeGreaterThan(-1)
    expect(pieceHolding(document, '_ftn')).toBe(-1)
    expect(pieceHolding(document, 'a.b(')).toBe(-1)
  })

  it('cuts a several-megabyte page in well under a second', () => {
    const paragraph = (n: number) =>
      `<p>Lõik ${n}: Buddha õpetas Sāvatthīs, Jetavanas<a href="#_ftn${n}" id="_ftnref${n}">[${n}]</a>.</p>\n`
    const note = (n: number) => `<p><a href="#_ftnref${n}" id="_ftn${n}">[${n}]</a> Märkus ${n}.</p>\n`
    const count = 60_000
    const big = `${Array.from({ length: count }, (_, n) => (n % 50 === 0 ? `<h2>Osa ${n}</h2>\n` : '') + paragraph(n)).join('')}=== LINKS START ===\n${Array.from({ length: count }, (_, n) => note(n)).join('')}`
    expect(big.length).toBeGreaterThan(8_000_000)
    const started = performance.now()
    const document = previewDocument(big)
    const took = performance.now() - started
    expect(document.headings).toHaveLength(count / 50)
    expect(document.pieces.length).toBeGreaterThan(100)
    expect(took).toBeLessThan(1000)
  })
})
