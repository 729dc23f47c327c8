// Taking over the page the server sent with its first view in it (server/http/first-view.ts): before
// React renders, main.tsx notes the reader page's data and its first chunk's element; the reader then
// starts from them instead of asking the server, and moves the chunk's nodes into its own element in
// the same frame as React replaces the rest, so the text is never drawn again and nothing moves.
import type { ContentSummary, ReaderChunk } from '#shared/api/content.ts'

export interface FirstView {
  summary: ContentSummary
  chunk: Omit<ReaderChunk, 'chunk'>
  /** The first chunk as the server sent it; its child nodes move into the reader's own element. */
  element: HTMLElement
  /** How far the reader had scrolled the server's page before the script took it over. */
  scrollTop: number
}

let captured: FirstView | null = null

/** Call once, before React renders into `root`. */
export function captureFirstView(root: HTMLElement) {
  const frame = root.querySelector('[data-first-view]')
  const script = document.getElementById('first-view-data')
  const element = frame?.querySelector<HTMLElement>('[data-chunk="0"]')
  if (!frame || !script || !element) return
  try {
    const data = JSON.parse(script.textContent ?? '') as Pick<FirstView, 'summary' | 'chunk'>
    const main = frame.querySelector('main')
    const view: FirstView = { ...data, element, scrollTop: main?.scrollTop ?? 0 }
    // React renders in slices (main.tsx) while the reader may go on scrolling the server's page.
    main?.addEventListener('scroll', () => (view.scrollTop = main.scrollTop), { passive: true })
    captured = view
  } catch (failure) {
    console.warn('The page’s first view could not be read; loading it again', failure)
  }
}

/**
 * The first view of page `contentId` until a reader has taken its nodes; a later reader of the same
 * page asks the server.
 */
export function claimFirstView(contentId: number): FirstView | null {
  return captured?.summary.id === contentId ? captured : null
}

/**
 * Moves the server's first-chunk nodes into `target` (the reader's element for chunk 0), once. Meant
 * for a ref callback: React commits and this runs before the browser paints again.
 */
export function adoptChunk(target: HTMLElement | null, view: FirstView) {
  if (!target || target.hasChildNodes()) return
  target.append(...view.element.childNodes)
  if (captured === view) captured = null
}
