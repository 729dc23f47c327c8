// @vitest-environment happy-dom
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applySettings,
  bootScript,
  DEFAULT_SETTINGS,
  parseSettings,
  readSettings,
  SETTINGS_KEY,
  TEXT_SIZES,
  THEMES,
  WIDTHS,
  writeSettings,
} from './settings.ts'

function memoryStore(initial: string | null = null) {
  let value = initial
  return {
    getItem: (key: string) => (key === SETTINGS_KEY ? value : null),
    setItem: (_key: string, next: string) => {
      value = next
    },
  }
}

/** The attributes `bootScript` puts on a fresh <html> when storage holds `stored` (or throws). */
function boot(stored: string | null | (() => never)) {
  const html = document.implementation.createHTMLDocument('').documentElement
  const storage = { getItem: () => (typeof stored === 'function' ? stored() : stored) }
  new Function('localStorage', 'document', bootScript)(storage, { documentElement: html })
  return attributes(html)
}

function attributes(element: Element) {
  return Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]))
}

/** The attributes `applySettings` puts on a fresh <html> for what `stored` holds. */
function applied(stored: string | null) {
  const html = document.implementation.createHTMLDocument('').documentElement
  applySettings(html, parseSettings(stored))
  return attributes(html)
}

describe('reading settings', () => {
  it('reads what was written, and puts only the choices that are not defaults on <html>', () => {
    const store = memoryStore()
    expect(readSettings(store)).toEqual(DEFAULT_SETTINGS)
    expect(writeSettings({ textSize: 'large', width: 'narrow', theme: 'dark' }, store)).toBe(true)
    expect(readSettings(store)).toEqual({ textSize: 'large', width: 'narrow', theme: 'dark' })
    expect(applied(JSON.stringify({ textSize: 'large', width: 'narrow', theme: 'dark' }))).toEqual({
      'data-text-size': 'large',
      'data-width': 'narrow',
      'data-theme': 'dark',
    })
    expect(applied(JSON.stringify(DEFAULT_SETTINGS))).toEqual({})
  })

  it('takes away an attribute when its setting goes back to the default', () => {
    const html = document.implementation.createHTMLDocument('').documentElement
    applySettings(html, { textSize: 'x-large', width: 'medium', theme: 'sepia' })
    applySettings(html, { ...DEFAULT_SETTINGS, theme: 'light' })
    expect(attributes(html)).toEqual({ 'data-theme': 'light' })
  })

  it('keeps the defaults for garbled, foreign or partly wrong storage', () => {
    for (const stored of ['{not json', '"dark"', '42', 'null', '[]', '["dark"]', '{"theme":{"x":1}}', '']) {
      expect(parseSettings(stored)).toEqual(DEFAULT_SETTINGS)
    }
    expect(parseSettings('{"theme":"DARK","textSize":"huge","width":"wide","extra":1}')).toEqual(DEFAULT_SETTINGS)
    expect(parseSettings('{"theme":"sepia","textSize":7}')).toEqual({ ...DEFAULT_SETTINGS, theme: 'sepia' })
    // inherited names are not settings
    expect(parseSettings('{"__proto__":{"theme":"dark"}}')).toEqual(DEFAULT_SETTINGS)
  })

  it('survives storage that is missing, refuses to be read or is full', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS)
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
    }
    expect(readSettings(refusing)).toEqual(DEFAULT_SETTINGS)
    expect(writeSettings({ ...DEFAULT_SETTINGS, theme: 'dark' }, refusing)).toBe(false)
    expect(writeSettings({ ...DEFAULT_SETTINGS, theme: 'dark' }, null)).toBe(false)
  })
})

describe('the boot script in index.html', () => {
  it('puts the stored choices on <html> as the app does', () => {
    const stored = JSON.stringify({ textSize: 'small', width: 'medium', theme: 'sepia' })
    expect(boot(stored)).toEqual({ 'data-text-size': 'small', 'data-width': 'medium', 'data-theme': 'sepia' })
    expect(boot(stored)).toEqual(applied(stored))
  })

  it('does nothing when storage is empty, garbled or refused', () => {
    for (const stored of [null, '', '{', 'null', '"x"', '[1]', '{"theme":"<b>"}', '{"__proto__":{"theme":"dark"}}'])
      expect(boot(stored)).toEqual({})
    expect(
      boot(() => {
        throw new DOMException('denied', 'SecurityError')
      }),
    ).toEqual({})
  })

  it('agrees with the app on any stored text', () => {
    const value = fc.oneof(
      fc.constantFrom(...TEXT_SIZES, ...WIDTHS, ...THEMES, 'toString', '__proto__', ''),
      fc.anything(),
    )
    const record = fc.dictionary(fc.constantFrom('textSize', 'width', 'theme', 'other', 'constructor'), value)
    const stored = fc.oneof(
      record.map((r) => JSON.stringify(r)),
      fc.string(),
      fc.json(),
    )
    fc.assert(
      fc.property(stored, (text) => {
        expect(boot(text)).toEqual(applied(text))
      }),
      { numRuns: 500 },
    )
  })

  it('is small and uses nothing but storage and <html>', () => {
    expect(bootScript.length).toBeLessThan(600)
    expect(bootScript).not.toMatch(/<\/|=>|\blet\b|\bconst\b|`/)
  })
})
