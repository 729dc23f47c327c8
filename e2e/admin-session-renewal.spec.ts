// A session that ends while an editor saves a long page: the save stops at the chunk the server
// refused, 'Seanss on aegunud' asks for the password (the user's name shown), and after logging in
// the same chunk goes again and the save completes with the text as typed. Cancel keeps the editor
// as it was, with a message, and the next Save asks again.
import AxeBuilder from '@axe-core/playwright'
import { request as playwrightRequest } from '@playwright/test'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { E2E_ADMIN } from '../playwright.config.ts'
import { loginAsAdmin, toastWith } from './helpers.ts'

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`
const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Content' })

/** A page long enough for three upload chunks (51,200 characters each). */
async function makeLongPage(page: Page, name: string) {
  const book = await page.request.post('/api/books', { data: { title: `Book ${name}`, description: null, order: 0 } })
  const bookId = ((await book.json()) as { id: number }).id
  const chapter = await page.request.post('/api/chapters', {
    data: { title: `Chapter ${name}`, description: null, bookId, order: 0 },
  })
  const chapterId = ((await chapter.json()) as { id: number }).id
  const paragraphs = Array.from(
    { length: 1600 },
    (_, i) => `<p>Lõik ${i + 1}: nii olen ma kuulnud, et kord viibis Õnnis Sāvatthīs.</p>`,
  )
  const content = paragraphs.join('\n')
  expect(content.length).toBeGreaterThan(2 * 51_200)
  const created = await page.request.post('/api/content', {
    data: { title: `Long ${name}`, chapterId, content, order: 0, published: false },
    timeout: 60_000,
  })
  expect(created.status()).toBe(201)
  return { id: ((await created.json()) as { id: number }).id }
}

/** Ends the browser's session on the server, as an expiry or a logout elsewhere would. */
async function endSessionOf(page: Page, baseURL: string) {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'session')
  expect(session).toBeDefined()
  const elsewhere = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `session=${session!.value}` },
  })
  expect((await elsewhere.post('/api/logout')).status()).toBe(200)
  await elsewhere.dispose()
}

/** Ends the session just before the editor's second chunk reaches the server (once). */
async function endSessionMidSave(page: Page, baseURL: string) {
  const sent: number[] = []
  let ended = false
  await page.route('**/api/content/chunk', async (route) => {
    const { chunkIndex } = route.request().postDataJSON() as { chunkIndex: number }
    sent.push(chunkIndex)
    if (chunkIndex === 1 && !ended) {
      ended = true
      await endSessionOf(page, baseURL)
    }
    await route.continue()
  })
  return sent
}

async function appendToEditor(page: Page, text: string) {
  await contentEditor(page).getByText('Lõik 1600:').click()
  await page.keyboard.press('End')
  await page.keyboard.type(text)
}

test('a save whose session ends half-way asks for the password and completes', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  await loginAsAdmin(page)
  const { id } = await makeLongPage(page, unique())
  await page.goto(`/admin/content/edit/${id}`)
  await expect(contentEditor(page)).toContainText('Lõik 1600:')
  const added = ` Lisatud pärast seansi lõppu ${unique()}.`
  await appendToEditor(page, added)

  const sent = await endSessionMidSave(page, baseURL!)
  await page.getByRole('button', { name: 'Save' }).click()

  const dialog = page.getByRole('dialog', { name: 'Seanss on aegunud' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`Kasutajanimi: ${E2E_ADMIN.username}`)
  await expect(dialog.getByLabel('Parool')).toBeFocused()
  expect(
    (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([])

  // A wrong password is said in the dialog, which stays.
  await dialog.getByLabel('Parool').fill('not the password')
  await dialog.getByRole('button', { name: 'Logi sisse' }).click()
  await expect(dialog.getByText('Parool ei sobi')).toBeVisible()

  await dialog.getByLabel('Parool').fill(E2E_ADMIN.password)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  // (the 'logged in again' toast gives way to the save's own at once: one toast at a time)
  await expect(page).toHaveURL(/\/content$/)
  await expect(page.getByText('Content saved successfully', { exact: true })).toBeVisible()
  // The refused chunk went again; nothing before it was sent twice.
  const total = Math.max(...sent) + 1
  expect(total).toBeGreaterThanOrEqual(3)
  expect(sent).toEqual([0, 1, ...Array.from({ length: total - 1 }, (_, i) => i + 1)])

  const saved = (await (await page.request.get(`/api/content/${id}`)).json()) as { content: string }
  expect(saved.content).toContain(`Lõik 1600: nii olen ma kuulnud, et kord viibis Õnnis Sāvatthīs.${added}`)
  expect(saved.content).toContain('Lõik 1:')
})

test('cancelling keeps the editor as it was; the next save asks again', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  await loginAsAdmin(page)
  const { id } = await makeLongPage(page, unique())
  await page.goto(`/admin/content/edit/${id}`)
  await expect(contentEditor(page)).toContainText('Lõik 1600:')
  const added = ` Ei tohi kaduda ${unique()}.`
  await appendToEditor(page, added)

  await endSessionOf(page, baseURL!)
  await page.getByRole('button', { name: 'Save' }).click()
  const dialog = page.getByRole('dialog', { name: 'Seanss on aegunud' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Tühista' }).click()
  await expect(dialog).toBeHidden()
  const notice = page.getByRole('status').filter({ hasText: 'Seanss on aegunud.' })
  await expect(notice).toContainText('Muudatused on ekraanil alles, kuid salvestamata.')
  await expect(toastWith(page, 'Authentication required')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/content/edit/${id}$`))
  await expect(contentEditor(page)).toContainText(added.trim())

  // Saving again asks again (so does the notice's button).
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Parool').fill(E2E_ADMIN.password)
  await dialog.getByRole('button', { name: 'Logi sisse' }).click()
  await expect(page).toHaveURL(/\/content$/)
  await expect(notice).toBeHidden()
  const saved = (await (await page.request.get(`/api/content/${id}`)).json()) as { content: string }
  expect(saved.content).toContain(added)
})
