// The browser tests' `test`: Playwright's, with every page.goto and page.reload waiting until the
// client has taken over the server's first view (decision 022). Pages whose HTML carries the home
// text or a reader page's first chunk show it before any script runs, and React renders its first
// screen in slices; a test that clicks as soon as the text shows would otherwise act on the static
// frame. A test of the frame itself (JavaScript off) gets the page as the server sent it.
//
// Every page also remembers which elements the reader has highlighted (a jump's 2 s highlight): a page
// opened at an address with a hash may land and fade before page.goto has returned on a busy machine,
// so a test asks `expectHighlighted`, not for the class at the moment it looks.
import { test as base, expect } from '@playwright/test'
import type { Locator } from '@playwright/test'

export { expect }

const HIGHLIGHT_CLASS = 'reader-highlight'

/** Runs in the page before its scripts: records each element that gains the highlight class. */
function recordHighlights(highlightClass: string) {
  const seen = new WeakSet<Element>()
  Object.assign(window, { __e2eHighlighted: seen })
  new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target as Element
      if (element.classList.contains(highlightClass)) seen.add(element)
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] })
}

/** The element has been highlighted since its page opened (it may have faded again). */
export async function expectHighlighted(target: Locator, options: { timeout?: number } = {}) {
  await expect
    .poll(
      async () =>
        (await target.count()) > 0 &&
        target
          .first()
          .evaluate((element) =>
            (window as unknown as { __e2eHighlighted?: WeakSet<Element> }).__e2eHighlighted?.has(element),
          ),
      { message: 'highlighted', ...options },
    )
    .toBe(true)
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      await page.addInitScript(recordHighlights, HIGHLIGHT_CLASS)
      const taken = () => page.locator('[data-first-view]').waitFor({ state: 'detached' })
      const goto = page.goto.bind(page)
      page.goto = async (...args) => {
        const response = await goto(...args)
        await taken()
        return response
      }
      const reload = page.reload.bind(page)
      page.reload = async (...args) => {
        const response = await reload(...args)
        await taken()
        return response
      }
    }
    await use(page)
  },
})
