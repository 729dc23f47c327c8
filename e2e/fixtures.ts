// The browser tests' `test`: Playwright's, with every page.goto and page.reload waiting until the
// client has taken over the server's first view (decision 022). Pages whose HTML carries the home
// text or a reader page's first chunk show it before any script runs, and React renders its first
// screen in slices; a test that clicks as soon as the text shows would otherwise act on the static
// frame. A test of the frame itself (JavaScript off) gets the page as the server sent it.
import { test as base, expect } from '@playwright/test'

export { expect }

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
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
