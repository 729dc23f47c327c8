// "Märgi terminid" in a real browser against the real server: the content editor lists the unmarked
// forms of a term found in the page, "Märgi" marks each of them with the term's link, the normal save
// saves the marks and the reader shows them as term links; axe finds nothing serious in the dialog;
// a failed ask is asked again, and a skipped row hands the focus to the next.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, ensureTerm, loginAsAdmin, ok, unique } from './helpers.ts'

/** Creates a published term, or finds it when an earlier test of the same server made it. */
test('"Märgi terminid" marks the unmarked forms of a term; the save keeps them', async ({ page }) => {
  await loginAsAdmin(page)
  const api = page.request
  const dhammo = await ensureTerm(api, 'dhammo')
  const book = await createBook(api, unique('Suggestions book'))
  const chapter = await createChapter(api, book.id, unique('Suggestions chapter'))
  const marked = `<a href="/term/${dhammo}" data-term="dhammo">dhammassa</a>`
  const content = [
    '<p id="s1">Ayaṃ dhammassa desanā.</p>',
    `<p id="s2">Idaṃ ${marked} vacanaṃ, dhammassa ca.</p>`,
  ].join('\n')
  const created = await ok<{ id: number }>(
    await api.post('/api/content', {
      data: { title: unique('Suggestions page'), chapterId: chapter.id, content, published: true, order: 0 },
    }),
  )

  await page.goto(`/admin/content/edit/${created.id}`)
  const editor = page.getByRole('textbox', { name: 'Content' })
  await expect(editor).toContainText('Ayaṃ dhammassa desanā.')
  await expect(editor.locator('a[data-term]')).toHaveCount(1)

  await page.getByRole('button', { name: 'Märgi terminid' }).click()
  const dialog = page.getByRole('dialog', { name: 'Märgi terminid' })
  await expect(dialog).toBeVisible()
  const row = dialog.getByRole('listitem').filter({ hasText: 'dhammassa → dhammo' })
  await expect(row).toBeVisible()
  await expect(row).toContainText('2×')
  const accept = row.getByRole('button', { name: 'Märgi', exact: true })
  // The first button of the dialog has the focus.
  await expect(accept).toBeFocused()
  await expect(row.getByRole('button', { name: 'Jäta vahele' })).toBeVisible()
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])

  await accept.click()
  await expect(row).toBeHidden()
  await expect(dialog.getByText('Märkimata termineid ei leitud.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  const termLinks = editor.locator(`a[href="/term/${dhammo}"][data-term="dhammo"]`)
  await expect(termLinks).toHaveCount(3)
  // One step of the editor's history: undo takes both marks back, redo puts them in again.
  await expect(editor).toBeFocused()
  await page.keyboard.press('Control+z')
  await expect(termLinks).toHaveCount(1)
  await page.keyboard.press('Control+Shift+z')
  await expect(termLinks).toHaveCount(3)

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Content saved successfully', { exact: true })).toBeVisible()
  const saved = await ok<{ content: string }>(await api.get(`/api/content/${created.id}`))
  const marks = saved.content.match(/<a [^>]*data-term="dhammo"[^>]*>dhammassa<\/a>/g) ?? []
  expect(marks).toHaveLength(3)

  await page.goto(`/content/${created.id}`)
  const links = page.locator(`.reader-chunk a[href="/term/${dhammo}"]`)
  await expect(links).toHaveCount(3)
  await expect(links.first()).toHaveText('dhammassa')
})

test('"Märgi terminid" asks again after a failure, skips a row and moves the focus to the next one', async ({
  page,
}) => {
  await loginAsAdmin(page)
  const api = page.request
  await ensureTerm(api, 'dhammo')
  await ensureTerm(api, 'taṇhā')
  const book = await createBook(api, unique('Skip book'))
  const chapter = await createChapter(api, book.id, unique('Skip chapter'))
  const created = await ok<{ id: number }>(
    await api.post('/api/content', {
      data: {
        title: unique('Skip page'),
        chapterId: chapter.id,
        content: '<p>dhammassa dhammassa taṇhāya</p>',
        published: false,
        order: 0,
      },
    }),
  )
  await page.goto(`/admin/content/edit/${created.id}`)
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('taṇhāya')
  // The first ask fails: the dialog says so and asks again on "Proovi uuesti".
  let failed = false
  await page.route('**/api/terms/suggestions', async (route) => {
    if (failed) return route.continue()
    failed = true
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"x","code":"unavailable"}' })
  })
  await page.getByRole('button', { name: 'Märgi terminid' }).click()
  const dialog = page.getByRole('dialog', { name: 'Märgi terminid' })
  await expect(dialog.getByRole('alert')).toHaveText('Soovitusi ei õnnestunud laadida.')
  await dialog.getByRole('button', { name: 'Proovi uuesti' }).click()
  const rows = dialog.getByRole('listitem')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('dhammassa → dhammo')
  await rows.first().getByRole('button', { name: 'Jäta vahele' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first().getByRole('button', { name: 'Märgi', exact: true })).toBeFocused()
  await page.keyboard.press('Escape')
  // Skipping marks nothing.
  await expect(page.getByRole('textbox', { name: 'Content' }).locator('a[data-term]')).toHaveCount(0)
})
