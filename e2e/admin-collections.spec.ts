// The collections screen ('Kogud', decision 056) in a real browser, by keyboard: the seeded canon is
// listed, a collection is added (a missing name and a taken abbreviation are said at their fields in
// Estonian), it is changed and deleted with a confirmation; axe finds nothing serious.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { loginAsAdmin, rowWith, toastWith } from './helpers.ts'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** An abbreviation of letters only, unique to this run (tests share one database). */
const uniqueAbbreviation = () =>
  `Xq${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`

test('collections are listed, added, refused when taken, changed and deleted, by keyboard', async ({ page }) => {
  await loginAsAdmin(page)
  await page.getByRole('link', { name: 'Kogud' }).click()
  await expect(page).toHaveURL(/\/admin\/collections$/)
  await expect(page.getByRole('heading', { name: 'Kogud', level: 1 })).toBeVisible()
  await expect(rowWith(page, 'Linked Discourses')).toContainText('Saṁyutta Nikāya')
  await expect(rowWith(page, 'Khuddakapāṭha')).toContainText('Kp')
  expect(await seriousViolations(page)).toEqual([])

  // Open the form from the keyboard; a missing name is said at its field.
  const abbreviation = uniqueAbbreviation()
  await page.getByRole('button', { name: 'Lisa kogu' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Lisa kogu' })
  await expect(dialog.getByLabel('Lühend')).toBeFocused()
  await page.keyboard.type(abbreviation)
  await page.keyboard.press('Tab')
  await page.keyboard.type('Visuddhimagga')
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Sisesta nimi.').first()).toBeVisible()
  await expect(dialog.getByLabel('Inglise nimi')).toHaveAttribute('aria-invalid', 'true')
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByLabel('Inglise nimi').fill('The Path of Purification')
  await dialog.getByLabel('Eesti nimi').fill('Puhastumise tee')
  await dialog.getByLabel('Muud nimed').fill('Vimuttimagga')
  await dialog.getByLabel('Eesti nimi').press('Enter')
  await expect(dialog).toBeHidden()
  await expect(toastWith(page, `Kogu „${abbreviation}“ on lisatud.`)).toBeVisible()
  const row = rowWith(page, abbreviation)
  await expect(row).toContainText('Puhastumise tee')
  await expect(row).toContainText('Vimuttimagga')

  // The same abbreviation in another case: the server's 409, said at the field in Estonian.
  await page.getByRole('button', { name: 'Lisa kogu' }).click()
  const again = page.getByRole('dialog', { name: 'Lisa kogu' })
  await again.getByLabel('Lühend').fill(abbreviation.toUpperCase())
  await again.getByLabel('Paali nimi').fill('Visuddhimagga')
  await again.getByLabel('Inglise nimi').fill('The Path')
  await again.getByLabel('Eesti nimi').fill('Tee')
  await again.getByRole('button', { name: 'Salvesta' }).click()
  await expect(again.getByText('Selle lühendiga kogu on juba olemas', { exact: false })).toBeVisible()
  await expect(again.getByLabel('Lühend')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(again).toBeHidden()

  // Change it: the edit button names its row for screen readers.
  await row.getByRole('button', { name: new RegExp(`^Muuda\\s*: ${abbreviation}$`) }).click()
  const edit = page.getByRole('dialog', { name: 'Muuda kogu' })
  await expect(edit.getByLabel('Eesti nimi')).toHaveValue('Puhastumise tee')
  await edit.getByLabel('Eesti nimi').fill('Puhastuse tee')
  await edit.getByLabel('Kuulub kogusse').selectOption({ label: 'KN — Khuddaka Nikāya' })
  await edit.getByRole('button', { name: 'Salvesta' }).click()
  await expect(edit).toBeHidden()
  await expect(row).toContainText('Puhastuse tee')
  await expect(row).toContainText('KN')

  // Delete, after a confirmation.
  await row.getByRole('button', { name: new RegExp(`^Kustuta\\s*: ${abbreviation}$`) }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toContainText('Seda ei saa tagasi võtta.')
  await confirm.getByRole('button', { name: 'Kustuta' }).click()
  await expect(toastWith(page, 'Kogu on kustutatud.')).toBeVisible()
  await expect(rowWith(page, abbreviation)).toHaveCount(0)
})
