import { expect, test } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { createBook, expectToast, loginAsAdmin, rowWith, unique } from './helpers.ts'

/** A PNG of the given size, drawn by the browser itself. */
async function pngOfSize(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = h
      const context = canvas.getContext('2d')!
      context.fillStyle = '#b45309'
      context.fillRect(0, 0, w, h)
      return canvas.toDataURL('image/png').split(',')[1]!
    },
    [width, height] as const,
  )
  return Buffer.from(base64, 'base64')
}

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page)
})

test('an administrator adds a book with a cover, edits it and deletes it', async ({ page }) => {
  const title = unique('Majjhima Nikāya')
  const renamed = `${title} (uus)`
  await page.goto('/admin/books')
  await expect(page.getByRole('heading', { name: 'Raamatud' })).toBeVisible()
  for (const column of ['Pealkiri', 'Kirjeldus', 'Järjekord', 'Tegevused']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  }

  await page.getByRole('button', { name: 'Lisa raamat' }).click()
  const addDialog = page.getByRole('dialog', { name: 'Lisa raamat' })
  await expect(addDialog).toBeVisible()
  await expect(addDialog.getByLabel('Pealkiri')).toBeFocused()
  await addDialog.getByLabel('Pealkiri').fill(title)
  await addDialog.getByLabel('Kirjeldus').fill('Keskmise pikkusega kõned')
  await addDialog.getByLabel('Järjekord').fill('7')
  await addDialog.getByLabel('Kaanepilt').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await pngOfSize(page, 1600, 1200),
  })
  const preview = addDialog.getByRole('img', { name: 'Kaanepildi eelvaade' })
  await expect(preview).toBeVisible()
  await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/)
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([800, 600])
  await addDialog.getByRole('button', { name: 'Salvesta' }).click()

  await expectToast(page, 'Success', 'Book created successfully')
  await expect(addDialog).toBeHidden()
  const row = rowWith(page, title)
  await expect(row).toContainText('Keskmise pikkusega kõned')
  await expect(row.getByRole('cell').nth(2)).toHaveText('7')

  // The list names the cover's own address; the picture itself is the JPEG the browser made.
  const saved = (await (await page.request.get('/api/books')).json()) as { title: string; coverUrl: string | null }[]
  const coverUrl = saved.find((book) => book.title === title)?.coverUrl
  expect(coverUrl).toMatch(/^\/api\/books\/\d+\/cover\?v=[0-9a-f]{16}$/)
  const cover = await page.request.get(coverUrl!)
  expect(cover.headers()['content-type']).toBe('image/jpeg')
  expect((await cover.body()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))

  await row.getByRole('button', { name: /Muuda/ }).click()
  const editDialog = page.getByRole('dialog', { name: 'Muuda raamatut' })
  await expect(editDialog.getByLabel('Pealkiri')).toHaveValue(title)
  await expect(editDialog.getByRole('img', { name: 'Kaanepildi eelvaade' })).toBeVisible()
  await editDialog.getByRole('button', { name: 'Eemalda kaanepilt' }).click()
  await expect(editDialog.getByRole('img', { name: 'Kaanepildi eelvaade' })).toBeHidden()
  await editDialog.getByLabel('Pealkiri').fill(renamed)
  await editDialog.getByRole('button', { name: 'Salvesta' }).click()
  await expectToast(page, 'Success', 'Book updated successfully')
  await expect(editDialog).toBeHidden()
  await expect(rowWith(page, renamed)).toBeVisible()

  await rowWith(page, renamed)
    .getByRole('button', { name: /Kustuta/ })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Kustuta raamat' })
  await expect(confirm).toContainText('Seda ei saa tagasi võtta')
  await expect(confirm.getByRole('button', { name: 'Tühista' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Kustuta' }).click()
  await expectToast(page, 'Success', 'Book deleted successfully')
  await expect(rowWith(page, renamed)).toHaveCount(0)
})

test('cancelling the delete confirmation keeps the book and returns focus', async ({ page }) => {
  const book = await createBook(page.request, unique('Dīgha Nikāya'))
  await page.goto('/admin/books')
  const deleteButton = rowWith(page, book.title).getByRole('button', { name: /Kustuta/ })
  await deleteButton.click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await expect(deleteButton).toBeFocused()
  await expect(rowWith(page, book.title)).toBeVisible()
})

test('the book form asks for a title and refuses unusable cover images', async ({ page }) => {
  await page.goto('/admin/books')
  await page.getByRole('button', { name: 'Lisa raamat' }).click()
  const dialog = page.getByRole('dialog', { name: 'Lisa raamat' })
  await dialog.getByRole('button', { name: 'Salvesta' }).click()
  await expect(dialog.getByText('Title is required')).toBeVisible()

  const cover = dialog.getByLabel('Kaanepilt')
  await cover.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024) })
  await expect(dialog.getByText('File size should be less than 10MB')).toBeVisible()
  await cover.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') })
  await expect(dialog.getByText('Failed to process the image')).toBeVisible()
  await expect(dialog.getByRole('img')).toHaveCount(0)
})

test("a book's title leads to its chapters", async ({ page }) => {
  const book = await createBook(page.request, unique('Saṃyutta Nikāya'))
  await page.goto('/admin/books')
  await page.getByRole('link', { name: book.title }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters$`))
  await expect(page.getByRole('heading', { name: 'Chapters' })).toBeVisible()
})

test('the books list fits a phone: the table scrolls, the page does not', async ({ page }) => {
  await createBook(page.request, unique('Aṅguttara Nikāya, a long title that needs room on a small screen'))
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/books')
  await expect(page.getByRole('table')).toBeVisible()
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(390)
  await expect(page.getByRole('button', { name: 'Lisa raamat' })).toBeInViewport()
})
