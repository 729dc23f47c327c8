// Unsaved changes are not lost to an accidental navigation: the browser asks before a reload or a
// closed tab, and in-app navigation is held (useBlocker) until the person confirms.
import { useCallback, useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'

export function useUnsavedChanges(dirty: boolean) {
  const allowed = useRef(false)

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers need returnValue set to show their own question.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )

  /** Lets the next navigation through (after a successful save). */
  const allowNavigation = useCallback(() => {
    allowed.current = true
  }, [])

  return { blocker, allowNavigation }
}
