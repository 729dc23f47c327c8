// What a reader's first screen does without is loaded when wanted (client/components/lazy-part.ts):
// the search dialog, the phone menu's sheet, the table of contents' popover, the term popup, the
// desktop panels on a phone. A dialog asked for before its code arrived opens when it has, and
// closes back to its button, as before the split.
import { expect, test } from './fixtures.ts'
import type { Page, Route } from '@playwright/test'
import { seedTinyCorpus } from './reader-seed.ts'
import type { SeededPage } from './reader-seed.ts'

const LAZY_PARTS = ['SearchDialogBody', 'PhoneMenuSheet', 'TocPopover', 'TermPopup', 'DesktopPanels', 'Toaster']
/** How long a held-back chunk waits: long enough for a test to act while it is missing. */
const HOLD_MS = 700

let pages: SeededPage[]

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  pages = (await seedTinyCorpus(testInfo.project.use.baseURL!, `Lazy reader e2e ${Date.now()}`)).pages
})

const firstPublished = () => pages.find((page) => page.published)!

/** The names of the built chunks the page asked for, e.g. 'SearchDialogBody'. */
function chunksAsked(page: Page): string[] {
  const asked: string[] = []
  page.on('request', (request) => {
    const name = /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1]
    if (name) asked.push(name)
  })
  return asked
}

/** Holds back the chunk named `name` for HOLD_MS; `arrived` resolves once it has been let through. */
async function holdChunk(page: Page, name: string): Promise<{ arrived: Promise<void> }> {
  let release!: () => void
  const arrived = new Promise<void>((resolve) => (release = resolve))
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS))
    await route.continue()
    release()
  })
  return { arrived }
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a reader page loads none of the lazy parts until they are wanted', async ({ page }) => {
    const asked = chunksAsked(page)
    // the Toaster mounts when the browser is idle: keep it from counting by looking before that
    await page.goto(`/content/${firstPublished().id}`)
    await expect(page.getByRole('button', { name: 'Otsi', exact: true })).toBeVisible()
    expect(asked.filter((name) => LAZY_PARTS.includes(name) && name !== 'Toaster')).toEqual([])

    await page.getByRole('button', { name: 'Menüü' }).click()
    await expect(page.getByRole('dialog', { name: 'Menüü' })).toBeVisible()
    expect(asked).toContain('PhoneMenuSheet')
    expect(asked).not.toContain('DesktopPanels')
  })

  test('Ctrl+K before the dialog’s code arrived opens it when it does; Escape returns to the button', async ({
    page,
  }) => {
    const { arrived } = await holdChunk(page, 'SearchDialogBody')
    await page.goto(`/content/${firstPublished().id}`)
    await page.keyboard.press('Control+k')
    const dialog = page.getByRole('dialog', { name: 'Otsing' })
    await arrived
    await expect(dialog).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Otsingusõna' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Otsi', exact: true })).toBeFocused()

    // once loaded, the shortcut opens it at once, again and again
    await page.keyboard.press('Control+k')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('the menu tapped before its code arrived opens when it does, and closes back to its button', async ({
    page,
  }) => {
    const { arrived } = await holdChunk(page, 'PhoneMenuSheet')
    await page.goto(`/content/${firstPublished().id}`)
    const button = page.getByRole('button', { name: 'Menüü' })
    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await arrived
    const menu = page.getByRole('dialog', { name: 'Menüü' })
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })
})

test('the table of contents opened before its code arrived opens by its button and closes back to it', async ({
  page,
}) => {
  const { arrived } = await holdChunk(page, 'TocPopover')
  await page.goto(`/content/${firstPublished().id}`)
  const button = page.getByRole('button', { name: 'Sisukord' })
  const buttonBox = (await button.boundingBox())!
  await button.click()
  await arrived
  const toc = page.getByRole('dialog', { name: 'Sisukord' })
  await expect(toc).toBeVisible()
  // placed by its button, below it (the button is hidden from the accessibility tree while it is open)
  const tocBox = (await toc.boundingBox())!
  expect(tocBox.y).toBeGreaterThanOrEqual(buttonBox.y + buttonBox.height)
  await page.keyboard.press('Escape')
  await expect(toc).toBeHidden()
  await expect(button).toBeFocused()
})
