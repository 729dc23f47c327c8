// The reader on the tiny corpus: the side panel's tree, the title bar, the table of contents'
// omissions, term popups, paragraph links, the print view and the phone menu.
import { expect, test, expectHighlighted } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { tocHeadings } from '#shared/text/toc-filter.ts'
import { seedTinyCorpus } from './reader-seed.ts'
import type { SeededPage } from './reader-seed.ts'

const bookTitle = `Tiny reader e2e ${Date.now()}`
let pages: SeededPage[]
let terms: Map<string, { id: number; published: boolean }>

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const seeded = await seedTinyCorpus(testInfo.project.use.baseURL!, bookTitle)
  pages = seeded.pages
  terms = seeded.terms
})

const published = () => pages.filter((page) => page.published)
const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Raamatud ja peatükid' })

interface Header {
  text: string
  level: number
  id: string
}

async function headersOf(page: Page, id: number): Promise<Header[]> {
  return ((await (await page.request.get(`/api/content/${id}`)).json()) as { headers: Header[] }).headers
}

test('the side panel shows the tree with the current page marked, and opens other pages', async ({ page }) => {
  const [first, second] = published()
  await page.goto(`/content/${first!.id}`)
  const panel = sidePanel(page)
  await expect(panel.getByRole('button', { name: bookTitle })).toHaveAttribute('aria-expanded', 'true')
  const current = panel.getByRole('link', { name: first!.title })
  await expect(current).toHaveAttribute('aria-current', 'page')
  await expect(current).toBeInViewport()
  await expect(panel.getByRole('link', { name: 'Leksikon' })).toHaveAttribute('href', '/lexicon')
  // no donation address is configured in the test server
  await expect(panel.getByRole('link', { name: /Toeta meid/ })).toHaveCount(0)

  await panel.getByRole('link', { name: second!.title }).click()
  await expect(page).toHaveURL(new RegExp(`/content/${second!.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: second!.title })).toBeVisible()
  await expect(panel.getByRole('link', { name: second!.title })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('.reader-controls [role="status"]')).toHaveText('Kogu sisu laetud (1 osa)')
})

test('the side panel is resizable and keeps its width', async ({ page }) => {
  await page.goto(`/content/${published()[0]!.id}`)
  const panel = sidePanel(page)
  const before = (await panel.boundingBox())!.width
  const viewport = page.viewportSize()!.width
  expect(before / viewport).toBeGreaterThan(0.22)
  expect(before / viewport).toBeLessThan(0.28)
  const separator = page.getByRole('separator', { name: 'Muuda külgpaneeli laiust' })
  await separator.focus()
  for (let step = 0; step < 30; step++) await page.keyboard.press('ArrowRight')
  const widened = (await panel.boundingBox())!.width
  expect(widened).toBeGreaterThan(before)
  expect(widened / viewport).toBeLessThanOrEqual(0.41)
  await page.waitForTimeout(300)
  await page.reload()
  await expect.poll(async () => Math.round((await sidePanel(page).boundingBox())!.width)).toBe(Math.round(widened))
  for (let step = 0; step < 60; step++) await page.keyboard.press('ArrowLeft')
})

test('the table of contents leaves out structural and long headings and jumps to a heading', async ({ page }) => {
  // the first page starts with the basket and collection headings; another has headings over 80 characters
  let withLong: SeededPage | undefined
  for (const candidate of published()) {
    if ((await headersOf(page, candidate.id)).some((header) => header.text.length > 80)) withLong = candidate
  }
  expect(withLong).toBeDefined()
  for (const [target, omitted] of [
    [published()[0]!, ['II. Sutta Piṭaka', 'Majjhima Nikāya']],
    [withLong!, (await headersOf(page, withLong!.id)).filter((h) => h.text.length > 80).map((h) => h.text)],
  ] as const) {
    const headers = await headersOf(page, target.id)
    await page.goto(`/content/${target.id}`)
    await page.getByRole('button', { name: 'Sisukord' }).click()
    const toc = page.getByRole('dialog', { name: 'Sisukord' })
    await expect(toc.getByRole('link')).toHaveText(tocHeadings(headers).map((header) => header.text))
    for (const text of omitted) await expect(toc.getByRole('link', { name: text, exact: true })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(toc).toBeHidden()
    await expect(page.getByRole('button', { name: 'Sisukord' })).toBeFocused()
  }

  await page.getByRole('button', { name: 'Sisukord' }).click()
  await page.getByRole('dialog', { name: 'Sisukord' }).getByRole('link', { name: 'Pali text', exact: true }).click()
  await expect(page).toHaveURL(/#pali-text$/)
  await expectHighlighted(page.locator('#pali-text'))
  await expect(page.locator('#pali-text')).toBeInViewport()
})

test('a term link opens a popup with the term instead of leaving the page', async ({ page }) => {
  const first = published()[0]!
  await page.goto(`/content/${first.id}`)
  const links = page.locator('.reader-chunk a[href^="/term/"]')
  await expect(links.first()).toBeAttached()
  // a link to a published term
  const termName = [...terms.entries()].find(
    ([name, term]) => term.published && first.content.includes(`data-term="${name}"`),
  )![0]
  const link = page.locator(`.reader-chunk a[data-term="${termName}"]`).first()
  await expect(link).toHaveAttribute('href', `/term/${terms.get(termName)!.id}`)
  await link.scrollIntoViewIfNeeded()
  await link.click()
  const popup = page.getByRole('dialog', { name: termName })
  await expect(popup).toBeVisible()
  await expect(popup.locator('.reader-prose')).not.toBeEmpty()
  await expect(page).toHaveURL(new RegExp(`/content/${first.id}$`))
  await page.keyboard.press('Escape')
  await expect(popup).toBeHidden()
  await expect(link).toBeFocused()

  // the term's own page, and a missing one
  await page.goto(`/term/${terms.get(termName)!.id}`)
  await expect(page.getByRole('heading', { level: 1, name: termName })).toBeVisible()
  await page.goto('/term/99999999')
  await expect(page.getByRole('heading', { name: 'Term not found' })).toBeVisible()
})

test('the title bar hides while scrolling down and returns when scrolling up', async ({ page }) => {
  const longest = [...published()].sort((a, b) => b.content.length - a.content.length)[0]!
  await page.goto(`/content/${longest.id}`)
  const bar = page.getByRole('group', { name: 'Lehe tööriistad' })
  await expect(bar).toHaveAttribute('data-visible', 'true')
  const main = page.getByRole('main')
  await main.evaluate((element) => element.scrollTo(0, 600))
  await expect(bar).toHaveAttribute('data-visible', 'false')
  await main.evaluate((element) => element.scrollTo(0, 500))
  await expect(bar).toHaveAttribute('data-visible', 'true')
  await main.evaluate((element) => element.scrollTo(0, 900))
  await expect(bar).toHaveAttribute('data-visible', 'false')
  await main.evaluate((element) => element.scrollTo(0, 20))
  await expect(bar).toHaveAttribute('data-visible', 'true')
})

test('a paragraph link is copied and opening it lands on that paragraph', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const first = published()[0]!
  await page.goto(`/content/${first.id}`)
  const paragraph = page.locator('.reader-chunk > p[id]').nth(3)
  await paragraph.hover()
  const blockId = await paragraph.getAttribute('id')
  // the one paragraph link of the body comes beside the paragraph under the pointer
  const link = page.locator('.reader-body').getByRole('button', { name: 'Kopeeri lõigu link' })
  await expect(link).toBeVisible()
  await expect
    .poll(async () => Math.abs((await link.boundingBox())!.y - (await paragraph.boundingBox())!.y))
    .toBeLessThan(12)
  await link.click()
  const address = `${new URL(page.url()).origin}/content/${first.id}#${blockId}`
  await expect(page.getByRole('region', { name: /Teated/ }).getByText('Link kopeeritud')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

  await page.goto('/lexicon')
  await page.goto(address)
  await expectHighlighted(page.locator(`[id="${blockId}"]`))
  await expect(page.locator(`[id="${blockId}"]`)).toBeInViewport()
})

test('the PDF button opens a print view with the title, contents, body and notes, and prints', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    window.print = () => {
      document.documentElement.dataset.printed = 'yes'
    }
  })
  const first = published()[0]!
  await page.goto(`/content/${first.id}`)
  const popupPromise = page.waitForEvent('popup')
  await page.getByRole('link', { name: 'PDF: ava prinditav vaade' }).click()
  const popup = await popupPromise
  await expect(popup).toHaveURL(new RegExp(`/content/${first.id}\\?print=1$`))
  await expect(popup.getByRole('heading', { level: 1, name: first.title, exact: true })).toBeVisible()
  await expect(
    popup.getByRole('navigation', { name: 'Sisukord' }).getByRole('link', { name: 'Translation' }),
  ).toBeVisible()
  await expect(popup.locator('.print-body #pali-text')).toBeAttached()
  await expect(popup.getByRole('region', { name: 'Viited ja märkused' })).toContainText('Sources and references')
  await expect(popup.locator('html')).toHaveAttribute('data-printed', 'yes')
  // no header or side panel, and the toolbar is not printed
  await expect(popup.locator('.site-header')).toHaveCount(0)
  await popup.emulateMedia({ media: 'print' })
  await expect(popup.getByRole('button', { name: 'Prindi' })).toBeHidden()
  const font = await popup
    .locator('.print-body p')
    .first()
    .evaluate((element) => getComputedStyle(element).fontFamily)
  expect(font).toMatch(/serif/i)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a slide-in menu replaces the side panel', async ({ page }) => {
    const [first, second] = published()
    await page.goto(`/content/${first!.id}`)
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible()
    await expect(sidePanel(page)).toHaveCount(0)
    await page.getByRole('button', { name: 'Menüü' }).click()
    const menu = page.getByRole('dialog', { name: 'Menüü' })
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: first!.title })).toHaveAttribute('aria-current', 'page')
    await expect(menu.getByRole('link', { name: 'Leksikon' })).toBeVisible()
    await menu.getByRole('link', { name: second!.title }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`/content/${second!.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: second!.title })).toBeVisible()
  })
})
