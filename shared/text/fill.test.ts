import { describe, expect, it } from 'vitest'
import { fill } from './fill.ts'

describe('fill', () => {
  it.each([
    ['Line {line}: {error}', { line: 3, error: 'Term is required' }, 'Line 3: Term is required'],
    ['{a}{a}', { a: 'x' }, 'xx'],
    ['no placeholders', {}, 'no placeholders'],
    ['kept {missing}', {}, 'kept {missing}'],
    ['zero {n}', { n: 0 }, 'zero 0'],
  ])('fills %j', (template, values, expected) => {
    expect(fill(template, values)).toBe(expected)
  })
})
