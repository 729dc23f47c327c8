import { expect, test } from './fixtures.ts'
import { createBook, createChapter, expectToast, loginAsAdmin, rowWith, toasts, unique } from './helpers.ts'

test.beforeEach(async ({ page }) => {
  await loginAsAdmin(page)
})

test('missing books and chapters, and ids that are not numbers, are named as such', async ({ page }) => {
  for (const path of ['/admin/books/999999/chapters', '/admin/books/abc/chapters', '/admin/books/1.5/chapters/new']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Book not found' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Back to Books/ })).toBeVisible()
  }
  for (const path of ['/admin/books/1/chapters/999999/content', '/admin/books/1/chapters/abc/content']) {
    await page.goto(path)
    await expect(page.getByText('Invalid chapter ID or chapter not found')).toBeVisible()
  }
})

test('an administrator adds, edits and deletes chapters of a book', async ({ page }) => {
  const book = await createBook(page.request, unique('Sutta Nipāta'))
  const title = unique('Uraga Vagga')
  await page.goto(`/admin/books/${book.id}/chapters`)
  await expect(page.getByRole('heading', { name: 'Chapters' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(book.title)
  await expect(page.getByText('This book has no chapters yet.')).toBeVisible()
  for (const column of ['Title', 'Description', 'Order', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  }

  // Add through the new-chapter form.
  await page.getByRole('link', { name: 'Add Chapter' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters/new$`))
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Description').fill('The snake chapter')
  await page.getByLabel('Order').fill('2')
  await page.getByRole('button', { name: 'Create Chapter' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters$`))
  await expect(rowWith(page, title)).toContainText('The snake chapter')

  // Edit in the row's dialog.
  await rowWith(page, title).getByRole('button', { name: /Edit/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Chapter' })
  await expect(dialog.getByLabel('Title')).toHaveValue(title)
  await dialog.getByLabel('Description').fill('The chapter of the snake')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Success', 'Chapter updated successfully')
  await expect(dialog).toBeHidden()
  await expect(rowWith(page, title)).toContainText('The chapter of the snake')

  // Edit through the edit form page.
  const chapters = (await (await page.request.get(`/api/chapters/list/${book.id}`)).json()) as { id: number }[]
  const chapterId = chapters[0]!.id
  await page.goto(`/admin/books/${book.id}/chapters/${chapterId}/edit`)
  await expect(page.getByRole('heading', { name: 'Edit Chapter' })).toBeVisible()
  await page.getByLabel('Order').fill('5')
  await page.getByRole('button', { name: 'Save' }).click()
  await expectToast(page, 'Success', 'Chapter updated successfully')
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters$`))
  await expect(rowWith(page, title).getByRole('cell').nth(2)).toHaveText('5')

  // Delete, after the warning about its pages.
  await rowWith(page, title)
    .getByRole('button', { name: /Delete/ })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Chapter' })
  await expect(confirm).toContainText('all of its content pages')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Success', 'Chapter deleted successfully')
  await expect(rowWith(page, title)).toHaveCount(0)

  await page.getByRole('link', { name: /Back to Books/ }).click()
  await expect(page).toHaveURL(/\/admin\/books$/)
})

test('Reprocess All Headers asks first, then shows the server’s answer', async ({ page }) => {
  const book = await createBook(page.request, unique('Khuddaka Nikāya'))
  await page.goto(`/admin/books/${book.id}/chapters`)
  await page.getByRole('button', { name: 'Reprocess All Headers' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Reprocess All Headers' })
  await expect(confirm).toContainText('all headings in all content across the whole site')
  await expect(confirm).toContainText('may take some time')
  await confirm.getByRole('button', { name: 'Reprocess' }).click()
  await expect(confirm).toBeHidden()
  // Success carries the server's message; a failure its error field (both are toasts).
  const toast = toasts(page)
  await expect(toast).toContainText(/^(Success|Error)\S/)
})

test('Reprocess All Headers shows the server’s error field, or a default text', async ({ page }) => {
  const book = await createBook(page.request, unique('Vinaya'))
  await page.route('**/api/admin/reprocess-headers', (route) =>
    route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Already running' }) }),
  )
  await page.goto(`/admin/books/${book.id}/chapters`)
  await page.getByRole('button', { name: 'Reprocess All Headers' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reprocess' }).click()
  await expectToast(page, 'Error', 'Already running')

  await page.unroute('**/api/admin/reprocess-headers')
  // A run answered at once, then seen finished without a message: the default text.
  const job = { id: 1, total: 2, done: 0, failedIds: [], startedBy: 'admin', startedAt: new Date().toISOString() }
  await page.route('**/api/admin/reprocess-headers', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 202,
          contentType: 'application/json',
          body: JSON.stringify({
            message: 'Reprocessing started',
            job: { ...job, state: 'running', message: null, finishedAt: null },
          }),
        })
      : route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({
            job: { ...job, done: 2, state: 'finished', message: null, finishedAt: job.startedAt },
          }),
        }),
  )
  await page.getByRole('button', { name: 'Reprocess All Headers' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reprocess' }).click()
  await expectToast(page, 'Success', 'Headers reprocessed successfully')
})

test('the pages list shows a chapter’s pages, opens them and deletes one', async ({ page }) => {
  const book = await createBook(page.request, unique('Theragāthā'))
  const chapter = await createChapter(page.request, book.id, unique('Ekaka Nipāta'))
  const pageTitle = unique('Subhūti')
  const draftTitle = unique('Mahākoṭṭhita')
  for (const [title, published, order] of [
    [pageTitle, true, 1],
    [draftTitle, false, 2],
  ] as const) {
    const response = await page.request.post('/api/content', {
      data: { title, content: `<p>${title}</p>`, linksContent: '', chapterId: chapter.id, order, published },
    })
    expect(response.ok(), `POST /api/content answered ${response.status()}: ${await response.text()}`).toBe(true)
  }

  await page.goto(`/admin/books/${book.id}/chapters`)
  await page.getByRole('link', { name: chapter.title }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters/${chapter.id}/content$`))
  await expect(page.getByRole('heading', { name: 'Pages' })).toBeVisible()
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(breadcrumb).toContainText(book.title)
  await expect(breadcrumb).toContainText(chapter.title)
  for (const column of ['Title', 'Order', 'Published', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
  }
  await expect(rowWith(page, pageTitle).getByRole('cell').nth(2)).toHaveText('Yes')
  await expect(rowWith(page, draftTitle).getByRole('cell').nth(2)).toHaveText('No')

  const view = rowWith(page, pageTitle).getByRole('link', { name: /View/ })
  await expect(view).toHaveAttribute('target', '_blank')
  await expect(view).toHaveAttribute('rel', /noopener/)
  await expect(view).toHaveAttribute('href', /^\/content\/\d+$/)
  await expect(rowWith(page, pageTitle).getByRole('link', { name: /Edit/ })).toHaveAttribute(
    'href',
    /^\/admin\/content\/edit\/\d+$/,
  )
  await expect(page.getByRole('link', { name: 'Add Content' })).toHaveAttribute(
    'href',
    `/admin/content/new?chapterId=${chapter.id}`,
  )

  await rowWith(page, draftTitle)
    .getByRole('button', { name: /Delete/ })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Content' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Success', 'Content deleted successfully')
  await expect(rowWith(page, draftTitle)).toHaveCount(0)
  await expect(rowWith(page, pageTitle)).toBeVisible()

  await page.getByRole('link', { name: /Back to Chapters/ }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters$`))
})

test('an empty chapter says it has no pages', async ({ page }) => {
  const book = await createBook(page.request, unique('Therīgāthā'))
  const chapter = await createChapter(page.request, book.id, unique('Ekaka Nipāta'))
  await page.goto(`/admin/books/${book.id}/chapters/${chapter.id}/content`)
  await expect(page.getByText('This chapter has no pages yet.')).toBeVisible()
})
