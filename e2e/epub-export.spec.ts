// EPUB export (issue 16, Offline and export): the chapter page's link downloads the chapter as an
// EPUB (a zip whose first entry is the stored `mimetype`), the book page and a page's print view offer
// theirs; a draft's EPUB is not found for a visitor.
import fs from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

let bookId: number
let chapterId: number
let pageId: number
let draftId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    bookId = (await createBook(api, unique('Saṃyutta Nikāya'))).id
    chapterId = (await createChapter(api, bookId, 'Nidānavagga')).id
    const save = async (title: string, published: boolean) =>
      (
        await ok<{ id: number }>(
          await api.post('/api/content', {
            data: {
              title,
              chapterId,
              published,
              content: `<h2>${title}</h2><p>Tekst viitega<a href="#_ftn1" id="_ftnref1">[1]</a>.</p>\n=== LINKS START ===\n<p><a href="#_ftnref1" id="_ftn1">[1]</a> Märkus.</p>`,
            },
          }),
        )
      ).id
    pageId = await save('Paṭiccasamuppāda', true)
    draftId = await save('Mustand', false)
  } finally {
    await api.dispose()
  }
})

test('the chapter page downloads the chapter as an EPUB', async ({ page }) => {
  await page.goto(`/chapter/${chapterId}`)
  const link = page.getByRole('link', { name: 'Laadi peatükk alla EPUB-ina' })
  await expect(link).toBeVisible()
  const downloading = page.waitForEvent('download')
  await link.click()
  const download = await downloading
  // The browser takes the title itself (filename*), diacritics and all.
  expect(download.suggestedFilename()).toBe('Nidānavagga.epub')
  const bytes = fs.readFileSync((await download.path())!)
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004')
  expect(bytes.subarray(30, 58).toString()).toBe('mimetypeapplication/epub+zip')

  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])
})

test('the book page and a page print view offer their EPUB', async ({ page }) => {
  await page.goto(`/book/${bookId}`)
  await expect(page.getByRole('link', { name: 'Laadi alla EPUB-ina' })).toHaveAttribute(
    'href',
    `/api/books/${bookId}/epub`,
  )
  await page.goto(`/content/${pageId}?print=1`)
  await expect(page.getByRole('link', { name: 'Laadi alla EPUB-ina' })).toHaveAttribute(
    'href',
    `/api/content/${pageId}/epub`,
  )
})

test("a draft's EPUB is not found for a visitor", async ({ request }) => {
  const draft = await request.get(`/api/content/${draftId}/epub`)
  expect(draft.status()).toBe(404)
  expect(await draft.json()).toHaveProperty('error')
  const published = await request.get(`/api/content/${pageId}/epub`)
  expect(published.status()).toBe(200)
  expect(published.headers()['content-type']).toBe('application/epub+zip')
})
