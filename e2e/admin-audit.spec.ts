import { expect, test } from './fixtures.ts'
import { createBook, loginAsAdmin, unique } from './helpers.ts'

test('the audit log shows who changed what, newest first', async ({ page }) => {
  await loginAsAdmin(page)
  const title = unique('Audited book')
  await createBook(page.request, title)
  await page.goto('/admin/audit')
  await expect(page.getByRole('heading', { name: 'Muudatuste logi' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('create book')
  await expect(row).toContainText('e2e-admin')
  await page.getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/\/admin\/audit$/)
})
