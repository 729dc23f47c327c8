// Links inside page text, term descriptions and the links section are plain HTML from the server.
// A plain click on one that leads to another reader address (a page, a place in a page, a term, a
// book or chapter page, the lexicon, home) is followed inside the app, as the app's own links are: no full page load, no new
// download of the app. Anything else (another site, a new tab, a download, the print view, the
// admin screens) is left to the browser.
import { useCallback } from 'react'
import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router'

/** The reader's own addresses; the print view (?print=1) opens its own tab. */
const READER_PATH = /^\/(?:(?:content|term|book|chapter)\/[1-9]\d*|lexicon)?\/?$/

/** The in-app address `href` (as written in a page, relative to `here`) leads to, or null. */
export function readerAddress(href: string, here: string): string | null {
  let url: URL
  try {
    url = new URL(href, here)
  } catch {
    return null
  }
  if (url.origin !== new URL(here).origin || !READER_PATH.test(url.pathname)) return null
  if (url.searchParams.has('print')) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** A click the browser would follow in this tab: the main button, no modifier key, no target or download. */
export function isPlainClick(event: MouseEvent, link: HTMLAnchorElement) {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return false
  return (link.target === '' || link.target === '_self') && !link.hasAttribute('download')
}

/**
 * A click handler for server HTML: follows reader links inside the app (then calls `onFollow`, e.g.
 * to close a dialog) and returns true; returns false for every other click.
 */
export function useFollowInApp(onFollow?: () => void) {
  const navigate = useNavigate()
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null
      if (!link || !isPlainClick(event, link)) return false
      const address = readerAddress(link.getAttribute('href') ?? '', window.location.href)
      if (address === null) return false
      event.preventDefault()
      onFollow?.()
      void navigate(address)
      return true
    },
    [navigate, onFollow],
  )
}
