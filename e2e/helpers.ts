// Shared steps of the admin browser tests: logging in, unique names, and a few API shortcuts for
// arranging data (the screen under test is always driven through the page).
import { expect } from '@playwright/test'
import type { APIRequestContext, APIResponse, Locator, Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config.ts'

/** Logs in through the login form, as an administrator would; the page keeps the session cookie. */
/**
 * The tag of a browser test of the 9 MB page that costs half a minute or more: `npm test` leaves
 * these out (playwright.config.ts) to stay within its time; `npm run test:large` and CI run them.
 */
export const LARGE = { tag: '@large' }

export async function loginAsAdmin(page: Page) {
  await page.goto('/auth')
  await page.getByLabel('Kasutajanimi').fill(E2E_ADMIN.username)
  await page.getByLabel('Parool').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Logi sisse' }).click()
  await expect(page).toHaveURL(/\/admin\/books$/)
}

/** Tests share one server and database: every name a test creates carries this suffix. */
export function unique(name: string) {
  return `${name} ${Date.now()}-${Math.floor(Math.random() * 1000)}`
}

/** The toasts: list items in the notifications region (Radix Toast). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Teated/ }).getByRole('listitem')
}

/** The toast that carries `text`. */
export function toastWith(page: Page, text: string): Locator {
  return toasts(page).filter({ hasText: text })
}

export async function expectToast(page: Page, title: string, description: string) {
  const toast = toastWith(page, description)
  await expect(toast).toBeVisible()
  await expect(toast).toContainText(title)
}

/** The table row that contains `text`. */
export function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text })
}

/** The JSON of a successful answer; a failed one fails the test with what the server said. */
export async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}
const created = ok

export async function createBook(request: APIRequestContext, title: string, order = 0) {
  return created<{ id: number; title: string }>(
    await request.post('/api/books', { data: { title, description: `About ${title}`, order } }),
  )
}

export async function createChapter(request: APIRequestContext, bookId: number, title: string, order = 0) {
  return created<{ id: number; title: string }>(
    await request.post('/api/chapters', { data: { title, description: `About ${title}`, bookId, order } }),
  )
}

/** Creates a published term, or finds it when an earlier run of the same server made it. */
export async function ensureTerm(api: APIRequestContext, name: string) {
  const answer = await api.post('/api/terms', {
    data: { term: name, description: `<p>The entry of ${name}.</p>`, published: true },
  })
  if (answer.ok()) return ((await answer.json()) as { id: number }).id
  const found = await ok<{ data: Array<{ id: number; term: string }> }>(
    await api.get(`/api/admin/terms?${new URLSearchParams({ search: name, page: '1', limit: '20' })}`),
  )
  const same = found.data.find((row) => row.term === name)
  expect(same, `${name}: ${answer.status()} ${await answer.text()}`).toBeTruthy()
  return same!.id
}
