import { describe, expect, it } from 'vitest'
import { processPage } from './process-page.ts'
import { packStoredPage, toStoredPage, unpackStoredPage } from './stored-page.ts'
import { corpusPages, TINY_CORPUS } from './test-corpus.ts'

const roundTrip = (html: string) => {
  const stored = toStoredPage(processPage({ content: html }))
  const { packed } = packStoredPage(stored)
  return { stored, unpacked: unpackStoredPage(structuredClone(packed)) }
}

describe('stored pages crossing from the worker', () => {
  it('unpack what was packed, for every tiny-corpus page', () => {
    for (const page of corpusPages(TINY_CORPUS)) {
      const { stored, unpacked } = roundTrip(page.content)
      expect(unpacked).toEqual(stored)
    }
  })

  it('keeps empty pages, empty blocks and passages without a heading', () => {
    expect(roundTrip('').unpacked).toEqual(roundTrip('').stored)
    const { stored, unpacked } = roundTrip('<p></p><p>text without heading</p><hr><p>more</p>')
    expect(unpacked).toEqual(stored)
    expect(stored.passages[0]).toMatchObject({ heading: '' })
  })

  it('gives the anchor index as JSON pairs, the first block of a repeated id winning', () => {
    const { stored } = roundTrip('<p id="a">one</p><p><a name="b">two</a></p><div><span id="a">three</span></div>')
    const pairs = JSON.parse(stored.anchorIndex) as Array<[string, number]>
    expect(pairs).toContainEqual(['a', 0])
    expect(pairs).toContainEqual(['b', 1])
    expect(pairs.filter(([id]) => id === 'a')).toHaveLength(1) // the span's repeat is not indexed
    expect(pairs.every(([, block]) => block >= 0 && block <= 2)).toBe(true)
  })
})
