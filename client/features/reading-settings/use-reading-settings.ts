// The reading settings as React state: one value for the whole page, changed at once on <html> and
// kept in localStorage; another tab's change (the storage event) applies here too.
import { useCallback, useSyncExternalStore } from 'react'
import { applySettings, readSettings, SETTINGS_KEY, writeSettings, type ReadingSettings } from './settings.ts'

let current: ReadingSettings | null = null
const listeners = new Set<() => void>()

function snapshot(): ReadingSettings {
  current ??= readSettings()
  return current
}

/** Applies the settings at once; with `keep`, stores them too and says whether the browser kept them. */
function set(next: ReadingSettings, keep: boolean): boolean {
  current = next
  applySettings(document.documentElement, next)
  const kept = keep && writeSettings(next)
  for (const listener of listeners) listener()
  return kept
}

function onStorage(event: StorageEvent) {
  if (event.key === SETTINGS_KEY || event.key === null) set(readSettings(), false)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (listeners.size === 1) window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

export function useReadingSettings() {
  const settings = useSyncExternalStore(subscribe, snapshot)
  /** Changes one setting; false when the browser would not keep it (it applies all the same). */
  const change = useCallback(
    <Key extends keyof ReadingSettings>(key: Key, value: ReadingSettings[Key]) =>
      set({ ...snapshot(), [key]: value }, true),
    [],
  )
  return [settings, change] as const
}
