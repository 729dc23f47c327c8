// Previous and next page (issue 16, Navigating): in the title bar, already in the page's HTML, and at
// the page's end once all of it is loaded; following one stays in the app (no full page load).
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { seedTinyCorpus, type SeededPage } from './reader-seed.ts'
import { unique } from './helpers.ts'

let published: SeededPage[]

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const seeded = await seedTinyCorpus(testInfo.project.use.baseURL!, unique('Pager book'))
  // The seed's pages in the side tree's order: chapters and pages as they were made.
  published = seeded.pages.filter((page) => page.published)
})

test('the title bar links the previous and next page before any script runs', async ({ browser, baseURL }) => {
  expect(published.length).toBeGreaterThanOrEqual(3)
  const [before, here, after] = published
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL! })
  const page = await context.newPage()
  await page.goto(`/content/${here!.id}`)
  const pager = page.getByRole('navigation', { name: 'Eelmine ja järgmine lehekülg', exact: true })
  await expect(pager.getByRole('link', { name: `Eelmine lehekülg: ${before!.title}` })).toHaveAttribute(
    'href',
    `/content/${before!.id}`,
  )
  await expect(pager.getByRole('link', { name: `Järgmine lehekülg: ${after!.title}` })).toHaveText('Järgmine ›')
  // Small text, but targets a finger can hit (WCAG 2.2 target size, which Lighthouse checks); axe
  // needs scripts, so here the boxes are measured
  for (const link of await pager.getByRole('link').all()) {
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24)
  }
  await context.close()
})

test("the title bar's links are targets a finger can hit once the app has taken over", async ({ page }) => {
  const [, here] = published
  await page.goto(`/content/${here!.id}`)
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' }).first()).toBeAttached()
  const targets = await new AxeBuilder({ page }).withRules(['target-size']).include('.reader-title-bar').analyze()
  expect(targets.violations).toEqual([])
})

test('at the end of a page the next page opens in the app, and its title bar leads back', async ({ page }) => {
  const [before, here, after] = published
  await page.goto(`/content/${here!.id}`)
  await expect(page.locator('.reader-controls [role="status"]')).toHaveText(/Kogu sisu laetud/)
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  const end = page.getByRole('navigation', { name: 'Lehe lõpp: eelmine ja järgmine lehekülg' })
  await expect(end.getByRole('link', { name: `Eelmine lehekülg: ${before!.title}` })).toBeVisible()
  await end.getByRole('link', { name: `Järgmine lehekülg: ${after!.title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/content/${after!.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: after!.title })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)

  const titleBar = page.getByRole('navigation', { name: 'Eelmine ja järgmine lehekülg', exact: true })
  await titleBar.getByRole('link', { name: `Eelmine lehekülg: ${here!.title}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: here!.title })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
})
