import { describe, expect, it } from 'vitest'
import { titleBarVisible } from './title-bar.ts'

describe('titleBarVisible', () => {
  it.each([
    // wasVisible, previousTop, top, visible
    [true, 0, 80, true], // scrolling down, not yet past 100px
    [true, 80, 101, false], // down past 100px
    [false, 400, 300, true], // any scroll up
    [false, 120, 49, true], // near the top
    [false, 60, 70, false], // down between 50 and 100 keeps it hidden
    [true, 300, 300, true], // no movement changes nothing
    [false, 300, 300, false],
  ])('visible %s, from %i to %i → %s', (wasVisible, previousTop, top, visible) => {
    expect(titleBarVisible(wasVisible, previousTop, top)).toBe(visible)
  })
})
