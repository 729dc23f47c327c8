import { describe, expect, it } from 'vitest'
import { isSaveShortcut } from './use-save-shortcut.ts'

const keys = { ctrlKey: false, metaKey: false, altKey: false, shiftKey: false }

describe('isSaveShortcut', () => {
  it.each([
    ['Ctrl+S', { ...keys, key: 's', ctrlKey: true }, true],
    ['Cmd+S', { ...keys, key: 's', metaKey: true }, true],
    ['Ctrl+S with Caps Lock', { ...keys, key: 'S', ctrlKey: true }, true],
    ['S alone', { ...keys, key: 's' }, false],
    ['Ctrl+Shift+S', { ...keys, key: 'S', ctrlKey: true, shiftKey: true }, false],
    ['Ctrl+Alt+S (AltGr on some layouts)', { ...keys, key: 's', ctrlKey: true, altKey: true }, false],
    ['Ctrl+D', { ...keys, key: 'd', ctrlKey: true }, false],
  ])('%s → %s', (_name, event, expected) => {
    expect(isSaveShortcut(event)).toBe(expected)
  })
})
