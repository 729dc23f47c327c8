import { expect, test } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { expectToast, loginAsAdmin, rowWith, unique } from './helpers.ts'
import { sampleTerm, tinyLexiconFile } from './reader-seed.ts'

// The sample lexicon: generated, or with CORPUS_DIR set the real tiny/lexicon.csv, read where it is.
const LEXICON_CSV = tinyLexiconFile()

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page)
})

async function searchTerms(page: Page, text: string) {
  await page.getByLabel('Otsi termineid').fill(text)
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`))
}

test('an administrator imports the sample lexicon from CSV', async ({ page }) => {
  await page.goto('/admin/lexicon')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import CSV' })
  const file = dialog.getByLabel('CSV file')

  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(dialog.getByText('Please upload a CSV file')).toBeVisible()

  await file.setInputFiles(LEXICON_CSV)
  await expect(dialog.getByText('Please upload a CSV file')).toBeHidden()
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  // Other tests on this shared server may have imported the same lexicon first: then its 50 rows
  // are updates rather than new terms. Either way all 50 arrive and none is rejected.
  const summary = dialog.getByText(/^Created: \d+\. Updated: \d+\. Rejected: 0\.$/)
  await expect(summary).toBeVisible()
  const [, created, updated] = /Created: (\d+)\. Updated: (\d+)\./.exec((await summary.textContent()) ?? '')!
  expect(Number(created) + Number(updated)).toBe(50)
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(dialog).toBeHidden()

  await searchTerms(page, sampleTerm())
  await expect(rowWith(page, sampleTerm()).first()).toBeVisible()
})

test('an import reports rejected rows by line, and updates terms that exist', async ({ page }) => {
  const term = unique('kamma')
  const csv = `term,description,published\n${term},<p>Action</p>,yes\n,<p>no term</p>,no\n${term} again,,yes\n`
  await page.goto('/admin/lexicon')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import CSV' })
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(dialog.getByText('Created: 1. Updated: 0. Rejected: 2.')).toBeVisible()
  await expect(dialog.getByRole('listitem').filter({ hasText: /^Line 3: / })).toBeVisible()
  await expect(dialog.getByRole('listitem').filter({ hasText: /^Line 4: / })).toBeVisible()

  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(dialog.getByText('Created: 0. Updated: 1. Rejected: 2.')).toBeVisible()
})

test('an administrator adds a term with the rich-text editor, edits it and deletes it', async ({ page }) => {
  const term = unique('anattā')
  await page.goto('/admin/lexicon')
  await page.getByRole('link', { name: 'Add term' }).click()
  await expect(page).toHaveURL(/\/admin\/terms\/new$/)

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Term is required')).toBeVisible()
  await expect(page.getByText('Description is required')).toBeVisible()

  await page.getByLabel('Term').fill(term)
  const description = page.getByRole('textbox', { name: 'Description' })
  await description.click()
  await page.keyboard.press('Enter') // empty paragraphs are still empty
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Description is required')).toBeVisible()

  await description.click()
  await page.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type('Not-self')
  await page.getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type(', one of the three marks.')
  await expect(page.getByRole('checkbox', { name: 'Published' })).not.toBeChecked()
  await page.getByRole('checkbox', { name: 'Published' }).check()
  await page.getByRole('button', { name: 'Save' }).click()

  await expectToast(page, 'Success', 'Term created successfully')
  await expect(page).toHaveURL(/\/admin\/lexicon$/)
  await searchTerms(page, term)
  const row = rowWith(page, term)
  await expect(row).toContainText('Avaldatud')

  await row.getByRole('link', { name: /Muuda/ }).click()
  await expect(page).toHaveURL(/\/admin\/terms\/edit\/\d+$/)
  await expect(page.getByLabel('Term')).toHaveValue(term)
  await expect(description.locator('strong')).toHaveText('Not-self')
  await page.getByRole('checkbox', { name: 'Published' }).uncheck()
  await description.click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Anattā.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Success', 'Term updated successfully')

  await searchTerms(page, term)
  await expect(rowWith(page, term)).toContainText('Avaldamata')
  const saved = (await (await page.request.get(`/api/admin/terms?search=${encodeURIComponent(term)}`)).json()) as {
    data: { description: string }[]
  }
  expect(saved.data[0]?.description).toContain('<strong>Not-self</strong>')
  expect(saved.data[0]?.description).toContain('Anattā.')

  await rowWith(page, term)
    .getByRole('button', { name: /Kustuta/ })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Kustuta' }).click()
  await expectToast(page, 'Success', 'Term deleted successfully')
  await expect(page.getByText(`No terms found matching "${term}"`)).toBeVisible()
})

test('a duplicate term shows the server’s message', async ({ page }) => {
  const term = unique('dukkha')
  const response = await page.request.post('/api/terms', {
    data: { term, description: '<p>Suffering</p>', published: true },
  })
  expect(response.ok()).toBe(true)
  await page.goto('/admin/terms/new')
  await page.getByLabel('Term').fill(term)
  await page.getByRole('textbox', { name: 'Description' }).click()
  await page.keyboard.type('Again')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Error', 'A term with this name already exists')
  await expect(page).toHaveURL(/\/admin\/terms\/new$/)
})

test('the lexicon list pages through terms 20 at a time', async ({ page }) => {
  // Enough terms for two pages, whatever other tests left behind (a re-import only updates).
  const response = await page.request.post('/api/terms/import', {
    multipart: { file: LEXICON_CSV },
  })
  expect(response.ok()).toBe(true)
  await page.goto('/admin/lexicon')
  await expect(page.getByRole('row')).toHaveCount(21) // the header and 20 terms
  await expect(page.getByText(/^Lehekülg 1 \/ \d+$/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Eelmine' })).toBeDisabled()
  await page.getByRole('button', { name: 'Järgmine' }).click()
  await expect(page.getByText(/^Lehekülg 2 \/ \d+$/)).toBeVisible()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByRole('button', { name: 'Eelmine' })).toBeEnabled()
})

test('a missing term says so', async ({ page }) => {
  await page.goto('/admin/terms/edit/999999')
  await expect(page.getByRole('heading', { name: 'Term not found' })).toBeVisible()
})
