// Registers the service worker (/sw.js, decision 032) in production builds on visitors' pages, after
// the page has loaded so it never competes with the first view. What the page fetched before the
// worker controlled it (the page's HTML, chunks, lazy scripts) is handed to the worker to keep, so
// the first page opened is readable offline too.
import { strategyFor } from './offline-rules.ts'

const ADMIN_PAGES = /^\/(?:admin|auth)(?:\/|$)/

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || ADMIN_PAGES.test(location.pathname)) return
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(async () => {
        const ready = await navigator.serviceWorker.ready
        ready.active?.postMessage({ type: 'keep-opened', urls: fetchedSoFar() })
      })
      .catch((failure: unknown) => console.warn('The service worker was not registered', failure))
  }
  if (document.readyState === 'complete') start()
  else window.addEventListener('load', start, { once: true })
}

/** This page's address and the same-origin answers it has fetched that the worker would keep. */
export function fetchedSoFar(): string[] {
  const urls = new Set([location.href])
  for (const entry of performance.getEntriesByType('resource')) {
    const kept = strategyFor({ method: 'GET', url: entry.name, origin: location.origin, mode: 'cors' })
    if (kept !== 'pass') urls.add(entry.name)
  }
  return [...urls]
}
