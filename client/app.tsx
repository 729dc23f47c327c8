// The app itself: the query cache, the router and React's root. main.tsx evaluates it last, in a
// task of its own after the libraries it builds on (decision 050), and calls `startApp`.
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import { LazyToaster } from './components/ui/LazyToaster.tsx'
import { removeExpiredDraftsOnStart } from './features/editor-drafts/remove-expired-on-start.ts'
import { registerServiceWorker } from './offline/register-service-worker.ts'
import { createQueryClient } from './query-client.ts'
import { createRouter } from './router.tsx'

export function startApp(rootElement: HTMLElement) {
  const queryClient = createQueryClient()
  const router = createRouter()
  // A transition, so React renders the first screen in slices and never blocks the main thread for
  // long (the page's text is already on screen from the HTML); it commits all at once.
  const root = createRoot(rootElement)
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <LazyToaster />
        </QueryClientProvider>
      </StrictMode>,
    )
  })
  // Offline reading and installing (decision 032): production builds, visitors' pages, after load.
  registerServiceWorker()
  // The content editor's expired drafts go, on every start (decision 044), when the browser is idle.
  removeExpiredDraftsOnStart()
}
