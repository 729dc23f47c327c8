// Book and chapter pages (issue 16, Navigating): the side tree links a book's and a chapter's own
// page, and shows no chapter without published pages; the book page lists the chapters to read, the
// chapter page its pages.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

const bookTitle = unique('Raamatulehe raamat')
let bookId: number
let pageId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const book = await ok<{ id: number }>(
      await api.post('/api/books', {
        data: { title: bookTitle, description: 'Raamatu tutvustus.\nTeine rida.', order: 0 },
      }),
    )
    bookId = book.id
    const chapter = async (title: string, order: number) =>
      ok<{ id: number }>(
        await api.post('/api/chapters', { data: { title, description: `${title}: tutvustus`, bookId, order } }),
      )
    const read = await chapter('Loetav peatükk', 1)
    const drafts = await chapter('Ainult mustandid', 2)
    await chapter('Tühi peatükk', 3)
    const page = async (chapterId: number, title: string, published: boolean) =>
      ok<{ id: number }>(
        await api.post('/api/content', { data: { title, chapterId, content: `<p>${title}: tekst.</p>`, published } }),
      )
    pageId = (await page(read.id, 'Avaldatud lehekülg', true)).id
    await page(drafts.id, 'Mustandlehekülg', false)
  } finally {
    await api.dispose()
  }
})

test('the side tree leads to the book and chapter pages, and from there to the page', async ({ page }) => {
  await page.goto('/')
  const tree = page.getByRole('complementary', { name: 'Raamatud ja peatükid' })
  await tree.getByRole('button', { name: bookTitle }).click()
  await expect(tree.getByRole('button', { name: 'Loetav peatükk' })).toBeVisible()
  await expect(tree.getByRole('button', { name: 'Ainult mustandid' })).toHaveCount(0)
  await expect(tree.getByRole('button', { name: 'Tühi peatükk' })).toHaveCount(0)

  await tree.getByRole('link', { name: 'Raamatust' }).click()
  await expect(page).toHaveURL(`/book/${bookId}`)
  await expect(page.getByRole('heading', { level: 1, name: bookTitle })).toBeVisible()
  await expect(page.getByText('Raamatu tutvustus.')).toBeVisible()
  const chapters = page.getByRole('main').getByRole('listitem')
  await expect(chapters).toHaveCount(1)
  await expect(chapters).toHaveText(/Loetav peatükk\s*1 lk/)
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  await page
    .getByRole('main')
    .getByRole('link', { name: /Loetav peatükk/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Loetav peatükk' })).toBeVisible()
  await expect(page.getByText('Loetav peatükk: tutvustus')).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Asukoht' }).getByRole('link', { name: bookTitle }),
  ).toHaveAttribute('href', `/book/${bookId}`)
  await page.getByRole('main').getByRole('link', { name: 'Avaldatud lehekülg' }).click()
  await expect(page).toHaveURL(`/content/${pageId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Avaldatud lehekülg' })).toBeVisible()
})

test('a missing book or chapter says so', async ({ page }) => {
  await page.goto('/book/999999')
  await expect(page.getByRole('heading', { level: 1, name: 'Raamatut ei leitud' })).toBeVisible()
  await page.goto('/chapter/999999')
  await expect(page.getByRole('heading', { level: 1, name: 'Peatükki ei leitud' })).toBeVisible()
})
