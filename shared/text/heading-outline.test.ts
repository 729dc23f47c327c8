import { describe, expect, it } from 'vitest'
import { outlineLevels } from './heading-outline.ts'

/** The largest rise from one level to the next, the page's title (level 1) coming first. */
function largestRise(levels: ArrayLike<number>): number {
  let previous = 1
  let rise = 0
  for (const level of Array.from(levels)) {
    rise = Math.max(rise, level - previous)
    previous = level
  }
  return rise
}

describe('outlineLevels', () => {
  it.each<[string, number[], number[]]>([
    ['no headings', [], []],
    ['an outline that does not skip stays as it is', [2, 3, 3, 2, 3, 4], [2, 3, 3, 2, 3, 4]],
    ['a text h1 under the title stays h1', [1, 2, 1, 2], [1, 2, 1, 2]],
    ['the first heading is at most 2', [4], [2]],
    ['siblings stay siblings', [1, 3, 3, 3], [1, 2, 2, 2]],
    ['the corpus shape: h1 h2 h1 h2 h4…', [1, 2, 1, 2, 4, 4, 2, 4], [1, 2, 1, 2, 3, 3, 2, 3]],
    ['a parent is the nearest lower tag before', [2, 4, 6, 5, 3, 4], [2, 3, 4, 4, 3, 4]],
    ['a later shallower root is at most 2 too', [3, 4, 2, 3], [2, 3, 2, 3]],
    ['deep gaps close to one level each', [1, 6, 6, 5, 4, 3], [1, 2, 2, 2, 2, 2]],
    ['a drop to any level is kept', [2, 3, 4, 5, 6, 2], [2, 3, 4, 5, 6, 2]],
    ['h6 straight after the title', [6, 6], [2, 2]],
  ])('%s', (_name, tags, expected) => {
    const levels = outlineLevels(tags)
    expect(Array.from(levels)).toEqual(expected)
    expect(largestRise(levels)).toBeLessThanOrEqual(1)
  })

  it('puts headings with no parent at `top` at most', () => {
    expect(Array.from(outlineLevels([3, 4, 3], 1))).toEqual([1, 2, 1])
    expect(Array.from(outlineLevels([3, 4, 3], 3))).toEqual([3, 4, 3])
  })

  it('never skips and never goes deeper than a tag, for any sequence', () => {
    let seed = 7
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (let run = 0; run < 500; run++) {
      const tags = Array.from({ length: 1 + Math.floor(random() * 40) }, () => 1 + Math.floor(random() * 6))
      const levels = outlineLevels(tags)
      expect(largestRise(levels)).toBeLessThanOrEqual(1)
      levels.forEach((level, i) => expect(level).toBeLessThanOrEqual(tags[i]!))
      // Only a skip is changed: a text that does not skip keeps every tag.
      if (largestRise(tags) <= 1 && tags[0]! <= 2) expect(Array.from(levels)).toEqual(tags)
    }
  })
})
