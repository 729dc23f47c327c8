// A page's history in a real browser: the editor's "Ajalugu" opens the versions, two are compared
// (inline and side by side, words marked with <ins>/<del>), an earlier version is restored behind a
// confirmation, and the reader shows the restored text.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, expectToast, loginAsAdmin, ok, unique } from './helpers.ts'

async function seriousViolations(page: Page, selector: string) {
  return (await new AxeBuilder({ page }).include(selector).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id)
}

test('history → compare → restore → the reader shows the restored text', async ({ page }) => {
  await loginAsAdmin(page)
  const title = unique('Ajalooga leht')
  const book = await createBook(page.request, unique('Raamat'))
  const chapter = await createChapter(page.request, book.id, unique('Peatükk'))
  const created = await ok<{ id: number }>(
    await page.request.post('/api/content', {
      data: {
        title,
        chapterId: chapter.id,
        published: true,
        content: '<p>Algne lõik räägib lootosest.</p>\n<p>Teine lõik jääb samaks.</p>',
      },
    }),
  )
  await ok(
    await page.request.put(`/api/content/${created.id}`, {
      data: {
        title,
        chapterId: chapter.id,
        published: true,
        content: '<p>Muudetud lõik räägib veest.</p>\n<p>Teine lõik jääb samaks.</p>\n<p>Lisatud kolmas lõik.</p>',
      },
    }),
  )

  await page.goto(`/admin/content/edit/${created.id}`)
  await page.getByRole('link', { name: 'Ajalugu' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/content/history/${created.id}$`))
  const versions = page.getByRole('table', { name: 'Lehe versioonid' })
  await expect(versions.getByRole('row')).toHaveCount(3) // the header, the current version, one earlier
  const current = versions.getByRole('row').filter({ hasText: 'praegune' })
  await expect(current).toContainText('v2')
  await expect(current).toContainText('+1 lõiku, −0, 1 muudetud')
  await expect(current).toContainText('e2e-admin')
  expect(await seriousViolations(page, 'main')).toEqual([])

  // the newest earlier version against the current text is chosen already
  await expect(page.getByRole('radio', { name: 'Vali versioon 1 vanemaks' })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Vali versioon 2 uuemaks' })).toBeChecked()
  await page.getByRole('button', { name: 'Võrdle' }).click()
  const comparison = page.getByRole('region', { name: /Versioon v1 ↔ praegune \(v2\)/ })
  await expect(comparison).toBeVisible()
  await expect(comparison.getByRole('status')).toHaveText('1 lõiku muudetud, 1 lisatud, 0 eemaldatud, 1 samad')
  await expect(comparison.locator('del').filter({ hasText: 'lootosest' })).toBeVisible()
  await expect(comparison.locator('ins').filter({ hasText: 'veest' })).toBeVisible()
  await expect(comparison.locator('ins').filter({ hasText: 'Lisatud kolmas lõik.' })).toBeVisible()
  await expect(page).toHaveURL(/from=\d+&to=current/)

  const sideBySide = comparison.getByRole('button', { name: 'Kõrvuti' })
  await sideBySide.click()
  await expect(sideBySide).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/view=side/)
  await expect(comparison.locator('del').filter({ hasText: 'lootosest' })).toBeVisible()
  expect(await seriousViolations(page, 'main')).toEqual([])

  // restore version 1: asked first, then a toast, and the history has a new current version
  await versions
    .getByRole('row')
    .filter({ hasText: 'v1' })
    .getByRole('button', { name: /Taasta see versioon/ })
    .click()
  const dialog = page.getByRole('alertdialog', { name: 'Taastada versioon 1?' })
  await expect(dialog).toContainText('Praegune tekst jääb ajalukku alles.')
  expect(await seriousViolations(page, '[role="alertdialog"]')).toEqual([])
  await dialog.getByRole('button', { name: 'Taasta see versioon' }).click()
  await expectToast(page, 'Success', 'Versioon 1 on taastatud.')
  await expect(dialog).toBeHidden()
  await expect(versions.getByRole('row')).toHaveCount(4)
  await expect(versions.getByRole('row').filter({ hasText: 'praegune' })).toContainText('v3')

  await page.goto(`/content/${created.id}`)
  const article = page.getByRole('main')
  await expect(article.getByRole('paragraph').filter({ hasText: 'Algne lõik räägib lootosest.' })).toBeVisible()
  await expect(article.getByText('Muudetud lõik räägib veest.')).toHaveCount(0)
})

test('the audit log shows what an edit of a term changed, before and after', async ({ page }) => {
  await loginAsAdmin(page)
  const term = unique('vedanā')
  const created = await ok<{ id: number }>(
    await page.request.post('/api/terms', { data: { term, description: '<p>Vana seletus</p>', published: true } }),
  )
  await ok(
    await page.request.put(`/api/terms/${created.id}`, {
      data: { term, description: '<p>Uus seletus</p>', published: true },
    }),
  )
  await page.goto('/admin/audit')
  const row = page.getByRole('row').filter({ hasText: 'update term' }).filter({ hasText: term })
  await expect(row).toContainText('description: „<p>Vana seletus</p>“ → „<p>Uus seletus</p>“')
  expect(await seriousViolations(page, 'main')).toEqual([])
})
