// The content editor in a real browser against the real server: create a page (the 'Processing
// Content' overlay is seen), edit it, keep a corpus page's footnotes through a rich-text edit, ask
// before leaving unsaved changes, delete the page from the chapter's pages list; the HTML view
// saves exactly what was typed, and typing in it stays fast on the 9 MB corpus page.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config.ts'
import { largestPage, testLibrary } from '../test-support/library-source.ts'
import { LARGE } from './helpers.ts'

async function logIn(page: Page) {
  await page.goto('/auth')
  await page.getByLabel('Kasutajanimi').fill(E2E_ADMIN.username)
  await page.getByLabel('Parool').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Logi sisse' }).click()
  await expect(page).toHaveURL(/\/admin\/books$/)
}

/** A fresh book and chapter through the API, with the browser's session cookie. */
async function makeChapter(page: Page, name: string) {
  const book = await page.request.post('/api/books', { data: { title: `Book ${name}`, description: null, order: 0 } })
  expect(book.status()).toBe(201)
  const bookId = ((await book.json()) as { id: number }).id
  const chapter = await page.request.post('/api/chapters', {
    data: { title: `Chapter ${name}`, description: null, bookId, order: 0 },
  })
  expect(chapter.ok()).toBe(true)
  const chapterId = ((await chapter.json()) as { id: number }).id
  return { bookId, chapterId }
}

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`

/** Holds finalize back a moment so the overlay can be seen however fast the server is. */
async function slowFinalize(page: Page) {
  await page.route('**/api/content/finalize', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600))
    await route.continue()
  })
}

const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Content' })

test('a page is created, edited and deleted through the editor', async ({ page }) => {
  await logIn(page)
  const name = unique()
  const { bookId, chapterId } = await makeChapter(page, name)
  await slowFinalize(page)

  await page.goto(`/admin/content/new?chapterId=${chapterId}`)
  await expect(page.getByRole('heading', { name: 'Add Content' })).toBeVisible()
  await expect(page.getByLabel('Chapter')).toHaveValue(String(chapterId))

  const title = `Page ${name}`
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('So I have heard.')
  await expect(page.getByText(/^Size: 0\.00 MB$/)).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()

  const overlay = page.getByRole('dialog', { name: 'Processing Content' })
  await expect(overlay).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${bookId}/chapters/${chapterId}/content$`))
  await expect(overlay).toBeHidden()
  await expect(page.getByText('Content saved successfully', { exact: true })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toBeVisible()

  // Edit: the text is loaded, changed, saved.
  await row.getByRole('link', { name: /^Edit/ }).click()
  await expect(page.getByRole('heading', { name: 'Edit Content' })).toBeVisible()
  await expect(contentEditor(page)).toContainText('So I have heard.')
  await contentEditor(page).click()
  await page.keyboard.press('End')
  await page.keyboard.type(' At one time.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(overlay).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${bookId}/chapters/${chapterId}/content$`))
  const id = Number(
    new URL((await row.getByRole('link', { name: /^Edit/ }).getAttribute('href')) ?? '', 'http://x').pathname
      .split('/')
      .pop(),
  )
  const saved = (await (await page.request.get(`/api/content/${id}`)).json()) as { content: string; version: number }
  expect(saved.content).toContain('So I have heard. At one time.')

  // Delete from the pages list.
  await row.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete Content' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Content deleted successfully', { exact: true })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0)
  expect((await page.request.get(`/api/content/${id}`)).status()).toBe(404)
})

test('the editor says what is missing before saving', async ({ page }) => {
  await logIn(page)
  await page.goto('/admin/content/new')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Please select a valid chapter')).toBeVisible()
  await expect(page.getByText('Title cannot be empty')).toBeVisible()
})

test('zoom steps 2px from 16px down to 8px', async ({ page }) => {
  await logIn(page)
  await page.goto('/admin/content/new')
  const zoomOut = page.getByRole('button', { name: 'Zoom out' })
  await expect(page.getByText('Text size: 16px')).toBeAttached()
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect(page.getByText('Text size: 18px')).toBeAttached()
  for (let i = 0; i < 5; i++) await zoomOut.click()
  await expect(page.getByText('Text size: 8px')).toBeAttached()
  await expect(zoomOut).toBeDisabled()
})

