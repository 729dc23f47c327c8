import { describe, expect, it } from 'vitest'
import { joinLinks, splitLinks } from './links-section.ts'

describe('splitLinks', () => {
  it('splits at the marker and takes away the newline on each side', () => {
    expect(splitLinks('<p>a</p>\n=== LINKS START ===\n<ul><li>x</li></ul>')).toEqual({
      main: '<p>a</p>',
      links: '<ul><li>x</li></ul>',
    })
  })

  it('answers null links when there is no marker', () => {
    expect(splitLinks('<p>a</p>')).toEqual({ main: '<p>a</p>', links: null })
  })

  it('splits at the first marker only', () => {
    expect(splitLinks('a\n=== LINKS START ===\nb\n=== LINKS START ===\nc')).toEqual({
      main: 'a',
      links: 'b\n=== LINKS START ===\nc',
    })
  })

  it('accepts a marker without newlines and with CRLF', () => {
    expect(splitLinks('a=== LINKS START ===b')).toEqual({ main: 'a', links: 'b' })
    expect(splitLinks('a\r\n=== LINKS START ===\r\nb')).toEqual({ main: 'a', links: 'b' })
  })
})

describe('joinLinks', () => {
  it('rejoins with the marker on its own line', () => {
    expect(joinLinks('<p>a</p>', '<p>b</p>')).toBe('<p>a</p>\n=== LINKS START ===\n<p>b</p>')
  })

  it('leaves the marker out when there are no links', () => {
    expect(joinLinks('<p>a</p>', null)).toBe('<p>a</p>')
  })

  it.each([
    ['<p>a</p>', '<p>b</p>'],
    ['a\n', '\nb'],
    ['', ''],
    ['<p>a</p>', null],
  ])('round-trips %j and %j', (main, links) => {
    expect(splitLinks(joinLinks(main, links))).toEqual({ main, links })
  })
})
