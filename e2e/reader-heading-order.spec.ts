// axe's heading-order rule on the reader: the page's title is an h1 and the text's own headings,
// whose tags skip levels (h1 → h3, h2 → h4 …), must be heard without a skipped level — on a page of
// three chunks made to skip at their boundaries, and on the 9 MB page, first view and fully loaded.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { adminApi, seedKhuddaka, type SeededPage } from './reader-seed.ts'
import { LARGE, unique } from './helpers.ts'

test.describe.configure({ timeout: 240_000 })
// DOM snapshots of a 9 MB page would make the trace, not the reader, the slow part
test.use({ trace: 'off' })

/** Tags by block: the reader's chunks (600 blocks) meet between blocks 599|600 and 1199|1200. */
const SKIPPING = new Map<number, string>([
  [5, '<h3>Esimene osa</h3>'],
  [599, '<h4>Enne piiri</h4>'],
  [600, '<h5>Pärast piiri</h5>'],
  [601, '<h3>Teine osa</h3>'],
  [1200, '<div><h4>Sees</h4><p>lõik</p><h6>Sügaval</h6></div>'],
])

let skipping: { id: number }
let khuddaka: SeededPage

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  test.setTimeout(180_000)
  const baseURL = testInfo.project.use.baseURL!
  const api = await adminApi(baseURL)
  try {
    const book = await (await api.post('/api/books', { data: { title: unique('Headings book'), order: 0 } })).json()
    const chapter = await (
      await api.post('/api/chapters', { data: { title: unique('Headings'), bookId: book.id, order: 0 } })
    ).json()
    const content = Array.from({ length: 1400 }, (_, i) => SKIPPING.get(i) ?? `<p>Lõik ${i}.</p>`).join('\n')
    const saved = await api.post('/api/content', {
      data: { title: unique('Pealkirjad'), chapterId: chapter.id, content, published: true, order: 0 },
    })
    expect(saved.ok(), await saved.text()).toBe(true)
    skipping = (await saved.json()) as { id: number }
  } finally {
    await api.dispose()
  }
  khuddaka = await seedKhuddaka(baseURL, `Headings e2e ${Date.now()}`)
})

const status = (page: Page) => page.locator('.reader-controls [role="status"]')

/** The level Chromium's accessibility tree gives the heading named `name`. */
async function browserHeadingLevel(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{
        role?: { value?: unknown }
        name?: { value?: unknown }
        properties?: Array<{ name: string; value: { value?: unknown } }>
      }>
    }
    const heading = nodes.find((node) => node.role?.value === 'heading' && node.name?.value === name)
    return heading?.properties?.find((property) => property.name === 'level')?.value.value
  } finally {
    await cdp.detach()
  }
}

async function headingOrderViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze()
  return results.violations.flatMap((violation) => violation.nodes.map((node) => node.html.slice(0, 80)))
}

async function loadEverything(page: Page, id: number) {
  await page.goto(`/content/${id}`)
  await expect(page.locator('.reader-chunk[data-chunk="0"] p').first()).toBeVisible()
  // Scrolling the button into view may read the rest by itself (a short page), and the button goes
  // away with the last chunk: a click that finds it gone has nothing left to do.
  const loadAll = page.getByRole('button', { name: 'Lae kogu sisu' })
  await loadAll.click({ timeout: 10_000 }).catch(async (failure: unknown) => {
    if ((await loadAll.count()) > 0) throw failure
  })
  await expect(status(page)).toHaveText(/^Kogu sisu laetud/, { timeout: 150_000 })
  await expect(page.locator('.reader-gap')).toHaveCount(0)
}

test('headings that skip across chunk boundaries are heard without a skipped level', async ({ page }) => {
  await loadEverything(page, skipping.id)
  await expect(page.locator('.reader-chunk')).toHaveCount(3)
  // The tags stay as written (the page looks the same); the outline is in aria-level.
  await expect(page.locator('.reader-chunk h5')).toHaveAttribute('aria-level', '4')
  // What the browser tells assistive technology (Playwright's own role queries read the tag instead).
  expect(await browserHeadingLevel(page, 'Pärast piiri')).toBe(4)
  expect(await browserHeadingLevel(page, 'Sügaval')).toBe(4)
  expect(await headingOrderViolations(page)).toEqual([])
})

test('the 9 MB page has no heading-order violation, first view and fully loaded', LARGE, async ({ page }) => {
  await page.goto(`/content/${khuddaka.id}`)
  await expect(page.locator('.reader-chunk[data-chunk="1"]')).toBeAttached()
  expect(await headingOrderViolations(page)).toEqual([])
  await loadEverything(page, khuddaka.id)
  expect(await headingOrderViolations(page)).toEqual([])
})
