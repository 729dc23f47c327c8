import { describe, expect, it } from 'vitest'
import { headingLevelsIn, headingsBefore, pageOutline, withOutlineLevels } from './reader-headings.ts'

const page = [
  '<h1 id="a">A</h1>',
  '<p id="p1">text with &lt;h2 inside and <a href="#h3">a link</a></p>',
  '<h3 id="b" style="text-align: center">B</h3>',
  '<div id="d"><h4 id="c">C</h4><p>x</p><h2 id="e">E</h2></div>',
  '<hr>',
  '<h4 id="f">F</h4>',
]
const positioned = page.map((html, position) => ({ position, html }))

describe('headingLevelsIn', () => {
  it('finds heading tags in order, not text or other tags that start with h', () => {
    expect(page.map(headingLevelsIn)).toEqual([[1], [], [3], [4, 2], [], [4]])
  })
})

describe('pageOutline', () => {
  it('records each heading with its block, tag and outline level', () => {
    const outline = pageOutline(positioned)
    expect(Array.from(outline.blocks)).toEqual([0, 2, 3, 3, 5])
    expect(Array.from(outline.tags)).toEqual([1, 3, 4, 2, 4])
    expect(Array.from(outline.levels)).toEqual([1, 2, 3, 2, 3])
    expect(outline.changed).toBe(true)
    expect(pageOutline([{ position: 0, html: '<h2>x</h2><h3>y</h3>' }]).changed).toBe(false)
  })

  it('counts the headings before a block', () => {
    const outline = pageOutline(positioned)
    expect([0, 1, 2, 3, 4, 5, 6].map((block) => headingsBefore(outline, block))).toEqual([0, 1, 1, 2, 4, 4, 5])
  })
})

describe('withOutlineLevels', () => {
  const outline = pageOutline(positioned)

  it('gives aria-level to the headings that would skip, leaving everything else as it was', () => {
    expect(withOutlineLevels(page, 0, outline)).toEqual([
      '<h1 id="a">A</h1>',
      page[1],
      '<h3 aria-level="2" id="b" style="text-align: center">B</h3>',
      '<div id="d"><h4 aria-level="3" id="c">C</h4><p>x</p><h2 id="e">E</h2></div>',
      '<hr>',
      '<h4 aria-level="3" id="f">F</h4>',
    ])
  })

  it('gives a chunk in the middle the levels the whole page gives it', () => {
    const whole = withOutlineLevels(page, 0, outline)
    for (let from = 0; from < page.length; from++) {
      for (let to = from + 1; to <= page.length; to++) {
        expect(withOutlineLevels(page.slice(from, to), from, outline)).toEqual(whole.slice(from, to))
      }
    }
  })

  it('sends the blocks as they are when no heading skips', () => {
    const plain = ['<h2 id="x">X</h2>', '<h3 id="y">Y</h3>']
    expect(withOutlineLevels(plain, 0, pageOutline(plain.map((html, position) => ({ position, html }))))).toEqual(plain)
  })

  it('refuses blocks that are not the outline’s', () => {
    expect(() => withOutlineLevels(['<h2 id="b">B</h2>'], 2, outline)).toThrow(/does not hold heading/)
    expect(() => withOutlineLevels(['<p>no heading</p>'], 2, outline)).toThrow(/lacks heading/)
  })
})
