// The search page (/otsing?q=…): from the dialog's "all results" link to every result in pages, a
// book filter, Back through the pages and filters, a deep link opened cold, the empty, no-result
// and past-the-end states, and axe.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

/** A word no other spec writes: letters only (digits would match as whole numbers). */
const word = `lehtotsing${String(Date.now())
  .slice(-7)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`
const IN_FIRST_BOOK = 30
const IN_SECOND_BOOK = 12
const TOTAL = IN_FIRST_BOOK + IN_SECOND_BOOK
let firstBook: { id: number; title: string }
let secondBook: { id: number; title: string }

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    firstBook = await createBook(api, unique('Otsingulehe raamat'))
    secondBook = await createBook(api, unique('Teine otsingulehe raamat'))
    for (const [book, count] of [
      [firstBook, IN_FIRST_BOOK],
      [secondBook, IN_SECOND_BOOK],
    ] as const) {
      const chapter = await createChapter(api, book.id, unique('Peatükk'))
      for (let i = 1; i <= count; i++) {
        await ok(
          await api.post('/api/content', {
            data: {
              title: `${book.title} leht ${i}`,
              chapterId: chapter.id,
              content: `<p>Lõik, mis nimetab sõna ${word} üks kord (${i}).</p>`,
              published: true,
            },
          }),
        )
      }
    }
  } finally {
    await api.dispose()
  }
})

const results = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link') })
const countHeading = (page: Page) => page.getByRole('heading', { level: 2 }).first()

async function seriousViolations(page: Page) {
  const found = await new AxeBuilder({ page }).analyze()
  return found.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    )
}

test('from the dialog to all results, page 2, a book filter, and Back the same way', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Otsi', exact: true })).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Otsingusõna' }).pressSequentially(word)
  await expect(page.getByRole('option')).toHaveCount(30)
  const allLink = page.getByRole('link', { name: `Kõik tulemused (${TOTAL}) ›` })
  await allLink.click()

  await expect(page).toHaveURL(`/otsing?q=${word}`)
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page).toHaveTitle(`Otsing: ${word} · Õpetuste entsüklopeedia`)
  await expect(countHeading(page)).toHaveText(`${TOTAL} tulemust`)
  await expect(page.getByText(`Tulemused 1–20, lehekülg 1 / 3`)).toBeVisible()
  await expect(results(page)).toHaveCount(20)
  await expect(page.getByRole('searchbox', { name: 'Otsingusõna' })).toHaveValue(word)
  await expect(results(page).first().locator('mark')).toHaveText(word)

  const pager = page.getByRole('navigation', { name: 'Tulemuste leheküljed' })
  await pager.getByRole('link', { name: 'Järgmine lehekülg' }).click()
  await expect(page).toHaveURL(`/otsing?q=${word}&page=2`)
  await expect(page.getByText('Tulemused 21–40, lehekülg 2 / 3')).toBeVisible()
  await expect(countHeading(page)).toBeFocused()
  const secondPageFirst = await results(page).first().textContent()

  // Only the second book: the filter goes into the address and starts again at page 1.
  await page.getByRole('button', { name: /^Raamatud/ }).click()
  await page.getByRole('checkbox', { name: firstBook.title }).click()
  await expect(page).toHaveURL(/[?&]books=/)
  expect(new URL(page.url()).searchParams.get('page')).toBeNull()
  await expect(countHeading(page)).toHaveText(`${IN_SECOND_BOOK} tulemust`)
  await expect(results(page)).toHaveCount(IN_SECOND_BOOK)
  for (const text of await results(page).allTextContents()) expect(text).toContain(secondBook.title)
  await expect(pager).toBeHidden()

  await page.goBack()
  await expect(page).toHaveURL(`/otsing?q=${word}&page=2`)
  await expect(page.getByText('Tulemused 21–40, lehekülg 2 / 3')).toBeVisible()
  await expect(results(page).first()).toHaveText(secondPageFirst!)
  await expect(page.getByRole('checkbox', { name: firstBook.title })).toBeChecked()
  await page.goBack()
  await expect(page).toHaveURL(`/otsing?q=${word}`)
  await expect(page.getByText('Tulemused 1–20, lehekülg 1 / 3')).toBeVisible()

  // A new query from the page's own box is a new address too.
  const box = page.getByRole('searchbox', { name: 'Otsingusõna' })
  await box.fill(`${word} kord`)
  await box.press('Enter')
  await expect(page).toHaveURL(`/otsing?q=${word}+kord`)
  await expect(countHeading(page)).toHaveText(`${TOTAL} tulemust`)
  await page.goBack()
  await expect(box).toHaveValue(word)

  // A result opens its page.
  await results(page).first().getByRole('link').click()
  await expect(page).toHaveURL(/\/content\/\d+/)
})

test('a deep link opened cold shows its page of results; the HTML is named and not indexed', async ({ page }) => {
  const html = await page.request.get(`/otsing?q=${word}&page=3`)
  const text = await html.text()
  expect(text).toContain('<title>Otsing · Õpetuste entsüklopeedia</title>')
  expect(text).toContain('<meta name="robots" content="noindex" />')

  await page.goto(`/otsing?q=${word}&page=3`)
  await expect(page.getByText(`Tulemused 41–${TOTAL}, lehekülg 3 / 3`)).toBeVisible()
  await expect(results(page)).toHaveCount(TOTAL - 40)
  const pager = page.getByRole('navigation', { name: 'Tulemuste leheküljed' })
  await expect(pager.getByRole('link', { name: 'Järgmine lehekülg' })).toHaveCount(0)
  await pager.getByRole('link', { name: 'Eelmine lehekülg' }).click()
  await expect(page).toHaveURL(`/otsing?q=${word}&page=2`)
  await expect(results(page)).toHaveCount(20)
})

test('empty, no results, past the last page, and a failed search', async ({ page }) => {
  await page.goto('/otsing')
  await expect(page.getByText('Sisesta otsingusõna ja vajuta „Otsi“.')).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Otsingusõna' })).toBeFocused()
  await expect(page).toHaveTitle('Otsing · Õpetuste entsüklopeedia')

  await page.goto('/otsing?q=qzxvbnmwq+jjxqz')
  await expect(countHeading(page)).toHaveText('Tulemusi ei leitud')
  await expect(results(page)).toHaveCount(0)

  await page.goto(`/otsing?q=${word}&page=50`)
  await expect(page.getByText('Sellel leheküljel tulemusi pole.')).toBeVisible()
  await page.getByRole('link', { name: 'Esimesele leheküljele' }).click()
  await expect(page).toHaveURL(`/otsing?q=${word}`)
  await expect(results(page)).toHaveCount(20)

  // No book chosen: nothing is asked.
  await page.goto(`/otsing?q=${word}&books=`)
  await expect(page.getByText('Vali vähemalt üks raamat.')).toBeVisible()

  await page.route('**/api/search?**', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }))
  await page.goto(`/otsing?q=${word}+loik`)
  await expect(page.getByRole('alert')).toContainText('Otsing ebaõnnestus')
  await page.unroute('**/api/search?**')
  await page.getByRole('button', { name: 'Proovi uuesti' }).click()
  await expect(countHeading(page)).toHaveText(`${TOTAL} tulemust`)
})

test('the search page has no serious accessibility violations', async ({ page }) => {
  await page.goto(`/otsing?q=${word}`)
  await expect(results(page)).toHaveCount(20)
  await page.getByRole('button', { name: /^Raamatud/ }).click()
  await expect(page.getByRole('checkbox', { name: firstBook.title })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.goto('/otsing')
  expect(await seriousViolations(page)).toEqual([])
})
