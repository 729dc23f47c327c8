import { describe, expect, it } from 'vitest'
import { fitWithin } from './cover-image.ts'

describe('fitWithin', () => {
  it.each([
    [1600, 1200, { width: 800, height: 600 }],
    [1200, 1600, { width: 600, height: 800 }],
    [800, 800, { width: 800, height: 800 }],
    [400, 300, { width: 400, height: 300 }],
    [4000, 10, { width: 800, height: 2 }],
    [10000, 1, { width: 800, height: 1 }],
  ])('fits %i x %i within 800x800', (width, height, expected) => {
    expect(fitWithin(width, height, 800)).toEqual(expected)
  })
})
