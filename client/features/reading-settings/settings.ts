// The reading settings in the browser: read from and written to localStorage (which may refuse),
// and applied to <html> as the boot script in index.html does (choices.ts).
import { attributesOf, DEFAULT_SETTINGS, parseSettings, SETTINGS_KEY } from './choices.ts'
import type { ReadingSettings } from './choices.ts'

export * from './choices.ts'

/** Puts the settings on the element (<html>) as attributes; defaults remove theirs. */
export function applySettings(root: Element, settings: ReadingSettings) {
  for (const [name, value] of Object.entries(attributesOf(settings))) {
    if (value === null) root.removeAttribute(name)
    else root.setAttribute(name, value)
  }
}

type Store = Pick<Storage, 'getItem' | 'setItem'>

/** localStorage, or nothing when the browser refuses it (private modes, disabled storage). */
export function browserStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export function readSettings(store: Store | null = browserStore()): ReadingSettings {
  try {
    return parseSettings(store?.getItem(SETTINGS_KEY))
  } catch {
    return { ...DEFAULT_SETTINGS }
  }
}

/** Keeps the settings; a full or refusing store keeps nothing (they still apply to this page). */
export function writeSettings(settings: ReadingSettings, store: Store | null = browserStore()): boolean {
  try {
    if (!store) return false
    store.setItem(SETTINGS_KEY, JSON.stringify(settings))
    return true
  } catch {
    return false
  }
}
