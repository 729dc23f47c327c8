// Feedback tied to the place (issue 16): sent beside a reader page with text selected, it carries
// the page, the passage and its block; the admin inbox quotes the passage and links back to the
// reader at that block. A page deleted since is named, and said to be gone.
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, expectHighlighted } from './fixtures.ts'
import { loginAsAdmin, ok, toastWith, unique } from './helpers.ts'
import { adminApi } from './reader-seed.ts'

const PARAGRAPHS = 60
/** Far enough down that landing on it means the reader jumped there. */
const TARGET = 48
const targetText = `Neljakümne kaheksas lõik: õilis jünger mõtiskleb ārammaṇa üle.`

let api: APIRequestContext
let pageTitle: string
let pageId: number

async function createPage(title: string) {
  const book = await ok<{ id: number }>(await api.post('/api/books', { data: { title: unique('Kohaga raamat') } }))
  const chapter = await ok<{ id: number }>(
    await api.post('/api/chapters', { data: { title: 'Peatükk', bookId: book.id, order: 0 } }),
  )
  const paragraphs = Array.from({ length: PARAGRAPHS }, (_, index) =>
    index === TARGET ? `<p>${targetText}</p>` : `<p>Lõik ${index}: ${'tavaline tekst, '.repeat(12)}</p>`,
  )
  return ok<{ id: number }>(
    await api.post('/api/content', {
      data: { title, chapterId: chapter.id, content: paragraphs.join('\n'), published: true, order: 0 },
    }),
  )
}

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  api = await adminApi(testInfo.project.use.baseURL!)
  pageTitle = unique('Mahānāma sutta')
  pageId = (await createPage(pageTitle)).id
})

test.afterAll(async () => {
  await api.dispose()
})

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page })
  const results = await (include ? builder.include(include) : builder).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`)
}

const target = (page: Page) => page.locator('.reader-chunk > p').filter({ hasText: 'Neljakümne kaheksas lõik' })

async function openFeedback(page: Page) {
  await page.getByRole('complementary').getByRole('button', { name: 'Tagasiside', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Tagasiside' })
  await expect(dialog).toBeVisible()
  return dialog
}

test('feedback sent with a passage selected reaches the inbox, which links back to the block', async ({ page }) => {
  await page.goto(`/content/${pageId}`)
  const paragraph = target(page)
  await paragraph.scrollIntoViewIfNeeded()
  const blockId = await paragraph.getAttribute('id')
  expect(blockId).toBeTruthy()
  // the reader selects the paragraph (a triple click)
  await paragraph.click({ clickCount: 3 })
  expect((await page.evaluate(() => document.getSelection()?.toString() ?? '')).trim()).toBe(targetText)

  const dialog = await openFeedback(page)
  await expect(dialog.getByText(`Tagasiside seotakse lehega „${pageTitle}“.`)).toBeVisible()
  const attach = dialog.getByRole('checkbox', { name: `Lisa valitud tekst: „${targetText}“` })
  await expect(attach).toBeChecked()
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

  const words = unique('Siin on kirjaviga')
  await dialog.getByRole('textbox', { name: 'Tagasiside' }).fill(words)
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/feedback') && request.method() === 'POST')
  await dialog.getByRole('button', { name: 'Saada' }).click()
  expect((await sent).postDataJSON()).toEqual({
    name: null,
    email: null,
    feedback: words,
    contentId: pageId,
    passage: targetText,
    blockId,
  })
  await expect(toastWith(page, 'Täname tagasiside eest!')).toBeVisible()
  await expect(dialog).toBeHidden()

  // sent once: the next feedback from this page carries the page, not the passage again
  const again = await openFeedback(page)
  await expect(again.getByText(`Tagasiside seotakse lehega „${pageTitle}“.`)).toBeVisible()
  await expect(again.getByRole('checkbox')).toHaveCount(0)
  await page.keyboard.press('Escape')

  await loginAsAdmin(page)
  await page.goto('/admin/feedback')
  const item = page.getByRole('article').filter({ hasText: words })
  await expect(item).toBeVisible()
  await expect(item.locator('blockquote')).toHaveText(targetText)
  const link = item.getByRole('link', { name: pageTitle })
  await expect(link).toHaveAttribute('href', `/content/${pageId}#${encodeURIComponent(blockId!)}`)
  expect(await seriousViolations(page)).toEqual([])

  await link.click()
  await expect(page).toHaveURL(`/content/${pageId}#${encodeURIComponent(blockId!)}`)
  const landed = page.locator(`[id="${blockId}"]`)
  await expectHighlighted(landed)
  await expect(landed).toBeInViewport()
})

test('the reader can leave the selected passage out; opened elsewhere the form ties nothing', async ({ page }) => {
  await page.goto(`/content/${pageId}`)
  await target(page).scrollIntoViewIfNeeded()
  await target(page).click({ clickCount: 3 })
  const dialog = await openFeedback(page)
  await dialog.getByRole('checkbox', { name: /Lisa valitud tekst/ }).click()
  await expect(dialog.getByRole('checkbox', { name: /Lisa valitud tekst/ })).not.toBeChecked()
  const words = unique('Ilma lõiguta')
  await dialog.getByRole('textbox', { name: 'Tagasiside' }).fill(words)
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/feedback') && request.method() === 'POST')
  await dialog.getByRole('button', { name: 'Saada' }).click()
  expect((await sent).postDataJSON()).toEqual({ name: null, email: null, feedback: words, contentId: pageId })
  await expect(dialog).toBeHidden()

  await page.goto('/lexicon')
  const elsewhere = await openFeedback(page)
  await expect(elsewhere.getByText(/Tagasiside seotakse/)).toHaveCount(0)
  await expect(elsewhere.getByRole('checkbox')).toHaveCount(0)
})

test('on a phone the passage survives the menu that drops the selection', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/content/${pageId}`)
  await target(page).scrollIntoViewIfNeeded()
  await target(page).click({ clickCount: 3 })
  await page.getByRole('button', { name: 'Menüü' }).click()
  const menu = page.getByRole('dialog', { name: 'Menüü' })
  // a tap elsewhere drops the selection on a phone: the passage is remembered all the same
  await page.evaluate(() => document.getSelection()?.removeAllRanges())
  await menu.getByRole('button', { name: 'Tagasiside', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Tagasiside' })
  await expect(dialog.getByText(`Tagasiside seotakse lehega „${pageTitle}“.`)).toBeVisible()
  await expect(dialog.getByRole('checkbox', { name: `Lisa valitud tekst: „${targetText}“` })).toBeChecked()
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
})

test('the inbox still names a page deleted since, and says it is gone', async ({ page }) => {
  const title = unique('Kustutatav leht')
  const doomed = await createPage(title)
  const words = unique('Enne kustutamist')
  const sent = await ok<{ id: number }>(
    await page.request.post('/api/feedback', {
      data: { feedback: words, contentId: doomed.id, passage: 'see lõik', blockId: 'b1' },
      headers: { 'x-forwarded-for': '203.0.113.90' },
    }),
  )
  expect(sent.id).toBeGreaterThan(0)
  expect((await api.delete(`/api/content/${doomed.id}`)).ok()).toBe(true)

  await loginAsAdmin(page)
  await page.goto('/admin/feedback')
  const item = page.getByRole('article').filter({ hasText: words })
  await expect(item).toContainText(`Leht: ${title} (leht on kustutatud)`)
  await expect(item.locator('blockquote')).toHaveText('see lõik')
  await expect(item.getByRole('link')).toHaveCount(0)
})
