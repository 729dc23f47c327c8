// The app's start in stages (decision 050). Every module a page's script imports statically is
// evaluated in one task: for this app (React DOM, the router, the query cache and the reader) that
// was one task of ~50 ms on a desktop core, four times as long on Lighthouse's phone, and the first
// view's text was already on screen waiting for it. Each stage here is a dynamic import; the next
// one starts in a new task, so the browser can draw, scroll and answer input between them. The
// modules are fetched together (index.html preloads them, vite.config.ts), only evaluated in turn.

/** A new task: what the browser has queued (input, a frame) runs before the next stage. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Runs each stage in a task of its own, in order. A stage that fails stops the start: the page stays
 * the server's HTML, whose links work as plain links.
 */
export async function startInStages(stages: readonly (() => Promise<unknown>)[]): Promise<boolean> {
  try {
    for (const stage of stages) {
      await nextTask()
      await stage()
    }
    return true
  } catch (failure) {
    console.error('The app could not start; the page stays as the server sent it', failure)
    return false
  }
}
