// The reader's own settings (text size, line width, theme), kept in this browser (localStorage) and
// shown as attributes on <html>: data-text-size, data-width, data-theme. All looks are CSS
// (themes.css, reader.css); an absent attribute is the default, and an absent data-theme follows the
// system's light or dark preference (prefers-color-scheme), so that needs no script.
//
// The attributes must be there before the first paint, also on the server's first view: index.html
// carries `bootScript` inline in its <head> (vite.config.ts puts it there), allowed by its sha256 in
// the Content-Security-Policy, which the server works out from the built index.html at start
// (server/http/security-headers.ts; decision 029).
//
// This file is the settings' values and the boot script, with neither DOM nor Node (the build's
// vite.config.ts imports it); settings.ts reads, writes and applies them in the browser.

export const SETTINGS_KEY = 'reading-settings'

export const TEXT_SIZES = ['small', 'medium', 'large', 'x-large'] as const
export const WIDTHS = ['narrow', 'medium', 'wide'] as const
export const THEMES = ['system', 'light', 'sepia', 'dark'] as const

export type TextSize = (typeof TEXT_SIZES)[number]
export type LineWidth = (typeof WIDTHS)[number]
export type Theme = (typeof THEMES)[number]

export interface ReadingSettings {
  textSize: TextSize
  width: LineWidth
  theme: Theme
}

/** What a reader who never chose anything gets (and what no attribute on <html> means). */
export const DEFAULT_SETTINGS: Readonly<ReadingSettings> = Object.freeze({
  textSize: 'medium',
  width: 'wide',
  theme: 'system',
})

/** Each setting's attribute on <html>. */
export const ATTRIBUTES = {
  textSize: 'data-text-size',
  width: 'data-width',
  theme: 'data-theme',
} as const satisfies Record<keyof ReadingSettings, string>

const CHOICES: { [Key in keyof ReadingSettings]: readonly ReadingSettings[Key][] } = {
  textSize: TEXT_SIZES,
  width: WIDTHS,
  theme: THEMES,
}

const KEYS = Object.keys(ATTRIBUTES) as (keyof ReadingSettings)[]

function choice<Key extends keyof ReadingSettings>(key: Key, value: unknown): ReadingSettings[Key] {
  const choices: readonly unknown[] = CHOICES[key]
  return choices.includes(value) ? (value as ReadingSettings[Key]) : DEFAULT_SETTINGS[key]
}

/** The settings in a stored text; anything unknown, missing or garbled is the default. */
export function parseSettings(stored: string | null | undefined): ReadingSettings {
  let value: unknown
  try {
    value = JSON.parse(stored ?? 'null')
  } catch {
    value = null
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const own = (key: string) => (Object.hasOwn(record, key) ? record[key] : undefined)
  return {
    textSize: choice('textSize', own('textSize')),
    width: choice('width', own('width')),
    theme: choice('theme', own('theme')),
  }
}

/** Each setting's attribute value on <html>, or null (no attribute) for the default. */
export function attributesOf(
  settings: ReadingSettings,
): Record<(typeof ATTRIBUTES)[keyof ReadingSettings], string | null> {
  const entries = KEYS.map((key) => [ATTRIBUTES[key], settings[key] === DEFAULT_SETTINGS[key] ? null : settings[key]])
  return Object.fromEntries(entries) as Record<(typeof ATTRIBUTES)[keyof ReadingSettings], string | null>
}

/**
 * The script index.html runs in its <head> before anything paints: the stored settings as
 * attributes on <html>, the same ones `applySettings` puts there (settings.test.ts runs both on the
 * same inputs). ES5 and tiny; it only reads storage, and anything that throws (storage refused,
 * garbled text) leaves the defaults. Its bytes are hashed into the CSP: any change here changes the
 * hash, which the server works out from the built index.html, so they cannot drift apart.
 */
export const bootScript = (() => {
  const choices = Object.fromEntries(
    KEYS.map((key) => [ATTRIBUTES[key], CHOICES[key].filter((value) => value !== DEFAULT_SETTINGS[key])]),
  )
  const names = Object.fromEntries(KEYS.map((key) => [key, ATTRIBUTES[key]]))
  return (
    `(function(){try{var s=JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_KEY)})),` +
    `n=${JSON.stringify(names)},c=${JSON.stringify(choices)},h=document.documentElement,k,v;` +
    `if(!s||typeof s!=="object")return;` +
    `for(k in n)if(Object.prototype.hasOwnProperty.call(n,k)&&Object.prototype.hasOwnProperty.call(s,k)){` +
    `v=s[k];if(c[n[k]].indexOf(v)>=0)h.setAttribute(n[k],v)}}catch(e){}})()`
  )
})()
