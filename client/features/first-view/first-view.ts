// Taking over the page the server sent with its first view in it (server/http/first-view.ts): before
// React renders, main.tsx notes the reader page's data and its first chunk's element; the reader then
// starts from them instead of asking the server, and moves the chunk's nodes into its own element in
// the same frame as React replaces the rest, so the text is never drawn again and nothing moves.
import { FIRST_CHUNK_ATTRIBUTE, FIRST_VIEW_DATA_ID, FRAME_ATTRIBUTE, type FirstViewData } from '#shared/first-view.ts'

export interface FirstView extends FirstViewData {
  /** The first chunk as the server sent it; its child nodes move into the reader's own element. */
  element: HTMLElement
  /** How far the reader had scrolled the server's page before the script took it over. */
  scrollTop: number
}

let captured: FirstView | null = null

/** Call once, before React renders into `root`. */
export function captureFirstView(root: HTMLElement) {
  const frame = root.querySelector(`[${FRAME_ATTRIBUTE}]`)
  const script = document.getElementById(FIRST_VIEW_DATA_ID)
  const element = frame?.querySelector<HTMLElement>(`[${FIRST_CHUNK_ATTRIBUTE}]`)
  if (!frame || !script || !element) return
  try {
    const data = JSON.parse(script.textContent ?? '') as FirstViewData
    const main = frame.querySelector('main')
    // Read at the next frame, not now: the parser may just have added the chunk's last blocks, and
    // asking for scrollTop here would lay the page out inside the script's task (decision 050).
    const view: FirstView = { ...data, element, scrollTop: 0 }
    if (main) {
      const note = () => {
        if (main.isConnected) view.scrollTop = main.scrollTop
      }
      requestAnimationFrame(note)
      // React renders in slices (main.tsx) while the reader may go on scrolling the server's page.
      main.addEventListener('scroll', note, { passive: true })
    }
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
