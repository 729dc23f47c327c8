// Terms while editing and where they are used, in a real browser against the real server: Ctrl+K
// links selected words to a lexicon term (found without its diacritics), the reader shows the term
// link with its popup, the term's pages list where it is used and open the reader at the place;
// "Reprocess All Headers" runs as a background job whose progress survives a reload.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { LARGE, loginAsAdmin, ok } from './helpers.ts'
import { seedKhuddaka } from './reader-seed.ts'

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`

async function makeChapter(page: Page, name: string) {
  const book = await ok<{ id: number }>(
    await page.request.post('/api/books', { data: { title: `Book ${name}`, description: null, order: 0 } }),
  )
  const chapter = await ok<{ id: number }>(
    await page.request.post('/api/chapters', { data: { title: `Chapter ${name}`, bookId: book.id, order: 0 } }),
  )
  return { bookId: book.id, chapterId: chapter.id }
}

async function expectNoSeriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page })
  const results = await (include ? builder.include(include) : builder).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('Ctrl+K links selected words to a term; the reader and the term pages show it', async ({ page }) => {
  await loginAsAdmin(page)
  const name = unique()
  const termName = `dukkhā${name}`
  const term = await ok<{ id: number }>(
    await page.request.post('/api/terms', {
      data: { term: termName, description: '<p>Suffering, unease.</p>', published: true },
    }),
  )
  const { chapterId } = await makeChapter(page, name)

  await page.goto(`/admin/content/new?chapterId=${chapterId}`)
  const title = `Noble truths ${name}`
  await page.getByLabel('Title').fill(title)
  const editor = page.getByRole('textbox', { name: 'Content' })
  await editor.click()
  await page.keyboard.type('First paragraph without terms.')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Suffering')
  await page.keyboard.press('Shift+Home')
  await page.keyboard.press('Control+k')

  const picker = page.getByRole('dialog', { name: 'Seo mõistega' })
  await expect(picker).toBeVisible()
  const search = picker.getByRole('combobox', { name: 'Otsi mõistet' })
  await expect(search).toBeFocused()
  // Without its diacritics: "dukkha…" finds "dukkhā…".
  await search.fill(`dukkha${name}`)
  await expect(picker.getByRole('option', { name: termName })).toBeVisible()
  await expectNoSeriousViolations(page, '[role="dialog"]')
  // The first result is the chosen one (the server ranks them); Enter takes it.
  await expect(picker.getByRole('option', { name: termName })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(picker).toBeHidden()
  const linked = editor.locator(`a[href="/term/${term.id}"]`)
  await expect(linked).toHaveText('Suffering')
  await expect(linked).toHaveAttribute('data-term', termName)

  // On an existing term link the picker offers removal (and the toolbar button opens it too).
  await linked.click()
  await page.getByRole('button', { name: /^Seo mõistega/ }).click()
  await expect(picker).toContainText(`Praegu seotud mõistega „${termName}“`)
  await page.keyboard.press('Escape')
  await expect(picker).toBeHidden()
  await expect(linked).toHaveCount(1)

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Content saved successfully', { exact: true })).toBeVisible()
  const pages = await ok<Array<{ id: number; title: string }>>(
    await page.request.get(`/api/content?chapterId=${chapterId}`),
  )
  const pageId = pages.find((p) => p.title === title)!.id

  // The reader: the site's term link, opened as a popup.
  await page.goto(`/content/${pageId}`)
  const link = page.locator(`.reader-chunk a[href="/term/${term.id}"]`)
  await expect(link).toHaveAttribute('data-term', termName)
  await link.click()
  const popup = page.getByRole('dialog', { name: termName })
  await expect(popup).toBeVisible()
  await expect(popup).toContainText('Suffering, unease.')
  await page.keyboard.press('Escape')

  // The public term page lists where it is used; the link opens the reader at the place.
  await page.goto(`/term/${term.id}`)
  const usage = page.getByRole('region', { name: 'Kasutatud lehtedel' })
  await expect(usage).toContainText('1 kohas')
  await expectNoSeriousViolations(page)
  await usage.getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/content/${pageId}#.+`))
  const anchor = decodeURIComponent(new URL(page.url()).hash.slice(1))
  const place = page.locator(`[id="${anchor}"]`)
  await expect(place).toContainText('Suffering')
  await expect(place).toBeInViewport()

  // The term's admin screen lists it too.
  await page.goto(`/admin/terms/edit/${term.id}`)
  const adminUsage = page.getByRole('region', { name: 'Kasutatud lehtedel' })
  await expect(adminUsage.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/content/${pageId}#${encodeURIComponent(anchor)}`,
  )
  await expectNoSeriousViolations(page, 'main')
})

test(
  'Reprocess All Headers shows its progress, also after a reload, and says when it has finished',
  LARGE,
  async ({ page, baseURL }) => {
    test.setTimeout(300_000)
    // The 9 MB page takes the run long enough to be watched.
    await seedKhuddaka(baseURL!, `Reprocess e2e ${unique()}`)
    await loginAsAdmin(page)
    const { bookId } = await makeChapter(page, unique())
    await page.goto(`/admin/books/${bookId}/chapters`)
    await page.getByRole('button', { name: 'Reprocess All Headers' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Reprocess' }).click()

    const progress = page.getByText(/^Töödeldud \d+ \/ \d+ lehte$/)
    await expect(progress).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Pealkirjade töötlemine' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reprocessing…' })).toBeDisabled()
    await expectNoSeriousViolations(page)

    await page.reload()
    await expect(progress).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reprocessing…' })).toBeDisabled()

    await expect(page.getByText(/^Viimane töötlus lõppes .*Headers reprocessed in \d+ pages?/)).toBeVisible({
      timeout: 240_000,
    })
    await expect(page.getByText(/Headers reprocessed in \d+ pages?/).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reprocess All Headers' })).toBeEnabled()
  },
)