test('a corpus page keeps its footnotes, term links and links section through a rich-text edit', async ({ page }) => {
  await logIn(page)
  const name = unique()
  const { chapterId } = await makeChapter(page, name)
  const source = testLibrary('tiny').corpus.books[0]!.chapters[0]!.pages[0]!
  const created = await page.request.post('/api/content', {
    data: { title: `${source.title} ${name}`, chapterId, content: source.content, order: 1, published: true },
  })
  expect(created.status()).toBe(201)
  const before = (await created.json()) as { id: number; content: string; linksContent: string }

  await page.goto(`/admin/content/edit/${before.id}`)
  await expect(contentEditor(page)).toContainText('So I have heard.')
  await expect(page.getByText('Links section starts here')).toBeVisible()
  // A change in the rich-text view: the whole page is written again from the editor's document.
  await contentEditor(page).getByRole('heading', { name: 'Translation', exact: true }).click()
  await page.keyboard.press('End')
  await page.keyboard.type(' (edited)')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/content$/)

  const after = (await (await page.request.get(`/api/content/${before.id}`)).json()) as typeof before
  const anchors = (html: string) => html.match(/<a [^>]*>/g) ?? []
  expect(anchors(after.content)).toEqual(anchors(before.content))
  // Heading and block ids stay (internal links point at #translation, so even the edited heading keeps it).
  expect(after.content.match(/ id="[^"]+"/g)).toEqual(before.content.match(/ id="[^"]+"/g))
  expect(after.content).toContain('Translation (edited)')
  expect(after.content).toContain('<i lang="pi">')
  expect(after.linksContent.replace(/\s+/g, '')).toBe(before.linksContent.replace(/\s+/g, ''))
})

test('unsaved changes are not lost to a click on the navigation', async ({ page }) => {
  await logIn(page)
  await page.goto('/admin/content/new')
  await page.getByLabel('Title').fill('Unsaved')
  await page.getByRole('link', { name: 'Books' }).click()
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(/\/admin\/content\/new$/)
  await expect(page.getByLabel('Title')).toHaveValue('Unsaved')
  await page.getByRole('link', { name: 'Books' }).click()
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/admin\/books$/)
})

test('a save over a newer version asks, shows who saved last, and overwrites', async ({ page }) => {
  await logIn(page)
  const name = unique()
  const { chapterId } = await makeChapter(page, name)
  const page0 = { title: `Conflict ${name}`, chapterId, content: '<p>First version.</p>', order: 0, published: false }
  const created = (await (await page.request.post('/api/content', { data: page0 })).json()) as { id: number }

  await page.goto(`/admin/content/edit/${created.id}`)
  await expect(contentEditor(page)).toContainText('First version.')
  // Someone else saves meanwhile.
  const other = await page.request.put(`/api/content/${created.id}`, { data: { ...page0, content: '<p>Theirs.</p>' } })
  expect(other.ok()).toBe(true)

  await contentEditor(page).click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Mine.')
  await page.getByRole('button', { name: 'Save' }).click()
  const question = page.getByRole('alertdialog', { name: 'Someone else saved this page' })
  await expect(question).toBeVisible()
  await expect(question).toContainText(E2E_ADMIN.username)
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(contentEditor(page)).toContainText('First version. Mine.')

  await page.getByRole('button', { name: 'Save' }).click()
  await page
    .getByRole('alertdialog', { name: 'Someone else saved this page' })
    .getByRole('button', { name: 'Overwrite' })
    .click()
  await expect(page).toHaveURL(/\/content$/)
  const saved = (await (await page.request.get(`/api/content/${created.id}`)).json()) as { content: string }
  expect(saved.content).toContain('First version. Mine.')
})

/** Every text the editor uploads while saving, joined in chunk order: what it saved, to the byte. */
function captureUpload(page: Page): () => string {
  const chunks = new Map<number, string>()
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/content/chunk')) return
    const body = request.postDataJSON() as { chunk: string; chunkIndex: number }
    chunks.set(body.chunkIndex, body.chunk)
  })
  return () =>
    [...chunks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, chunk]) => chunk)
      .join('')
}

/** The text the editor starts from for a saved page (content, marker line, links section). */
const editedText = (saved: { content: string; linksContent: string | null }) =>
  saved.linksContent ? `${saved.content}\n=== LINKS START ===\n${saved.linksContent}` : saved.content

