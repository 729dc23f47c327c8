// The trash screen ('Prügikast', decision 043) in a real browser: a deleted book is listed with when,
// by whom and until when; restoring it (after a confirmation, by keyboard) brings its page back to
// readers; purging one entry and emptying the whole trash ask first and leave the empty state.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { E2E_ADMIN } from '../playwright.config.ts'
import { createBook, createChapter, loginAsAdmin, ok, rowWith, toastWith, unique } from './helpers.ts'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** A book with one chapter and one published page, made over the API with the page's session. */
async function bookWithPage(page: Page, title: string) {
  const book = await createBook(page.request, title)
  const chapter = await createChapter(page.request, book.id, `${title}: peatükk`)
  const content = await ok<{ id: number }>(
    await page.request.post('/api/content', {
      data: { title: `${title}: leht`, chapterId: chapter.id, content: '<p>Prügikasti tekst.</p>', published: true },
    }),
  )
  return { book, chapter, content }
}

test('a deleted book is listed, restored whole, and the trash is purged and emptied', async ({ page }) => {
  await loginAsAdmin(page)
  const title = unique('Prügiraamat')
  const { book, content } = await bookWithPage(page, title)
  expect((await page.request.delete(`/api/books/${book.id}`)).status()).toBe(204)
  expect((await page.request.get(`/api/content/${content.id}`)).status()).toBe(404)

  await page.getByRole('navigation', { name: 'Halduse menüü' }).getByRole('link', { name: 'Prügikast' }).click()
  await expect(page).toHaveURL(/\/admin\/trash$/)
  await expect(page.getByRole('heading', { name: 'Prügikast', level: 1 })).toBeVisible()
  const row = rowWith(page, title)
  await expect(row).toContainText('Raamat')
  await expect(row).toContainText('1 peatükki, 1 lehte')
  await expect(row).toContainText(E2E_ADMIN.username)
  // Purged 30 days after it was deleted.
  const [deletedAt, purgeAfter] = await row
    .locator('time')
    .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute('datetime') ?? '')))
  expect(purgeAfter! - deletedAt!).toBe(30 * 24 * 60 * 60 * 1000)
  expect(await seriousViolations(page)).toEqual([])

  // Restore by keyboard: the confirmation opens with "Tühista" focused, so Enter alone changes nothing.
  await row.getByRole('button', { name: `Taasta: ${title}` }).focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('alertdialog', { name: 'Taasta prügikastist' })
  await expect(confirm).toContainText(`Raamat „${title}“ pannakse tagasi oma kohale`)
  await expect(confirm.getByRole('button', { name: 'Tühista' })).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Tab')
  await expect(confirm.getByRole('button', { name: 'Taasta' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(toastWith(page, `„${title}“ on taastatud.`)).toBeVisible()
  await expect(row).toHaveCount(0)
  // Back for readers, with its chapter and page.
  expect((await page.request.get(`/api/content/${content.id}`)).status()).toBe(200)
  await page.getByRole('navigation', { name: 'Halduse menüü' }).getByRole('link', { name: 'Books' }).click()
  await expect(rowWith(page, title)).toBeVisible()

  // Purging one asks first; it is then gone for good.
  expect((await page.request.delete(`/api/content/${content.id}`)).status()).toBe(204)
  await page.goto('/admin/trash')
  const pageRow = rowWith(page, `${title}: leht`)
  await expect(pageRow).toContainText('Leht')
  await expect(pageRow).toContainText(`peatükist „${title}: peatükk“`)
  await pageRow.getByRole('button', { name: `Kustuta lõplikult: ${title}: leht` }).click()
  const purge = page.getByRole('alertdialog', { name: 'Kustuta lõplikult' })
  await expect(purge).toContainText('Seda ei saa tagasi võtta.')
  await purge.getByRole('button', { name: 'Kustuta lõplikult' }).click()
  await expect(toastWith(page, `„${title}: leht“ on lõplikult kustutatud.`)).toBeVisible()
  await expect(pageRow).toHaveCount(0)

  // Emptying the trash purges everything in it and leaves the empty state.
  expect((await page.request.delete(`/api/books/${book.id}`)).status()).toBe(204)
  await page.goto('/admin/trash')
  await expect(rowWith(page, title)).toBeVisible()
  await page.getByRole('button', { name: 'Tühjenda prügikast' }).click()
  const empty = page.getByRole('alertdialog', { name: 'Tühjenda prügikast' })
  await expect(empty).toContainText('kustutatakse lõplikult')
  await empty.getByRole('button', { name: 'Tühjenda prügikast' }).click()
  await expect(toastWith(page, 'Prügikast on tühjendatud.')).toBeVisible()
  await expect(page.getByText('Prügikast on tühi.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Tühjenda prügikast' })).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
})
