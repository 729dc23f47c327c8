// Paragraph links by keyboard only (issue #5): the body's one '¶' tab stop, moved from block to
// block with the arrow keys, copies the address of a plain paragraph (one with nothing focusable in
// it), and opening that address lands on the paragraph. Tab never jumps away from the text in view.
import { expect, test, expectHighlighted } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { seedTinyCorpus } from './reader-seed.ts'
import type { SeededPage } from './reader-seed.ts'
import { toastWith } from './helpers.ts'

let pages: SeededPage[]

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  pages = (await seedTinyCorpus(testInfo.project.use.baseURL!, `Paragraph links e2e ${Date.now()}`)).pages
})

const published = () => pages.filter((page) => page.published)
const paragraphLink = (page: Page) => page.getByRole('button', { name: 'Kopeeri lõigu link' })

/** From the top of the page: the skip link, then Tab until the paragraph link has focus. */
async function tabToParagraphLink(page: Page) {
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Liigu sisu juurde' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
  await tabUntilParagraphLink(page)
}

async function tabUntilParagraphLink(page: Page) {
  // the title bar's previous and next page, find in page, table of contents, reading settings and
  // PDF come first; the body's own stop right after them
  for (let presses = 0; presses < 8; presses++) {
    await page.keyboard.press('Tab')
    if (await paragraphLink(page).evaluate((element) => element === document.activeElement)) return
  }
  await expect(paragraphLink(page)).toBeFocused()
}

test('a plain paragraph is linked by keyboard only, and its address lands on it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const first = published()[0]!
  await page.goto(`/content/${first.id}`)
  await expect(page.locator('.reader-chunk[data-chunk="0"] p').first()).toBeVisible()

  // the blocks of the body, and the first plain paragraph after a few blocks
  const blocks = await page.locator('.reader-chunk > [id]').evaluateAll((elements) =>
    elements.map((element) => ({
      id: element.id,
      plain:
        element.tagName === 'P' &&
        element.querySelector('a[href], button, input, select, textarea, [tabindex]') === null &&
        (element.textContent ?? '').trim().length > 20,
      text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
    })),
  )
  const target = blocks.findIndex((block, index) => index >= 3 && block.plain)
  expect(target).toBeGreaterThan(0)
  const paragraph = blocks[target]!

  await tabToParagraphLink(page)
  const link = paragraphLink(page)
  await expect(link).toBeVisible()
  await page.keyboard.press('Home')
  await expect(link).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(blocks[0]!.text.slice(0, 20))}`))
  for (let presses = 0; presses < target; presses++) await page.keyboard.press('ArrowDown')

  // a screen reader hears which paragraph; the button sits beside it
  await expect(link).toBeFocused()
  await expect(link).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(paragraph.text.slice(0, 20))}`))
  const element = page.locator(`[id="${paragraph.id}"]`)
  await expect(element).toBeInViewport()
  const [linkBox, paragraphBox] = [await link.boundingBox(), await element.boundingBox()]
  expect(Math.abs(linkBox!.y - paragraphBox!.y)).toBeLessThan(12)
  expect(linkBox!.x).toBeLessThan(paragraphBox!.x)

  await page.keyboard.press('Enter')
  const address = `${new URL(page.url()).origin}/content/${first.id}#${paragraph.id}`
  await expect(toastWith(page, 'Link kopeeritud')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

  // one tab stop for the whole body, and Tab goes on from it
  await expect(page.locator('.reader-body button')).toHaveCount(1)
  await page.keyboard.press('Tab')
  await expect(link).not.toBeFocused()

  await page.goto('/lexicon')
  await page.goto(address)
  await expectHighlighted(page.locator(`[id="${paragraph.id}"]`))
  await expect(page.locator(`[id="${paragraph.id}"]`)).toBeInViewport()
})

test('after scrolling by keyboard, Tab reaches the link of a paragraph in view without jumping', async ({ page }) => {
  const longest = [...published()].sort((a, b) => b.content.length - a.content.length)[0]!
  await page.goto(`/content/${longest.id}`)
  await expect(page.locator('.reader-chunk[data-chunk="0"] p').first()).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  const main = page.getByRole('main')
  await expect(main).toBeFocused()
  for (let presses = 0; presses < 3; presses++) await page.keyboard.press('PageDown')
  await expect.poll(() => main.evaluate((element) => element.scrollTop)).toBeGreaterThan(500)
  // let the scroll settle
  await page.waitForTimeout(300)
  const scrolled = await main.evaluate((element) => element.scrollTop)

  await tabUntilParagraphLink(page)
  const link = paragraphLink(page)
  await expect(link).toBeInViewport()
  expect(Math.abs((await main.evaluate((element) => element.scrollTop)) - scrolled)).toBeLessThan(200)
  // and it points at a block in view
  const described = await link.evaluate((element) => {
    const [previewId] = (element.getAttribute('aria-describedby') ?? '').split(' ')
    return document.getElementById(previewId!)?.textContent ?? ''
  })
  expect(described.length).toBeGreaterThan(0)
})

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
