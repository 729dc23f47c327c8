import { describe, expect, it } from 'vitest'
import { headingTree } from './documents.ts'
import { type LinkPlace, resolveHref } from './links.ts'
import { PageFiles, type Target, xmlId } from './xhtml.ts'

const noLinks = () => null

describe('PageFiles', () => {
  it('writes well-formed XHTML with UTF-8 letters, void elements closed', () => {
    const files = new PageFiles('p1', 'Ānāpāna & co')
    files.addBlock('<p>saṃsāra &amp; ñāṇa &lt;x&gt;<br>rida</p>')
    const [file] = files.finish(noLinks, 'Märkused')
    expect(file!.body).toBe(
      '<h1 class="page-title">Ānāpāna &amp; co</h1>\n<p>saṃsāra &amp; ñāṇa &lt;x&gt;<br/>rida</p>',
    )
  })

  it('makes ids XML names, names ids, drops repeated ids and obsolete sizes, keeps pictures as text', () => {
    const files = new PageFiles('p1', 'T')
    files.addBlock('<h2 id="1-1-intro">x</h2><a name="_ftn1">[1]</a><p id="1-1-intro">again</p>')
    files.addBlock(
      '<table width="100%"><tr><td width="5">a</td></tr></table><img src="x.png" alt="Buddha"><img src="y.png">',
    )
    const [file] = files.finish(noLinks, 'M')
    expect(file!.body).toContain('<h2 id="x1-1-intro">x</h2><a id="_ftn1">[1]</a><p>again</p>')
    expect(file!.body).toContain('<table><tr><td>a</td></tr></table><span class="picture">[Buddha]</span>')
    expect(files.ids.get('1-1-intro')).toEqual({ file: 'p1-1.xhtml', id: 'x1-1-intro', note: false })
  })

  it('splits at block boundaries and maps each id to the file that holds it, notes to the notes file', () => {
    const files = new PageFiles('p7', 'T', 100)
    files.addBlock(`<p>${'a'.repeat(120)}<a href="#_ftn1" id="_ftnref1">[1]</a></p>`)
    files.addBlock('<p id="later"><a href="#_ftn2" id="_ftnref2">[2]</a></p>')
    files.addNotes('<p><a href="#_ftnref1" id="_ftn1">[1]</a> yks</p><p><a href="#_ftnref2" id="_ftn2">[2]</a></p>')
    const resolve = (href: string) =>
      resolveHref(href, {
        pageId: 7,
        origin: 'https://x.ee',
        target: (_page, id) => files.ids.get(id),
        firstFile: () => 'p7-1.xhtml',
      })
    const out = files.finish(resolve, 'Märkused')
    expect(out.map((file) => file.name)).toEqual(['p7-1.xhtml', 'p7-2.xhtml', 'p7-notes.xhtml'])
    expect(out[0]!.body).toContain('<a href="p7-notes.xhtml#_ftn1" epub:type="noteref" id="_ftnref1">[1]</a>')
    expect(out[1]!.body).toContain('<a href="p7-notes.xhtml#_ftn2" epub:type="noteref" id="_ftnref2">[2]</a>')
    expect(out[2]!.body).toContain('<a href="p7-1.xhtml#_ftnref1" id="_ftn1">[1]</a> yks')
    expect(out[2]!.body).toContain('<a href="p7-2.xhtml#_ftnref2" id="_ftn2">[2]</a>')
    expect(out[2]!.body).toMatch(/^<section epub:type="endnotes" role="doc-endnotes">\n<h2>Märkused<\/h2>/)
  })

  it('drops characters XML cannot hold and the placeholders the input might carry', () => {
    const files = new PageFiles('p1', 'T')
    files.addBlock('<p title="a\u0001b">x\u000By\uE000z&#1;</p>')
    expect(files.finish(noLinks, 'M')[0]!.body).toContain('<p title="ab">xyz</p>')
  })
})

describe('xmlId', () => {
  it.each([
    ['_ftn1', '_ftn1'],
    ['intro', 'intro'],
    ['1-1-intro', 'x1-1-intro'],
    ['ānā pāna', 'x-n--p-na'],
    ['a:b', 'a-b'],
  ])('%s → %s', (id, expected) => expect(xmlId(id)).toBe(expected))
})

describe('resolveHref', () => {
  const targets = new Map<number, Map<string, Target>>([
    [1, new Map([['x', { file: 'p1-2.xhtml', id: 'x', note: false }]])],
    [2, new Map([['n%C3%A4', { file: 'p2-1.xhtml', id: 'n-', note: false }]])],
  ])
  const place: LinkPlace = {
    pageId: 1,
    origin: 'https://budism.ee',
    target: (page, id) => targets.get(page)?.get(id),
    firstFile: (page) => (page === 1 || page === 2 || page === 3 ? `p${page}-1.xhtml` : undefined),
  }
  it.each([
    ['#x', 'p1-2.xhtml#x'],
    ['#missing', null],
    ['/content/1#x', 'p1-2.xhtml#x'],
    ['/content/3#later', 'p3-1.xhtml'],
    ['/content/3', 'p3-1.xhtml'],
    ['/content/9#x', 'https://budism.ee/content/9#x'],
    ['/term/sati', 'https://budism.ee/term/sati'],
    ['https://suttacentral.net/mn118 ', 'https://suttacentral.net/mn118'],
    ['mailto:a@b.ee', 'mailto:a@b.ee'],
    ['javascript:alert(1)', null],
    ['//evil.example/x', null],
    ['relative.html', null],
    ['https://', null],
  ])('%s → %s', (href, expected) => expect(resolveHref(href, place)?.href ?? null).toBe(expected))

  it('finds a percent-encoded fragment by its decoded id', () => {
    const encoded = new Map([[2, new Map([['nä', { file: 'p2-1.xhtml', id: 'n-', note: true }]])]])
    const found = resolveHref('/content/2#n%C3%A4', { ...place, target: (page, id) => encoded.get(page)?.get(id) })
    expect(found).toEqual({ href: 'p2-1.xhtml#n-', note: true })
  })
})

describe('headingTree', () => {
  it('nests each heading under the last one of a lower level, whatever the levels skip', () => {
    const tree = headingTree([
      { label: 'A', href: 'a', level: 2 },
      { label: 'A1', href: 'a1', level: 4 },
      { label: 'A2', href: 'a2', level: 3 },
      { label: 'B', href: 'b', level: 2 },
      { label: 'Top', href: 't', level: 1 },
    ])
    const labels = (entries: typeof tree): unknown[] =>
      entries.map((entry) => (entry.children.length ? [entry.label, labels(entry.children)] : entry.label))
    expect(labels(tree)).toEqual([['A', ['A1', 'A2']], 'B', 'Top'])
  })
})
