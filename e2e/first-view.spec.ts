// What a visitor's first view costs: no request answers with an error status (GET /api/user, whose
// 401 means nobody is logged in, is not asked without the signed-in hint cookie, decision 047),
// nothing is logged as an error, and the list of books carries no picture bytes, only each cover's
// own address, which a browser may keep for a year.
import { expect, test } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { adminApi } from './reader-seed.ts'
import { unique } from './helpers.ts'

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

let pageId: number

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const api = await adminApi(testInfo.project.use.baseURL!)
  try {
    const book = await (await api.post('/api/books', { data: { title: unique('First view'), coverImage: PNG } })).json()
    const chapter = await (await api.post('/api/chapters', { data: { title: 'Peatükk', bookId: book.id } })).json()
    const page = await api.post('/api/content', {
      data: {
        title: 'Esimene vaade',
        chapterId: chapter.id,
        content: '<h2>Pealkiri</h2><p>Esimene lõik.</p>',
        published: true,
      },
    })
    expect(page.ok()).toBe(true)
    pageId = ((await page.json()) as { id: number }).id
  } finally {
    await api.dispose()
  }
})

/** Every answer with an error status, and every console error, while `visit` runs. */
async function failuresDuring(page: Page, visit: () => Promise<void>) {
  const failures: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`)
  })
  await visit()
  return failures
}

test('a visitor’s page views make no request that answers an error status', async ({ page }) => {
  const userAsked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userAsked.push(request.url())
  })
  // 'Logi sisse' shows once the header knows nobody is logged in (without asking the server).
  const answered = async () => {
    await expect(page.getByRole('link', { name: 'Logi sisse' })).toBeVisible()
  }
  const failures = await failuresDuring(page, async () => {
    await page.goto('/')
    await answered()
    await page.goto(`/content/${pageId}`)
    await expect(page.getByText('Esimene lõik.')).toBeVisible()
    await answered()
    await page.goto('/lexicon')
    await answered()
    await page.waitForLoadState('networkidle')
  })
  expect(failures).toEqual([])
  expect(userAsked).toEqual([])
})

test('a stale signed-in hint costs one 401, whose answer clears it', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'signed_in', value: '1', url: baseURL! }])
  const userAnswers: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/user') userAnswers.push(response.status())
  })
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Logi sisse' })).toBeVisible()
  await expect.poll(() => userAnswers).toEqual([401])
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('signed_in')
  await page.goto('/lexicon')
  await expect(page.getByRole('link', { name: 'Logi sisse' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(userAnswers).toEqual([401])
})

test('the list of books carries cover addresses, not pictures; a cover is kept for a year', async ({ request }) => {
  const answer = await request.get('/api/books')
  const text = await answer.text()
  expect(text).not.toMatch(/data:image|base64/)
  const books = JSON.parse(text) as { coverUrl: string | null; coverImage: string | null }[]
  // coverImage (the spec's field) is the same address as coverUrl in a list.
  for (const book of books) expect(book.coverImage).toBe(book.coverUrl)
  const coverUrl = books.map((book) => book.coverUrl).find((url) => url !== null)
  expect(coverUrl).toMatch(/^\/api\/books\/\d+\/cover\?v=[0-9a-f]{16}$/)
  const cover = await request.get(coverUrl!)
  expect(cover.status()).toBe(200)
  expect(cover.headers()['content-type']).toBe('image/png')
  expect(cover.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(cover.headers()['x-content-type-options']).toBe('nosniff')
  expect((await cover.body()).equals(Buffer.from(PNG.split(',')[1]!, 'base64'))).toBe(true)
})
