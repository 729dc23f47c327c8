// The admin screens' footer names the version of the server that answers them (GET /api/health).
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { loginAsAdmin } from './helpers.ts'

const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }

test('the admin footer names the running version, readable as the rest of the screen', async ({ page }) => {
  await loginAsAdmin(page)
  await page.goto('/admin/books')
  const footer = page.getByRole('contentinfo')
  await expect(footer).toHaveText(`Versioon ${version}`)
  const results = await new AxeBuilder({ page }).include('footer').analyze()
  expect(results.violations.map((violation) => violation.id)).toEqual([])
})
