// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { blockAddress, blockOf, blockPreview, firstBlock, firstEndingBelow, lastBlock, step } from './block-link.ts'

function body(html: string): HTMLElement {
  document.body.innerHTML = `<div class="reader-body"><button class="block-link">¶</button>${html}</div>`
  return document.querySelector<HTMLElement>('.reader-body')!
}

const chunk = (index: number, html: string) => `<div class="reader-chunk" data-chunk="${index}">${html}</div>`
const gap = (index: number) => `<div class="reader-gap" data-gap="${index}"><span>…</span></div>`
const byId = (id: string) => document.getElementById(id)!

describe('the paragraph link walks the blocks', () => {
  beforeEach(() => {
    body(
      chunk(0, '<h1 id="a">A</h1><p id="b">B <a href="/term/1">t</a></p><p>no id</p><p id="c">C</p>') +
        chunk(1, '<p id="d">D</p>') +
        gap(2) +
        chunk(3, '<table id="e"><tr><td>E</td></tr></table><p id="f">F</p>'),
    )
  })

  it('moves to the next and previous block, across chunks, skipping elements without an id', () => {
    expect(step(byId('a'), 1)).toEqual({ block: byId('b') })
    expect(step(byId('b'), 1)).toEqual({ block: byId('c') })
    expect(step(byId('c'), 1)).toEqual({ block: byId('d') })
    expect(step(byId('d'), -1)).toEqual({ block: byId('c') })
    expect(step(byId('e'), 1)).toEqual({ block: byId('f') })
  })

  it('stops at a chunk that is not loaded yet and names it', () => {
    expect(step(byId('d'), 1)).toEqual({ gap: 2 })
    expect(step(byId('e'), -1)).toEqual({ gap: 2 })
  })

  it('says when there is no block before the first or after the last', () => {
    expect(step(byId('a'), -1)).toEqual({ end: true })
    expect(step(byId('f'), 1)).toEqual({ end: true })
  })

  it('knows the first and last block and which block holds a node', () => {
    const element = document.querySelector<HTMLElement>('.reader-body')!
    expect(firstBlock(element)).toBe(byId('a'))
    expect(lastBlock(element)).toBe(byId('f'))
    expect(blockOf(document.querySelector('a'), element)).toBe(byId('b'))
    expect(blockOf(document.querySelector('td'), element)).toBe(byId('e'))
    expect(blockOf(document.querySelector('.block-link'), element)).toBeNull()
  })
})

describe('the block at the reading position', () => {
  it.each([
    { bottoms: [10, 20, 30], line: 0, found: 0 },
    { bottoms: [10, 20, 30], line: 10, found: 1 },
    { bottoms: [10, 20, 30], line: 25, found: 2 },
    { bottoms: [10, 20, 30], line: 30, found: -1 },
    { bottoms: [], line: 0, found: -1 },
  ])('is the first box ending below the line ($line in $bottoms)', ({ bottoms, line, found }) => {
    expect(firstEndingBelow(bottoms.length, (index) => bottoms[index]!, line)).toBe(found)
  })
})

describe('what a screen reader hears and what is copied', () => {
  it('previews the start of the block in one line', () => {
    body(chunk(0, `<p id="p">  Kaks\n  sõna  </p><p id="q">${'ä'.repeat(200)}</p>`))
    expect(blockPreview(byId('p'))).toBe('Kaks sõna')
    expect(blockPreview(byId('q'))).toHaveLength(80)
    expect(blockPreview(byId('q')).endsWith('…')).toBe(true)
  })

  it('addresses the page and the block', () => {
    expect(blockAddress('https://example.org', 7, 'p-12')).toBe('https://example.org/content/7#p-12')
    expect(blockAddress('https://example.org', 7, 'õ ö')).toBe('https://example.org/content/7#%C3%B5%20%C3%B6')
  })
})
