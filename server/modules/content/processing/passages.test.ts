import { describe, expect, it } from 'vitest'
import { cutIntoPassages, cutText, MAX_PASSAGE_CHARS, type PassageBlock } from './passages.ts'

const paragraph = (id: string, text = `text of ${id}`): PassageBlock => ({ id, text, isHeading: false })
const heading = (id: string, text: string): PassageBlock => ({ id, text, isHeading: true })

describe('cutIntoPassages', () => {
  it("starts a passage at each heading and keeps the heading's text with its section", () => {
    const passages = cutIntoPassages([paragraph('a'), heading('h', 'Title'), paragraph('b'), heading('k', 'Next')])
    expect(passages).toEqual([
      { block: 0, anchor: 'a', heading: '', text: 'text of a' },
      { block: 1, anchor: 'h', heading: 'Title', text: 'Title\ntext of b' },
      { block: 3, anchor: 'k', heading: 'Next', text: 'Next' },
    ])
  })

  it('holds at most four blocks', () => {
    const blocks = [heading('h', 'Title'), ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => paragraph(id))]
    const passages = cutIntoPassages(blocks)
    expect(passages.map((passage) => [passage.anchor, passage.heading])).toEqual([
      ['h', 'Title'],
      ['d', 'Title'],
    ])
  })

  it('starts a new passage before it would grow past about 2,000 characters', () => {
    const passages = cutIntoPassages([paragraph('a', 'x'.repeat(1500)), paragraph('b', 'y'.repeat(1000))])
    expect(passages.map((passage) => passage.anchor)).toEqual(['a', 'b'])
  })

  it('skips blocks without text', () => {
    expect(cutIntoPassages([paragraph('rule', ''), paragraph('a')])).toEqual([
      { block: 1, anchor: 'a', heading: '', text: 'text of a' },
    ])
  })

  it('cuts one enormous block into passages under the limit, all opening at that block', () => {
    const passages = cutIntoPassages([paragraph('big', 'word '.repeat(60_000).trim())])
    expect(passages.length).toBeGreaterThanOrEqual(6)
    for (const passage of passages) {
      expect(passage.anchor).toBe('big')
      expect(passage.text.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS)
    }
    expect(passages.map((passage) => passage.text).join(' ')).toBe('word '.repeat(60_000).trim())
  })
})

describe('cutText', () => {
  it('never splits a surrogate pair', () => {
    const pieces = cutText('𝔸'.repeat(10), 5)
    expect(pieces.join('')).toBe('𝔸'.repeat(10))
    for (const piece of pieces) expect(piece).toMatch(/^(?:[\uD800-\uDBFF][\uDC00-\uDFFF])+$/)
  })
})
