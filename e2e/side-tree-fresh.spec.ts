// The side tree never shows the wrong thing: an administrator's change is there at once (not after
// the visitors' five-minute cache), and a draft's title leaves with the administrator at logout,
// whether the tree is drawn from the client's memory or fetched again by a reload.
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, loginAsAdmin, toastWith, unique } from './helpers.ts'

async function createPage(request: APIRequestContext, chapterId: number, title: string, published: boolean) {
  const response = await request.post('/api/content', {
    data: { chapterId, title, content: `<h1>${title}</h1><p>Tekst.</p>`, published, order: published ? 1 : 2 },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: number; title: string }
}

test('an administrator sees a new page in the tree at once; visitors never see its draft title', async ({ page }) => {
  await loginAsAdmin(page)
  const book = await createBook(page.request, unique('Puu raamat'))
  const chapter = await createChapter(page.request, book.id, unique('Puu peatükk'))
  const shown = await createPage(page.request, chapter.id, unique('Avaldatud leht'), true)

  await page.goto(`/content/${shown.id}`)
  const panel = page.getByRole('complementary')
  await expect(panel.getByRole('link', { name: shown.title })).toBeVisible()

  // A draft added meanwhile (say, in another tab) is in the tree after a reload, not minutes later.
  const draft = await createPage(page.request, chapter.id, unique('Mustand'), false)
  await page.reload()
  await expect(panel.getByRole('link', { name: draft.title })).toBeVisible()

  // Log out in the admin area and go back to the tree within the app: the draft is gone.
  await page.getByRole('link', { name: 'Halduspaneel' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toastWith(page, 'Väljalogimine õnnestus')).toBeVisible()
  // Home through the app's own link: no new page load, the tree comes from the client's memory.
  await page.getByRole('link', { name: 'Home' }).first().click()
  await expect(page).toHaveURL(/\/$/)
  await panel.getByRole('button', { name: book.title }).click()
  await panel.getByRole('button', { name: chapter.title }).click()
  await expect(panel.getByRole('link', { name: shown.title })).toBeVisible()
  await expect(panel.getByRole('link', { name: draft.title })).toHaveCount(0)
  // … and the browser's own cache does not bring it back on a new page load.
  await page.goto(`/content/${shown.id}`)
  await expect(panel.getByRole('link', { name: shown.title })).toBeVisible()
  await expect(panel.getByRole('link', { name: draft.title })).toHaveCount(0)
})
