import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from 'react-router/dom'
import { LazyToaster } from './components/ui/LazyToaster.tsx'
import { captureFirstView } from './features/first-view/first-view.ts'
import { registerServiceWorker } from './offline/register-service-worker.ts'
import { createQueryClient } from './query-client.ts'
import { createRouter } from './router.tsx'
import './styles.css'

const queryClient = createQueryClient()
const router = createRouter()
const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')
// The server may have put the page's first view in #root (server/http/first-view.ts): React replaces
// it in its first commit, and the reader takes its first chunk's nodes over.
captureFirstView(rootElement)

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
