// A canonical reference typed into the search ('thig13.5', 'Thig 13.5') offers the section whose
// heading names it as the first result, and Enter opens the long page there, in a chunk that was not
// loaded yet.
import { expect, test, expectHighlighted } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config.ts'
import { createBook, createChapter, ok, unique } from './helpers.ts'

const pageTitle = unique('Vanemate nunnade värsid')
const heading = 'Thig 13.5 Ambapālītherīgāthā: Ambapālī'
/** Enough blocks that the heading sits in a later reader chunk than the first. */
const PARAGRAPHS = 1500
const HEADING_AT = 1400
let pageId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const book = await createBook(api, unique('Therīgāthā'))
    const chapter = await createChapter(api, book.id, unique('Kolmeteistkümnes peatükk'))
    const blocks = Array.from({ length: PARAGRAPHS }, (_, index) => [
      ...(index === HEADING_AT ? [`<h3>${heading}</h3>`] : []),
      `<p>Lõik ${index}: värss, mis ei nimeta ühtegi viidet.</p>`,
    ]).flat()
    const saved = await ok<{ id: number }>(
      await api.post('/api/content', {
        data: { title: pageTitle, chapterId: chapter.id, content: blocks.join('\n'), published: true },
        timeout: 60_000,
      }),
    )
    pageId = saved.id
  } finally {
    await api.dispose()
  }
})

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Otsingusõna' })

test('a reference typed in any spelling offers its section first and opens the page there', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Otsi', exact: true })).toBeVisible()
  await page.keyboard.press('Control+k')
  await searchBox(page).pressSequentially('thig13.5')

  const first = page.getByRole('option').first()
  await expect(first).toContainText(pageTitle)
  await expect(first).toContainText(heading)
  // The first result is the active one: Enter opens it.
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await searchBox(page).press('Enter')

  await expect(page).toHaveURL(new RegExp(`/content/${pageId}#`))
  const target = page.getByRole('heading', { name: heading })
  await expectHighlighted(target, { timeout: 20_000 })
  await expect(target).toBeInViewport()
})
