import { useCallback, useSyncExternalStore } from 'react'

/** Phones get the slide-in menu instead of the side panel below this width. */
export const DESKTOP_QUERY = '(min-width: 768px)'

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => true,
  )
}
