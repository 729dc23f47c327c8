import { expect, test } from './fixtures.ts'
import { loginAsAdmin } from './helpers.ts'

// A Pāli-looking name no other test (or run) has: the stem gets five random letters.
function uniqueStem() {
  const letters = Array.from({ length: 5 }, () => 'bcdghjklmnprstv'[Math.floor(Math.random() * 15)]).join('')
  return `dhamm${letters}`
}

test('an administrator picks a pattern and adds extra forms; the term page lists the forms', async ({ page }) => {
  await loginAsAdmin(page)
  const stem = uniqueStem()
  const term = `${stem}o`
  await page.goto('/admin/terms/new')
  await page.getByLabel('Term').fill(term)
  await page.getByRole('textbox', { name: 'Description' }).click()
  await page.keyboard.type('Õpetus')
  await page.getByRole('checkbox', { name: 'Published' }).check()

  const pattern = page.getByLabel('Käänd- või pöördtüüp')
  // The first choice names the pattern guessed from what was typed.
  await expect(pattern.locator('option').first()).toHaveText('Automaatne (a-tüvi, meessugu (dhammo))')
  await expect(pattern).toHaveValue('')
  await pattern.selectOption({ label: 'a-tüvi, meessugu (dhammo)' })
  await page.getByLabel('Erivormid').fill(`${stem}aka\n\n${stem}uka`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/lexicon$/)

  const found = (await (await page.request.get(`/api/admin/terms?search=${encodeURIComponent(term)}`)).json()) as {
    data: { id: number; pattern: string | null; extraForms: string[] }[]
  }
  const saved = found.data[0]!
  expect(saved).toMatchObject({ pattern: 'a-masc', extraForms: [`${stem}aka`, `${stem}uka`] })

  // The edit page shows what was chosen and the forms stored.
  await page.goto(`/admin/terms/edit/${saved.id}`)
  await expect(page.getByLabel('Käänd- või pöördtüüp')).toHaveValue('a-masc')
  await expect(page.getByLabel('Erivormid')).toHaveValue(`${stem}aka\n${stem}uka`)
  const stored = page.getByRole('region', { name: 'Vormid' })
  await expect(stored.getByText(`${stem}assa`, { exact: true })).toBeVisible()

  // Back to automatic, no extra forms.
  await page.getByLabel('Käänd- või pöördtüüp').selectOption('')
  await page.getByLabel('Erivormid').fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/admin\/lexicon$/)
  const again = (await (await page.request.get(`/api/terms/${saved.id}`)).json()) as {
    pattern: string | null
    extraForms: string[]
    forms: { form: string }[]
  }
  expect(again).toMatchObject({ pattern: null, extraForms: [] })
  expect(again.forms.map((row) => row.form)).not.toContain(`${stem}uka`)

  // The public page lists the forms, compact on a phone too.
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(`/term/${saved.id}`)
  const forms = page.getByRole('region', { name: 'Vormid' })
  await expect(forms).toBeVisible()
  await expect(forms.getByRole('listitem').first()).toContainText(term)
  await expect(forms.getByRole('listitem').filter({ hasText: `${stem}assa —` })).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
})
