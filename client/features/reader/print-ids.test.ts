// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { prefixIds } from './print-ids.ts'

describe('prefixIds', () => {
  it('prefixes ids and the links to them, and nothing else', () => {
    const html =
      '<h2 id="translation">Translation</h2>' +
      '<p id="p1">See note <a href="#_ftn1" id="_ftnref1">[1]</a>, <a href="/content/3#x">elsewhere</a>, ' +
      '<a href="https://example.org/#top">a site</a> and <a href="#">nothing</a>.</p>' +
      '<p>Text that says id="x" and href="#y".</p>'
    const prefixed = document.createElement('div')
    prefixed.innerHTML = prefixIds(html, 'p7-')
    expect([...prefixed.querySelectorAll('[id]')].map((e) => e.id)).toEqual(['p7-translation', 'p7-p1', 'p7-_ftnref1'])
    expect([...prefixed.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '#p7-_ftn1',
      '/content/3#x',
      'https://example.org/#top',
      '#',
    ])
    expect(prefixed.textContent).toContain('Text that says id="x" and href="#y".')
  })
})
