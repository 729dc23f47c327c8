// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { blockPosition, findStatus, firstFrom, occurrenceRanges } from './find-in-page.ts'

function block(html: string): Element {
  document.body.innerHTML = `<div class="reader-chunk" data-chunk="2"><p>x</p>${html}</div>`
  return document.querySelector('.reader-chunk')!.lastElementChild!
}

describe('find in page in the reader', () => {
  it('finds the nth occurrence of a block as a range of its text, across inline tags', () => {
    const element = block('<p id="b">Dukk<b>hā</b> ja <a href="/term/1">DUKKHA</a>, dukkhā.</p>')
    const ranges = occurrenceRanges(element, 'dukkha', [0, 1, 2, 3])
    expect([...ranges.keys()]).toEqual([0, 1, 2])
    expect(ranges.get(0)!.toString()).toBe('Dukkhā')
    expect(ranges.get(1)!.toString()).toBe('DUKKHA')
    expect(ranges.get(2)!.toString()).toBe('dukkhā')
    expect(occurrenceRanges(element, 'ja dukkha', [0]).get(0)!.toString()).toBe('ja DUKKHA')
  })

  it('never matches across a break (list items, <br>), as the server counts', () => {
    const element = block('<ul><li>sati</li><li>patthana</li></ul>')
    expect(occurrenceRanges(element, 'sati patthana', [0]).size).toBe(0)
    const broken = block('<p>metta<br>metta</p>')
    expect(occurrenceRanges(broken, 'metta metta', [0]).size).toBe(0)
    expect(occurrenceRanges(broken, 'metta', [1]).get(1)!.startContainer.textContent).toBe('metta')
  })

  it('knows the position of the block an element is in', () => {
    const element = block('<p id="b">text <b>bold</b></p>')
    expect(blockPosition(element.querySelector('b'))).toBe(2 * 600 + 1)
    expect(blockPosition(document.body)).toBeNull()
  })

  it('starts at the first occurrence from the reader’s place, and says where it is', () => {
    const list = [10, 20, 30].map((position) => ({ block: `b${position}`, position, index: 0 }))
    expect(firstFrom(list, 15)).toBe(1)
    expect(firstFrom(list, 31)).toBe(0)
    expect(firstFrom(list, null)).toBe(0)
    expect(findStatus(2, { total: 17, capped: false })).toBe('3 / 17')
    expect(findStatus(0, { total: 1000, capped: true })).toBe('1 / 1000+')
    expect(findStatus(null, { total: 0, capped: false })).toBe('0 / 0')
  })
})
