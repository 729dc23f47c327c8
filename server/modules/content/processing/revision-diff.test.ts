import { describe, expect, it } from 'vitest'
import {
  alignBlocks,
  blockHash,
  blockText,
  changeSummaryAgainst,
  compareBlocks,
  splitBlocks,
  summarize,
  wordChanges,
} from './revision-diff.ts'

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

/** `count` paragraphs of `words` made-up words each; `tag` keeps two such lists apart. */
const paragraphList = (count: number, words: number, tag: string) =>
  Array.from(
    { length: count },
    (_, i) => `<p>${Array.from({ length: words }, (_, w) => `${tag}${(i * 31 + w * 7) % 5000}`).join(' ')}</p>`,
  )

/**
 * A bound far above what the bounded work takes (a few hundred ms here) and far below what the
 * unbounded work took (minutes): generous, since two shared cores are often busy.
 */
const BOUND_MS = 5000

const timed = <T>(work: () => T) => {
  const started = performance.now()
  const result = work()
  return { result, ms: performance.now() - started }
}

// The worst cases of issue 26: versions that share (almost) no blocks. Before decision 042 the
// alignment ran Myers up to 20,000 edits over them (minutes for the 9 MB page) and every paired
// block was compared word by word before the answer was cut.
describe('bounded work on unrelated versions', { timeout: 20_000 }, () => {
  it('aligns unrelated versions in linear time: the middle is one replaced region', () => {
    const from = Array.from({ length: 30_000 }, (_, i) => `a${i}`)
    const to = Array.from({ length: 30_000 }, (_, i) => `b${i}`)
    to[15_000] = 'a15000' // one block in common, an anchor
    const { result, ms } = timed(() => summarize(alignBlocks(from, to)))
    expect(result).toEqual({ added: 0, removed: 0, changed: 29_999, unchanged: 1 })
    expect(ms).toBeLessThan(BOUND_MS)
  })

  it('stays bounded when the blocks are the same but in another order', () => {
    const from = Array.from({ length: 30_000 }, (_, i) => `p${i % 1000}`)
    const to = Array.from({ length: 30_000 }, (_, i) => `p${(i * 7) % 1000}`)
    const { result, ms } = timed(() => summarize(alignBlocks(from, to)))
    expect(result.added + result.changed + result.unchanged).toBe(30_000)
    expect(ms).toBeLessThan(BOUND_MS)
  })

  it('compares word by word only the blocks it answers with', () => {
    const from = paragraphList(2000, 100, 'x')
    const to = paragraphList(2000, 100, 'y')
    const { result, ms } = timed(() => compareBlocks(from, to, { context: 1, maxChangedBlocks: 50 }))
    expect(result.truncated).toBe(true)
    expect(result.summary).toEqual({ added: 0, removed: 0, changed: 2000, unchanged: 0 })
    expect(result.hunks.flatMap((hunk) => hunk.blocks)).toHaveLength(50)
    expect(ms).toBeLessThan(BOUND_MS)
  })

  it('answers a huge changed block with few words in common as removed and added, at once', () => {
    const from = Array.from({ length: 100_000 }, (_, i) => `vana${i}`).join(' ')
    const to = Array.from({ length: 100_000 }, (_, i) => `uus${i}`).join(' ')
    const { result, ms } = timed(() => wordChanges(from, to))
    expect(result).toEqual([
      { kind: 'removed', text: from },
      { kind: 'added', text: to },
    ])
    expect(ms).toBeLessThan(BOUND_MS)
  })

  it('still finds the words that changed in a long block', () => {
    const from = Array.from({ length: 5000 }, (_, i) => `sõna${i}`).join(' ')
    const to = from.replace('sõna2500 ', 'SÕNA ')
    expect(wordChanges(from, to).filter((part) => part.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'sõna2500' },
      { kind: 'added', text: 'SÕNA' },
    ])
  })

  it("gives the change summary of a save from the old blocks' md5s", () => {
    const from = ['<p>a</p>', '<p>b</p>', '<p>c</p>']
    const hashes = from.map(blockHash).join('')
    expect(hashes).toHaveLength(3 * 32)
    expect(changeSummaryAgainst(hashes, ['<p>a</p>', '<p>B</p>', '<p>c</p>', '<p>d</p>'])).toEqual({
      added: 1,
      removed: 0,
      changed: 1,
    })
    expect(changeSummaryAgainst('', ['<p>a</p>'])).toEqual({ added: 1, removed: 0, changed: 0 })
    expect(() => changeSummaryAgainst('abc', [])).toThrow()
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
