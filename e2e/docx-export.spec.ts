// Word export (issue 30): a page's print view offers "Lae alla Wordi failina" beside its EPUB, and
// clicking it downloads the page as a .docx named after its title, its footnote a Word footnote.
import fs from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

let pageId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const bookId = (await createBook(api, unique('Aṅguttara Nikāya'))).id
    const chapterId = (await createChapter(api, bookId, 'Ekakanipāta')).id
    pageId = (
      await ok<{ id: number }>(
        await api.post('/api/content', {
          data: {
            title: 'Cittapariyādāna',
            chapterId,
            published: true,
            content:
              '<h2>Citta</h2><p>Tekst viitega<a href="#_ftn1" id="_ftnref1">[1]</a>.</p>\n=== LINKS START ===\n<p><a href="#_ftnref1" id="_ftn1">[1]</a> Märkus ñāṇa kohta.</p>',
          },
        }),
      )
    ).id
  } finally {
    await api.dispose()
  }
})

test("a page's print view downloads the page as a Word file", async ({ page }) => {
  await page.goto(`/content/${pageId}?print=1`)
  const link = page.getByRole('link', { name: 'Lae alla Wordi failina' })
  await expect(link).toHaveAttribute('href', `/api/content/${pageId}/docx`)
  const downloading = page.waitForEvent('download')
  await link.click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Cittapariyādāna.docx')
  const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))
  expect(strFromU8(files['word/document.xml']!)).toContain('<w:pStyle w:val="Heading2"/>')
  expect(strFromU8(files['word/footnotes.xml']!)).toContain('Märkus ñāṇa kohta.')
})
