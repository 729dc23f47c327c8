import { describe, expect, it } from 'vitest'
import { processPage, type ProcessedPage } from './process-page.ts'
import { joinLinks } from '#shared/text/links-section.ts'
import { testLibrary } from '../../../../test-support/library-source.ts'
import { corpusPages, FULL_CORPUS, internalLinkTargets, TINY_CORPUS, type CorpusPage } from './test-corpus.ts'

const ID_ATTRIBUTE = / id="([^"]*)"/g
const NAME_ATTRIBUTE = / name="([^"]*)"/g
const FOOTNOTE_ANCHOR = /<a href="#_ftn(?:ref)?\d+" name="_ftn(?:ref)?\d+" id="_ftn(?:ref)?\d+">/g
const BLOCK_WITH_ID = /^<[a-z0-9]+(?: [a-z-]+="[^"]*")*? id="[^"]+"/

const reprocess = (page: ProcessedPage): ProcessedPage =>
  processPage({ content: joinLinks(page.processedContent, page.linksContent) })

/** The checks that hold for every page: what the reader and the search need. */
function expectProcessedPage(source: string, page: ProcessedPage): void {
  const idCounts = new Map<string, number>()
  for (const match of page.processedContent.matchAll(ID_ATTRIBUTE)) {
    idCounts.set(match[1] ?? '', (idCounts.get(match[1] ?? '') ?? 0) + 1)
  }
  const headingIds = new Set(page.headers.map((header) => header.id))
  for (const target of internalLinkTargets(source)) {
    expect(idCounts.get(target), `#${target} is one element's id`).toBe(1)
    expect(headingIds.has(target), `#${target} is a heading`).toBe(true)
  }
  expect([...page.processedContent.matchAll(FOOTNOTE_ANCHOR)].map((match) => match[0])).toEqual(
    [...source.split('=== LINKS START ===')[0]!.matchAll(FOOTNOTE_ANCHOR)].map((match) => match[0]),
  )
  expect(page.blocks.filter((block) => !BLOCK_WITH_ID.test(block))).toEqual([])
  const names = [...page.processedContent.matchAll(NAME_ATTRIBUTE)].map((match) => match[1] ?? '')
  const anchorBlocks = new Map(page.anchors.map((anchor) => [anchor.anchor, anchor.block]))
  expect(anchorBlocks.size).toBe(page.anchors.length)
  expect(new Set(anchorBlocks.keys())).toEqual(new Set([...idCounts.keys(), ...names]))
  expect(page.processedContent).toBe(page.blocks.join('\n'))
  const misplaced = page.passages.filter(
    (passage) => passage.text.length > 50_000 || anchorBlocks.get(passage.anchor) !== passage.block,
  )
  expect(misplaced).toEqual([])
}

describe('processPage', () => {
  it('splits the links section off the content and sanitises both halves', () => {
    const page = processPage({
      content: '<h1>T</h1><p onclick="x()">MN 10</p>\n=== LINKS START ===\n<p>SN 56.11<script>x()</script></p>',
    })
    expect(page.blocks).toEqual(['<h1 id="t">T</h1>', expect.stringMatching(/^<p id="p-[0-9a-f]{8}">MN 10<\/p>$/)])
    expect(page.linksContent).toBe('<p>SN 56.11</p>')
    expect(page.citations).toBe('MN 10\nSN 56.11')
  })

  it('takes the links section from linksContent when the content has no marker', () => {
    expect(processPage({ content: '<p>a</p>', linksContent: '<a href="javascript:x">l</a>' }).linksContent).toBe(
      '<a>l</a>',
    )
    expect(processPage({ content: '<p>a</p>' }).linksContent).toBeNull()
  })

  it('answers an empty page for empty content', () => {
    expect(processPage({ content: '' })).toEqual({
      processedContent: '',
      blocks: [],
      anchors: [],
      headers: [],
      citations: '',
      linksContent: null,
      passages: [],
      termUses: [],
    })
  })

  it('collects headers in document order with decoded text', () => {
    const page = processPage({ content: '<h1>A &amp; B</h1><h2>  Two\n words </h2><h2>Two words</h2>' })
    expect(page.headers).toEqual([
      { text: 'A & B', level: 1, id: 'a-b' },
      { text: 'Two words', level: 2, id: 'two-words' },
      { text: 'Two words', level: 2, id: 'two-words-2' },
    ])
  })

  it('leaves nothing hostile in the output', () => {
    const page = processPage({
      content:
        '<h2 onmouseover="x()">T<script>alert(1)</script></h2>text<svg onload=x()></svg><a href="jav&#x09;ascript:x">l</a>' +
        '<iframe src="//evil"></iframe><p style="position:fixed">p</p><img src=x onerror=alert(1)>',
    })
    expect(page.processedContent).not.toMatch(/script|onmouseover|onload|onerror|svg|iframe|position/i)
    expect(page.headers).toEqual([{ text: 'T', level: 2, id: 't' }])
  })

  it('handles 10,000 nested levels and unclosed tags', () => {
    const deep = processPage({ content: '<div><h2>'.repeat(5_000) + 'deep' + '<p>unclosed <b>bold <i>' })
    expect(deep.blocks).toHaveLength(1)
    // Past 128 levels the markup is flattened, so the innermost <p> no longer separates words.
    expect(deep.headers).toHaveLength(64)
    expect(deep.headers[0]).toEqual({ text: 'deepunclosed bold', level: 2, id: 'deepunclosed-bold' })
    expect(deep.headers[63]?.id).toBe('deepunclosed-bold-64')
    expect(reprocess(deep)).toEqual(deep)
  })

  // Loose bound on purpose (machines are shared): it catches quadratic work, which would take seconds.
  it('finishes 100 KB of whitespace, stray text and empty paragraphs quickly', () => {
    const inputs = [' \n\t'.repeat(33_000), 'a  \n'.repeat(25_000), '<p></p>'.repeat(14_000), '<br>'.repeat(25_000)]
    for (const content of inputs) {
      processPage({ content })
      const started = performance.now()
      processPage({ content })
      expect(performance.now() - started).toBeLessThan(1000)
    }
  })

  it('is deterministic and idempotent on hostile and broken input', () => {
    const content = '<p>a<div>b<h2>c &amp; d<p>e</h2>f<li>g<table><td>h</table>&nbsp;&copy</p><b><i>x</b>y'
    const once = processPage({ content })
    expect(processPage({ content })).toEqual(once)
    expect(reprocess(once)).toEqual(once)
  })
})

describe('processPage on the tiny corpus', () => {
  const pages = corpusPages(TINY_CORPUS)

  it.each(pages.map((page): [string, CorpusPage] => [page.title, page]))('%s', (_title, source) => {
    const page = processPage({ content: source.content })
    expectProcessedPage(source.content, page)
    expect(reprocess(page)).toEqual(page)
    expect(page.linksContent).toContain('Sources and references')
    expect(page.headers.length).toBeGreaterThan(0)
    expect(page.citations).not.toBe('')
  })

  it('resolves every internal link of the tiny corpus (18)', () => {
    expect(pages.flatMap((page) => internalLinkTargets(page.content))).toHaveLength(
      testLibrary(TINY_CORPUS).facts.internalLinks,
    )
    expect(testLibrary(TINY_CORPUS).facts.internalLinks).toBe(18)
  })
})

describe('processPage on the full corpus', () => {
  // 191 pages, 1,274 links, 2,720 headings and 9,208 footnotes on the 9 MB page in the real corpus;
  // the generated library's own counts otherwise
  const { facts } = testLibrary(FULL_CORPUS)
  it('keeps every link, heading and footnote of all pages, and the 9 MB page is fast and idempotent', () => {
    const pages = corpusPages(FULL_CORPUS)
    expect(pages).toHaveLength(facts.pages)
    let links = 0
    for (const source of pages) {
      expectProcessedPage(source.content, processPage({ content: source.content }))
      links += internalLinkTargets(source.content).length
    }
    expect(links).toBe(facts.internalLinks)

    const khuddaka = pages.find((page) => page.title === facts.largest.title)!
    const heapBefore = process.memoryUsage().heapUsed
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    const page = processPage({ content: khuddaka.content })
    const cpu = process.cpuUsage(cpuBefore)
    const seconds = (performance.now() - started) / 1000
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6
    console.info(
      `Khuddaka (${(khuddaka.content.length / 1e6).toFixed(1)} M characters): ${seconds.toFixed(2)} s ` +
        `(CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s), ` +
        `heap +${heapMb.toFixed(0)} MB, ${page.blocks.length} blocks, ${page.headers.length} headings, ` +
        `${page.anchors.length} anchors, ${page.passages.length} passages`,
    )
    expect(seconds).toBeLessThan(10)
    expect(page.headers).toHaveLength(facts.largest.headers)
    expect(page.anchors.filter((anchor) => anchor.anchor.startsWith('_ftn'))).toHaveLength(facts.largest.footnotes * 2)

    const again = reprocess(page)
    expect(again.blocks).toEqual(page.blocks)
    expect(again.anchors).toEqual(page.anchors)
    expect(again.headers).toEqual(page.headers)
    expect(again.passages).toEqual(page.passages)
    expect(again.linksContent).toBe(page.linksContent)
  }, 180_000)
})
