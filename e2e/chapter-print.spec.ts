// Printing a whole chapter (issue 16, Offline and export): the chapter page's link opens a print view
// of every published page of the chapter in order, each in full (a long page's later chunks too) with
// its notes; the pages' repeated ids (every page has its `_ftn1`) are kept apart, so a note's link
// leads to its own page's note; then the print dialog opens once.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

let chapterId: number
const pages: { id: number; title: string }[] = []

const withNote = (title: string, paragraphs: number) =>
  [
    `<h2>${title}: algus</h2>`,
    `<p>${title}: esimene lõik viitega<a href="#_ftn1" id="_ftnref1">[1]</a>.</p>`,
    ...Array.from({ length: paragraphs }, (_, i) => `<p>${title}: lõik ${i}.</p>`),
    `<p>${title}: viimane lõik.</p>`,
    '<hr>',
    `<p id="_ftn1"><a href="#_ftnref1">[1]</a> ${title}: märkus.</p>`,
  ].join('\n')

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const book = await createBook(api, unique('Prinditav raamat'))
    chapterId = (await createChapter(api, book.id, unique('Prinditav peatükk'))).id
    // The second page is long enough for several reader chunks; the draft is left out.
    for (const [title, paragraphs, published, order] of [
      ['Esimene leht', 3, true, 1],
      ['Teine leht', 1500, true, 2],
      ['Mustand', 1, false, 3],
    ] as const) {
      const saved = await ok<{ id: number }>(
        await api.post('/api/content', {
          data: { title, chapterId, content: withNote(title, paragraphs), published, order },
          timeout: 60_000,
        }),
      )
      if (published) pages.push({ id: saved.id, title })
    }
  } finally {
    await api.dispose()
  }
})

test('a whole chapter prints: every page in full, each note linked to its own page', async ({ page, context }) => {
  await context.addInitScript(() => {
    window.print = () => {
      document.documentElement.dataset.printed = String(Number(document.documentElement.dataset.printed ?? 0) + 1)
    }
  })
  await page.goto(`/chapter/${chapterId}`)
  const popupPromise = page.waitForEvent('popup')
  await page.getByRole('link', { name: 'Prindi kogu peatükk (PDF)' }).click()
  const popup = await popupPromise
  await expect(popup).toHaveURL(`/chapter/${chapterId}?print=1`)

  await expect(popup.getByRole('status')).toHaveText('Prindivaade on valmis.', { timeout: 30_000 })
  await expect(popup.locator('html')).toHaveAttribute('data-printed', '1')
  await expect(popup.locator('.site-header')).toHaveCount(0)
  const contents = popup.getByRole('navigation', { name: 'Sisukord' })
  await expect(contents.getByRole('link')).toHaveText(pages.map((p) => p.title))
  await expect(popup.getByRole('heading', { level: 2 }).filter({ hasText: /leht$/ })).toHaveText(
    pages.map((p) => p.title),
  )
  await expect(popup.getByText('Mustand')).toHaveCount(0)
  // The long page is there to its end, with its notes.
  await expect(popup.getByText('Teine leht: viimane lõik.')).toBeAttached()
  await expect(popup.getByText('Teine leht: märkus.')).toBeAttached()

  // Ids are unique in the document, and the second page's note link leads to the second page's note.
  const duplicates = await popup.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    return ids.filter((id, index) => ids.indexOf(id) !== index)
  })
  expect(duplicates).toEqual([])
  const second = popup.getByRole('region', { name: 'Teine leht' })
  await second.getByRole('link', { name: '[1]' }).first().click()
  await expect(popup.getByText('Teine leht: märkus.')).toBeInViewport()
  await contents.getByRole('link', { name: 'Esimene leht' }).click()
  await expect(popup.getByRole('heading', { level: 2, name: 'Esimene leht', exact: true })).toBeInViewport()

  const results = await new AxeBuilder({ page: popup }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
})

test('a chapter without published pages says so in the print view', async ({ page, playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  let emptyId: number
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const book = await createBook(api, unique('Tühi prinditav raamat'))
    emptyId = (await createChapter(api, book.id, unique('Tühi peatükk'))).id
  } finally {
    await api.dispose()
  }
  await page.goto(`/chapter/${emptyId}?print=1`)
  await expect(page.getByText('Selles peatükis pole veel avaldatud lehekülgi.')).toBeVisible()
})
