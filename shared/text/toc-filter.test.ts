import { describe, expect, it } from 'vitest'
import { isStructuralHeading, tocHeadings } from './toc-filter.ts'

describe('isStructuralHeading', () => {
  it.each([
    ['I. Vinaya Piṭaka', true],
    ['II. Sutta Piṭaka', true],
    ['III. Abhidhamma Piṭaka', true],
    ['II.  Sutta Pitaka', true],
    ['Majjhima Nikāya', true],
    ['Dīgha Nikāya', true],
    ['Khuddaka Nikāya', true],
    ['Saṁyutta Nikāya', true],
    ['Nikāya', true],
    ['Suttavibhaṅga', true],
    ['Khandhaka', true],
    ['Parivāra', true],
    ['Translation', false],
    ['Pali text', false],
    ['Khandhaka: Chapters on Legal Topics', false],
    ['Parivāra: The Compendium', false],
    ['I. The Root of All Things', false],
    ['1.1. Mindfulness of Breathing', false],
    ['The Majjhima Nikāya in Estonian translation', false],
    ['Sources and references', false],
  ])('%s → %s', (text, structural) => {
    expect(isStructuralHeading(text)).toBe(structural)
  })
})

describe('tocHeadings', () => {
  const heading = (text: string, level = 2) => ({ text, level, id: text.toLowerCase().replace(/\W+/g, '-') })

  it('keeps ordinary headings in page order', () => {
    const headings = [heading('Translation'), heading('1. Kāyānupassanā', 3), heading('Pali text')]
    expect(tocHeadings(headings)).toEqual(headings)
  })

  it('leaves out structural headings and headings longer than 80 characters', () => {
    const long = heading(
      'Middle Discourses 28 — The Longer Simile of the Elephant’s Footprint (Mahāhatthipadopamasutta)',
      1,
    )
    const exactly80 = heading('x'.repeat(80))
    const over80 = heading('x'.repeat(81))
    const kept = heading('Translation')
    expect(
      tocHeadings([heading('II. Sutta Piṭaka', 1), heading('Majjhima Nikāya'), long, exactly80, over80, kept]),
    ).toEqual([exactly80, kept])
  })

  it('counts characters, not UTF-16 units, against the limit', () => {
    const pali = heading('ṁ'.repeat(80))
    expect(tocHeadings([pali])).toEqual([pali])
  })
})
