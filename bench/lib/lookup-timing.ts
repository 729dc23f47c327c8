// The reader's lookup timed in the page (issue 29: the popup shown ≤ 150 ms after a double-click on
// the 9 MB page), for the browser test (e2e/reader-lookup.spec.ts) and the bench (bench/browser.ts).
// Both functions run in the page: they are passed to Playwright's page.evaluate, so they use only
// what the page has.

/** A word (5 letters or more, not a link or heading) of the first chunk's text, scrolled to, and where to double-click it. */
export function findLookupWord(): { x: number; y: number; word: string } | null {
  const chunk = document.querySelector('.reader-chunk[data-chunk="0"]')
  if (!chunk) return null
  const walker = document.createTreeWalker(chunk, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!
    if (parent.closest('a, button, h1, h2, h3, h4')) continue
    const match = /\p{L}{5,}/u.exec(node.nodeValue!)
    if (!match) continue
    parent.scrollIntoView({ block: 'center' })
    const range = document.createRange()
    range.setStart(node, match.index)
    range.setEnd(node, match.index + match[0].length)
    const box = range.getBoundingClientRect()
    if (box.width === 0) continue
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, word: match[0] }
  }
  return null
}

export interface LookupTiming {
  /** From the double-click event to the first frame with the popup drawn. */
  shown: number
  /** … to the first frame with the word's answer in it (its title no longer "Laadimine…"). */
  answered: number
  /** The longest task the page ran meanwhile. */
  longest: number
}

/**
 * Waits in the page for the next double-click and times the popup it opens; resolves null when no
 * double-click came, or no answer was drawn, within `timeoutMs`. Call without awaiting, double-click,
 * then await `window.lookupTiming`.
 */
export function watchLookup(timeoutMs: number): void {
  const page = window as unknown as { lookupTiming?: Promise<LookupTiming | null> }
  let longest = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration)
  })
  observer.observe({ type: 'longtask' })
  page.lookupTiming = new Promise((resolve) => {
    const giveUp = setTimeout(() => {
      observer.disconnect()
      resolve(null)
    }, timeoutMs)
    window.addEventListener(
      'dblclick',
      (event) => {
        const started = event.timeStamp
        let shown = 0
        const check = () => {
          const dialog = document.querySelector('[role="dialog"]')
          if (dialog && !shown) shown = performance.now() - started
          const title = dialog?.querySelector('h2')?.textContent ?? ''
          if (dialog && title !== '' && title !== 'Laadimine…') {
            const answered = performance.now() - started
            clearTimeout(giveUp)
            // long tasks are reported a moment after they end
            setTimeout(() => {
              observer.disconnect()
              resolve({ shown, answered, longest })
            }, 100)
          } else requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      },
      { once: true, capture: true },
    )
  })
}
