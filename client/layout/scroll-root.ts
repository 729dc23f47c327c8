// The public screens scroll inside the main area, not the window (the side panel scrolls on its
// own); the reader's timers, observers and jumps need that element.
import { createContext, useContext } from 'react'
import type { RefObject } from 'react'

export const ScrollRootContext = createContext<RefObject<HTMLElement | null>>({ current: null })

export function useScrollRoot(): RefObject<HTMLElement | null> {
  return useContext(ScrollRootContext)
}
