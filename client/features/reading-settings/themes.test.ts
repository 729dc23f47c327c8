// The dark palette is written twice in themes.css (chosen, and the system's preference when nothing
// is chosen): the two must not drift apart.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

const css = fs.readFileSync(new URL('./themes.css', import.meta.url), 'utf8')

const block = (selector: string) => {
  const start = css.indexOf(`${selector} {`)
  expect(start).toBeGreaterThanOrEqual(0)
  return css.slice(start + selector.length + 2, css.indexOf('}', start)).trim()
}

describe('themes.css', () => {
  it('gives the system dark preference the same palette as the dark theme', () => {
    const chosen = block("html[data-theme='dark']")
    expect(chosen).toContain('--color-stone-900')
    expect(block('html:not([data-theme])')).toBe(chosen)
  })
})