test('the HTML view saves exactly what was typed, keeps it across views and asks before it is lost', async ({
  page,
}) => {
  await logIn(page)
  const name = unique()
  const { bookId, chapterId } = await makeChapter(page, name)
  const data = {
    title: `Source ${name}`,
    chapterId,
    content: '<p>First line.</p>\n<p>Second.</p>',
    order: 0,
    published: false,
  }
  const created = await page.request.post('/api/content', { data })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  const loaded = (await (await page.request.get(`/api/content/${id}`)).json()) as Parameters<typeof editedText>[0]

  await page.goto(`/admin/content/edit/${id}`)
  await expect(contentEditor(page)).toContainText('First line.')
  const htmlView = page.getByRole('button', { name: 'HTML' })
  await htmlView.click()
  await expect(htmlView).toHaveAttribute('aria-pressed', 'true')
  const editor = contentEditor(page)
  await expect(editor).toContainText('>First line.</p>')
  await expect(page.getByText(/^Size: 0\.00 MB$/)).toBeVisible()
  expect(await editor.evaluate((element) => element.closest('.cm-editor')!.getBoundingClientRect().height)).toBe(400)
  await page.getByRole('button', { name: 'Zoom in' }).click()
  await expect(editor).toHaveCSS('font-size', '18px')
  await page.getByRole('button', { name: 'Zoom out' }).click()
  await expect(editor).toHaveCSS('font-size', '16px')
  expect(
    (await new AxeBuilder({ page }).include('form').analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([])

  // Keyboard only: the label leads into the text, Tab leads out of it (no tab is typed).
  await page.getByText('Content', { exact: true }).click()
  await expect(editor).toBeFocused()
  await page.keyboard.press('Control+End')
  const typed = '\n<p>Typed & kept, <b>bold</b>.</p>'
  await page.keyboard.type(typed)
  await page.keyboard.press('Tab')
  await expect(editor).not.toBeFocused()
  // At once, before the editor's pause in typing has passed: the question still comes.
  await page.getByRole('link', { name: 'Books' }).click()
  const question = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Stay' }).click()

  // To the rich-text view and back: the text is the one typed.
  await page.getByRole('button', { name: 'Rich text' }).click()
  await expect(contentEditor(page)).toContainText('Typed & kept, bold.')
  await htmlView.click()
  await expect(editor).toContainText('<p>Typed & kept, <b>bold</b>.</p>')

  const uploaded = captureUpload(page)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${bookId}/chapters/${chapterId}/content$`))
  expect(uploaded()).toBe(`${editedText(loaded)}${typed}`)
  const saved = (await (await page.request.get(`/api/content/${id}`)).json()) as { content: string }
  expect(saved.content).toContain('Typed &amp; kept, <b>bold</b>.')
})

test('typing in the HTML view of the 9 MB page stays fast', LARGE, async ({ page }) => {
  test.setTimeout(240_000)
  await logIn(page)
  const name = unique()
  const { chapterId } = await makeChapter(page, name)
  const khuddaka = largestPage(testLibrary('full').corpus)
  const created = await page.request.post('/api/content', {
    data: { title: `${khuddaka.title} ${name}`, chapterId, content: khuddaka.content, order: 0, published: false },
    timeout: 120_000,
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }

  await page.goto(`/admin/content/edit/${id}`)
  const editor = contentEditor(page)
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'HTML' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('Approaching 10MB limit')).toBeVisible()

  await editor.click()
  await page.keyboard.press('Control+Home')
  const typed = 'Typed at 9 MB, fast.'
  expect(typed).toHaveLength(20)
  const nextFrame = () =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await nextFrame()
  const started = performance.now()
  await page.keyboard.type(typed)
  await nextFrame()
  const perKeystrokeMs = (performance.now() - started) / typed.length
  console.log(`HTML view, 9 MB page: ${perKeystrokeMs.toFixed(1)} ms per keystroke (20 keystrokes)`)

  await expect(editor).toContainText(`${typed}<`)
  expect(perKeystrokeMs).toBeLessThan(150)

  // What is saved is the loaded page with the typed text in front, to the byte.
  const loaded = (await (await page.request.get(`/api/content/${id}`)).json()) as Parameters<typeof editedText>[0]
  const uploaded = captureUpload(page)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/content$/, { timeout: 120_000 })
  const sent = uploaded()
  expect(sent.length).toBe(typed.length + editedText(loaded).length)
  expect(sent === `${typed}${editedText(loaded)}`).toBe(true)
})
