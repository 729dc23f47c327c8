// The Toaster (Radix Toast) in its own chunk: mounted when the first toast is shown or when the
// browser is first idle, whichever comes first, so a visitor's first screen does without its code.
// The toast store (use-toast.ts) is in the entry: a toast shown before the code arrived shows then.
import { Suspense, useEffect, useState } from 'react'
import { lazyPart } from '#client/components/lazy-part.ts'
import { useToasts } from './use-toast.ts'

const toaster = lazyPart(() => import('./Toaster.tsx'), 'Toaster')
/** At the latest this long after the first render, the Toaster mounts even if the browser was never idle. */
const IDLE_TIMEOUT_MS = 5000

export function LazyToaster() {
  const { toasts } = useToasts()
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = setTimeout(() => setIdle(true), IDLE_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [])
  const [wanted, setWanted] = useState(false)
  if (!wanted && (idle || toasts.length > 0)) setWanted(true)
  return wanted ? (
    <Suspense fallback={null}>
      <toaster.Component />
    </Suspense>
  ) : null
}
