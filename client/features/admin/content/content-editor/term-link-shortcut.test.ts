import { describe, expect, it } from 'vitest'
import { termOfLink } from './term-link-shortcut.ts'

describe('termOfLink', () => {
  it.each([
    [
      { href: '/term/7', dataTerm: 'mettā' },
      { id: 7, name: 'mettā' },
    ],
    [{ href: '/term/12' }, { id: 12, name: null }],
    [{ href: '/content/7', dataTerm: 'mettā' }, null],
    [{ href: '/term/7#x' }, null],
    [{ href: null, dataTerm: 'mettā' }, null],
    [{}, null],
  ])('%o → %o', (attributes, expected) => {
    expect(termOfLink(attributes)).toEqual(expected)
  })
})
