// Links inside page text and term descriptions to other reader addresses open inside the app (issue
// 16, Navigating): no full page load, a place in another page is landed on, a term popup's link
// closes the popup.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

let targetId: number
let sourceId: number
let anchor: string

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const book = await ok<{ id: number }>(await api.post('/api/books', { data: { title: unique('Links book') } }))
    const chapter = await ok<{ id: number }>(
      await api.post('/api/chapters', { data: { title: 'Lingid', bookId: book.id } }),
    )
    const filler = Array.from(
      { length: 60 },
      (_, i) => `<p>Täitelõik ${i}, et siht jääks esimesest ekraanist kaugele.</p>`,
    )
    const target = await ok<{ id: number }>(
      await api.post('/api/content', {
        data: {
          title: 'Sihtleht',
          chapterId: chapter.id,
          content: [...filler, '<h2>Sihtkoht</h2><p>Siin on sihtlõik.</p>'].join(''),
          published: true,
        },
      }),
    )
    targetId = target.id
    const toc = await ok<{ headers: { text: string; id: string }[] }>(await api.get(`/api/content/${targetId}/toc`))
    anchor = toc.headers.find((header) => header.text === 'Sihtkoht')!.id
    const term = await ok<{ id: number }>(
      await api.post('/api/terms', {
        data: {
          term: unique('Lingitermin'),
          description: `<p>Loe <a href="/content/${targetId}">sihtlehte</a>.</p>`,
          published: true,
        },
      }),
    )
    const source = await ok<{ id: number }>(
      await api.post('/api/content', {
        data: {
          title: 'Lähteleht',
          chapterId: chapter.id,
          content: `<p>Vaata <a href="/content/${targetId}#${anchor}">sihtkohta</a> ja <a href="/term/${term.id}">terminit</a>.</p>`,
          published: true,
        },
      }),
    )
    sourceId = source.id
  } finally {
    await api.dispose()
  }
})

const stayed = (page: Page) => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)

test('a link to a place in another page lands there without a page load; Back returns', async ({ page }) => {
  await page.goto(`/content/${sourceId}`)
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await page.getByRole('link', { name: 'sihtkohta' }).click()
  await expect(page).toHaveURL(`/content/${targetId}#${anchor}`)
  await expect(page.getByRole('heading', { name: 'Sihtkoht' })).toBeInViewport()
  expect(await stayed(page)).toBe(true)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Lähteleht' })).toBeVisible()
  expect(await stayed(page)).toBe(true)
})

test('a link in a term popup opens its page in the app and closes the popup', async ({ page }) => {
  await page.goto(`/content/${sourceId}`)
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
  await page.getByRole('link', { name: 'terminit' }).click()
  const popup = page.getByRole('dialog')
  await popup.getByRole('link', { name: 'sihtlehte' }).click()
  await expect(popup).toBeHidden()
  await expect(page).toHaveURL(`/content/${targetId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sihtleht' })).toBeVisible()
  expect(await stayed(page)).toBe(true)
})
