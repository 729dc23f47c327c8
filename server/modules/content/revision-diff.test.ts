import { describe, expect, it } from 'vitest'
import { alignBlocks, blockText, compareBlocks, splitBlocks, summarize } from './revision-diff.ts'

const bytes = (blocks: string[]) => blocks.map((block) => Buffer.byteLength(block))

describe('splitBlocks', () => {
  it('cuts a stored text into its blocks by their UTF-8 lengths, newlines inside blocks included', () => {
    const blocks = ['<p>Nibbāna ṁ</p>', '<pre>a\nb</pre>', '<h2 id="x">Õ</h2>']
    expect(splitBlocks(blocks.join('\n'), bytes(blocks))).toEqual(blocks)
    expect(splitBlocks('', [])).toEqual([])
  })

  it('answers null when the lengths do not fit the text', () => {
    expect(splitBlocks('<p>a</p>\n<p>b</p>', null)).toBeNull()
    expect(splitBlocks('<p>a</p>\n<p>b</p>', [8, 7])).toBeNull()
    expect(splitBlocks('<p>a</p>x<p>b</p>', [8, 8])).toBeNull()
    expect(splitBlocks('<p>a</p>', [])).toBeNull()
  })
})

describe('alignBlocks and summarize', () => {
  it.each([
    { from: ['a', 'b', 'c'], to: ['a', 'b', 'c'], summary: { added: 0, removed: 0, changed: 0, unchanged: 3 } },
    { from: ['a', 'b', 'c'], to: ['a', 'x', 'c'], summary: { added: 0, removed: 0, changed: 1, unchanged: 2 } },
    {
      from: ['a', 'b', 'c'],
      to: ['a', 'b', 'c', 'd', 'e'],
      summary: { added: 2, removed: 0, changed: 0, unchanged: 3 },
    },
    { from: ['a', 'b', 'c'], to: ['c'], summary: { added: 0, removed: 2, changed: 0, unchanged: 1 } },
    { from: [], to: ['a', 'b'], summary: { added: 2, removed: 0, changed: 0, unchanged: 0 } },
    { from: ['a', 'b'], to: [], summary: { added: 0, removed: 2, changed: 0, unchanged: 0 } },
    {
      from: ['a', 'b', 'c'],
      to: ['x', 'y', 'b', 'c', 'z'],
      summary: { added: 2, removed: 0, changed: 1, unchanged: 2 },
    },
  ])('$from → $to', ({ from, to, summary }) => {
    expect(summarize(alignBlocks(from, to))).toEqual(summary)
  })

  it('finds moved-apart equal blocks in a long sequence', () => {
    const from = Array.from({ length: 5000 }, (_, i) => `p${i}`)
    const to = [...from]
    for (let i = 100; i < 5000; i += 250) to[i] = `changed ${i}`
    to.splice(2500, 0, 'inserted')
    expect(summarize(alignBlocks(from, to))).toEqual({ added: 1, removed: 0, changed: 20, unchanged: 4980 })
  })
})

describe('compareBlocks', () => {
  const from = [
    '<h2>Pealkiri</h2>',
    '<p>Üks kaks kolm.</p>',
    '<p>Neli</p>',
    '<p>Viis</p>',
    '<p>Kuus</p>',
    '<p>Seitse</p>',
  ]
  const to = [
    '<h2>Pealkiri</h2>',
    '<p>Üks KAKS kolm.</p>',
    '<p>Neli</p>',
    '<p>Viis</p>',
    '<p>Kuus</p>',
    '<p>Kaheksa</p>',
  ]

  it('gives hunks with one block of context and word changes inside changed blocks', () => {
    const { hunks, summary, truncated } = compareBlocks(from, to, { context: 1, maxChangedBlocks: 100 })
    expect(summary).toEqual({ added: 0, removed: 0, changed: 2, unchanged: 4 })
    expect(truncated).toBe(false)
    expect(hunks.map((hunk) => hunk.blocks.map((block) => [block.kind, block.fromPosition, block.toPosition]))).toEqual(
      [
        [
          ['same', 0, 0],
          ['changed', 1, 1],
          ['same', 2, 2],
        ],
        [
          ['same', 4, 4],
          ['changed', 5, 5],
        ],
      ],
    )
    expect(hunks[0]!.blocks[1]!.words).toEqual([
      { kind: 'same', text: 'Üks ' },
      { kind: 'removed', text: 'kaks' },
      { kind: 'added', text: 'KAKS' },
      { kind: 'same', text: ' kolm.' },
    ])
    expect(hunks[0]!.blocks[0]).toMatchObject({ tag: 'h2', fromText: 'Pealkiri', toText: 'Pealkiri' })
  })

  it('stops at the bound and says so', () => {
    const { hunks, truncated } = compareBlocks(from, to, { context: 0, maxChangedBlocks: 1 })
    expect(truncated).toBe(true)
    expect(hunks.flatMap((hunk) => hunk.blocks)).toHaveLength(1)
  })
})

describe('blockText', () => {
  it('is the text a reader sees', () => {
    expect(blockText('<p>Dhamma<sup><a href="#_ftn1">[1]</a></sup> &amp; vinaya<br>uus&nbsp;rida</p>')).toBe(
      'Dhamma[1] & vinaya uus rida',
    )
    expect(blockText('<ul><li>üks</li><li>kaks</li></ul>')).toBe('üks kaks')
  })
})
