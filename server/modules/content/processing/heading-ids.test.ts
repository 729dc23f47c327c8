import { describe, expect, it } from 'vitest'
import { assignHeadingIds, claimId, type HeadingDraft, headingId, pageIds } from './heading-ids.ts'

const heading = (source: string, id?: string): HeadingDraft => ({
  level: 2,
  source,
  text: source,
  id: id ?? { kind: 'heading', id: '' },
})

describe('claimId', () => {
  it('numbers repeats -2, -3 in the order they are claimed', () => {
    const ids = pageIds([])
    expect(['intro', 'intro', 'intro'].map((base) => claimId(ids, base))).toEqual(['intro', 'intro-2', 'intro-3'])
  })

  it('skips numbers that are already taken', () => {
    const ids = pageIds(['intro', 'intro-2'])
    expect(claimId(ids, 'intro')).toBe('intro-3')
    expect(claimId(ids, 'intro-3')).toBe('intro-3-2')
  })

  it('stays fast for thousands of repeats', () => {
    const ids = pageIds([])
    const started = performance.now()
    for (let n = 0; n < 20_000; n++) claimId(ids, 'section')
    expect(claimId(ids, 'section')).toBe('section-20001')
    expect(performance.now() - started).toBeLessThan(200)
  })
})

describe('assignHeadingIds', () => {
  it('slugs headings from their source, keeping ids already there', () => {
    const headings = [
      heading('1.1. Mindfulness of Breathing'),
      heading('1. Kāyānupassanā'),
      heading('Rock&amp;Roll'),
      heading('Kept', 'my-own-id'),
    ]
    assignHeadingIds(headings, pageIds(['my-own-id']))
    expect(headings.map(headingId)).toEqual(['1-1-mindfulness-of-breathing', '1-k-y-nupassan', 'rockroll', 'my-own-id'])
  })

  it('numbers repeated slugs and names empty ones "section"', () => {
    const headings = [heading('Pali text'), heading('Pali text'), heading('—'), heading(''), heading('Pali text')]
    assignHeadingIds(headings, pageIds([]))
    expect(headings.map(headingId)).toEqual(['pali-text', 'pali-text-2', 'section', 'section-2', 'pali-text-3'])
  })

  it('never takes an id that a later element of the page already has', () => {
    const headings = [heading('Notes')]
    assignHeadingIds(headings, pageIds(['notes']))
    expect(headingId(headings[0]!)).toBe('notes-2')
  })
})
