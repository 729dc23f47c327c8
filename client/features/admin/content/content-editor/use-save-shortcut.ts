// Ctrl+S (Cmd+S on a Mac) saves while the content editor is open, in either view, instead of the
// browser's "Save page as" dialog. While a save or a question is under way the keys do nothing.
import { useEffect, useLayoutEffect, useRef } from 'react'

export function isSaveShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 's'
}

export function useSaveShortcut(save: () => void, enabled: boolean) {
  const latest = useRef({ save, enabled })
  useLayoutEffect(() => {
    latest.current = { save, enabled }
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event) || event.repeat) return
      event.preventDefault()
      if (latest.current.enabled) latest.current.save()
    }
    // capture: the editors never get to treat the keys as their own
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [])
}
