// Section editing of large pages, local drafts and Ctrl+S (issue 15) in a real browser against the
// real server: a section of the 9 MB generated page opened from the editor's list of sections, typed
// in (timed), saved with Ctrl+S and read with its footnotes; the reader's "Muuda seda jaotist" for an
// administrator only; a stale version's 409 with the typed text kept; a draft offered after the tab
// was closed; Ctrl+S in the HTML view.
import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { findSection, pageHeadings } from '#shared/text/page-sections.ts'
import { largestPage, testLibrary } from '../test-support/library-source.ts'
import { storedDraftText } from './drafts-store.ts'
import { LARGE, loginAsAdmin, toastWith, unique } from './helpers.ts'

interface SavedPage {
  id: number
  title: string
  content: string
  linksContent: string | null
  version: number
}

const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Content' })

/** The text the editor starts from for a saved page (content, marker line, links section). */
const editedText = (saved: Pick<SavedPage, 'content' | 'linksContent'>) =>
  saved.linksContent ? `${saved.content}\n=== LINKS START ===\n${saved.linksContent}` : saved.content

async function makeChapter(page: Page, name: string) {
  const book = await page.request.post('/api/books', { data: { title: `Book ${name}`, description: null, order: 0 } })
  expect(book.status()).toBe(201)
  const bookId = ((await book.json()) as { id: number }).id
  const chapter = await page.request.post('/api/chapters', {
    data: { title: `Chapter ${name}`, description: null, bookId, order: 0 },
  })
  expect(chapter.ok()).toBe(true)
  return { bookId, chapterId: ((await chapter.json()) as { id: number }).id }
}

async function createPage(page: Page, chapterId: number, title: string, content: string): Promise<SavedPage> {
  const created = await page.request.post('/api/content', {
    data: { title, chapterId, content, order: 0, published: true },
    timeout: 120_000,
  })
  expect(created.status()).toBe(201)
  return (await created.json()) as SavedPage
}

async function load(page: Page, id: number): Promise<SavedPage> {
  return (await (await page.request.get(`/api/content/${id}`)).json()) as SavedPage
}

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

/** Serious axe findings in `selector`, the rich-text toolbar included. */
async function seriousViolations(page: Page, selector: string, exclude: string[] = []) {
  let builder = new AxeBuilder({ page }).include(selector)
  for (const excluded of exclude) builder = builder.exclude(excluded)
  return (await builder.analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id)
}

/** A small page with three sections, a footnote in the first and its note in the links section. */
const threeSections = [
  '<h2>First part</h2>',
  '<p>One<a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a> more words.</p>',
  '<h2>Second part</h2>',
  '<p>Two.</p>',
  '<h2>Third part</h2>',
  '<p>Three.</p>',
  '=== LINKS START ===',
  '<p><a href="#_ftnref1" name="_ftn1" id="_ftn1">[1]</a> The first note.</p>',
].join('\n')

/** Per-key times in the page: from keydown to the frame after it (the editor's work and a paint). */
async function startKeyTimer(page: Page) {
  await page.evaluate(() => {
    const timing = { keys: [] as number[], longTasks: [] as number[] }
    ;(window as unknown as { __typing: typeof timing }).__typing = timing
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) timing.longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
    document.addEventListener(
      'keydown',
      () => {
        const started = performance.now()
        requestAnimationFrame(() => setTimeout(() => timing.keys.push(performance.now() - started), 0))
      },
      true,
    )
  })
}

async function keyTimes(page: Page) {
  return page.evaluate(() => (window as unknown as { __typing: { keys: number[]; longTasks: number[] } }).__typing)
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}

test.describe.configure({ timeout: 120_000 })

test(
  'a section of the 9 MB page: from the contents, typed in fast, saved with Ctrl+S, read with its footnotes',
  LARGE,
  async ({ page }) => {
    test.setTimeout(400_000)
    test.slow()
    await loginAsAdmin(page)
    const name = unique('Sections')
    const { chapterId } = await makeChapter(page, name)
    const khuddaka = largestPage(testLibrary('full').corpus)
    const { id } = await createPage(page, chapterId, `${khuddaka.title} ${name}`, khuddaka.content)
    const before = await load(page, id)
    const text = editedText(before)

    // a section under a heading of the second level or deeper, not the first, holding footnote markers
    const headings = pageHeadings(text)
    const section = headings
      .slice(5)
      .map((heading) => findSection(text, heading.id, headings)!)
      .find(
        (candidate) =>
          candidate.heading.level >= 2 && candidate.html.includes('name="_ftnref') && candidate.html.length < 20_000,
      )!
    expect(section).toBeDefined()
    const footnote = /<a href="#(_ftn\d+)" name="(_ftnref\d+)"/.exec(section.html)!
    const [, noteId, markerName] = footnote

    await page.goto(`/admin/content/edit/${id}`)
    await expect(page.getByRole('button', { name: 'HTML' })).toHaveAttribute('aria-pressed', 'true', {
      timeout: 30_000,
    })
    await page.getByRole('button', { name: 'Näita jaotisi' }).click()
    const sections = page.getByRole('list', { name: 'Lehe jaotised' })
    await expect(sections.getByRole('link', { name: /^Muuda seda jaotist/ })).toHaveCount(
      headings.filter((heading) => heading.id !== '').length,
    )
    // the HTML view of a 9 MB page: CodeMirror's scroller (tabindex=-1) is flagged as a scrollable
    // region without keyboard access, a finding of the HTML view (decision 011), not of the list
    expect(await seriousViolations(page, 'form', ['.cm-editor'])).toEqual([])
    await sections
      .getByRole('link', { name: `Muuda seda jaotist: ${section.heading.text}`, exact: true })
      .first()
      .click()

    await expect(page).toHaveURL(new RegExp(`/admin/content/edit/${id}\\?section=${section.heading.id}$`))
    await expect(page.getByText(`Muudad jaotist „${section.heading.text}“`)).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('button', { name: 'Rich text' })).toHaveAttribute('aria-pressed', 'true')
    const editor = contentEditor(page)
    await expect(editor.getByRole('heading', { name: section.heading.text })).toBeVisible()
    expect(await seriousViolations(page, 'form')).toEqual([])

    // Typing: each key from keydown to the next frame, in the page.
    await editor.getByRole('heading', { name: section.heading.text }).click()
    await page.keyboard.press('End')
    await startKeyTimer(page)
    const typed = ' typed into a section of 9 MB'
    await page.keyboard.type(typed, { delay: 25 })
    await expect(editor.getByRole('heading', { name: `${section.heading.text}${typed}` })).toBeVisible()
    const timing = await keyTimes(page)
    const p50 = quantile(timing.keys, 0.5)
    const p95 = quantile(timing.keys, 0.95)
    console.log(
      `section of the 9 MB page, rich text: ${p50.toFixed(1)} ms per key (p50), p95 ${p95.toFixed(1)} ms, ` +
        `max ${Math.max(...timing.keys).toFixed(1)} ms, ${timing.longTasks.length} long tasks (${timing.keys.length} keys)`,
    )
    expect(timing.keys.length).toBe(typed.length)
    // the target is 50 ms; the bound is generous for a shared machine
    expect(p50).toBeLessThan(100)

    const uploaded = captureUpload(page)
    await expect(page.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S')
    await page.keyboard.press('Control+s')
    await expect(page).toHaveURL(new RegExp(`/content/${id}#${section.heading.id}$`), { timeout: 180_000 })

    // What was saved: the page around the section to the byte, the section's footnote markers kept.
    const sent = uploaded()
    expect(sent.startsWith(text.slice(0, section.start))).toBe(true)
    expect(sent.endsWith(text.slice(section.end))).toBe(true)
    const sentSection = sent.slice(section.start, sent.length - (text.length - section.end))
    expect(sentSection).toContain(`${section.heading.text}${typed}`.replace(/&/g, '&amp;'))
    const markers = (html: string) => html.match(/<a [^>]*name="_ftnref\d+"[^>]*>/g) ?? []
    expect(markers(sentSection)).toEqual(markers(section.html))
    const after = await load(page, id)
    expect(after.version).toBe(before.version + 1)
    expect(markers(after.content)).toEqual(markers(before.content))

    // The reader opened at the section shows the edit; its footnote still leads to its note.
    const heading = page.locator(`.reader-chunk > [id="${section.heading.id}"]`)
    await expect(heading).toContainText(typed.trim(), { timeout: 30_000 })
    await page.locator(`.reader-chunk a[name="${markerName}"]`).click()
    await expect(page).toHaveURL(new RegExp(`#${noteId}$`))
    await expect(page.locator(`[id="${noteId}"]`)).toBeInViewport({ timeout: 30_000 })
  },
)

test('the reader offers "Muuda seda jaotist" beside headings to an administrator only, without moving anything', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page)
  const name = unique('Reader sections')
  const { chapterId } = await makeChapter(page, name)
  const created = await createPage(page, chapterId, `Sections ${name}`, threeSections)
  const before = await load(page, created.id)

  // A visitor: nothing in the server's HTML, nothing after the client took over.
  const visitor = await browser.newContext()
  const visitorPage = await visitor.newPage()
  // (the body: the stylesheet inside the head names the class)
  const served = await (await visitorPage.request.get(`/content/${created.id}`)).text()
  const html = served.slice(served.indexOf('<body'))
  expect(html).toContain('Second part')
  expect(html).not.toContain('section-edit-link')
  expect(html).not.toContain('Muuda seda jaotist')
  await visitorPage.goto(`/content/${created.id}`)
  await expect(visitorPage.locator('.reader-chunk h2').first()).toBeVisible()
  await visitorPage.locator('.reader-chunk h2', { hasText: 'Second part' }).hover()
  await expect(visitorPage.locator('.section-edit-link')).toHaveCount(0)
  await visitor.close()

  await page.goto(`/content/${created.id}`)
  const second = page.locator('.reader-chunk > h2', { hasText: 'Second part' })
  await expect(second).toBeVisible()
  const boxes = async () =>
    page.locator('.reader-chunk > *').evaluateAll((blocks) => blocks.map((block) => block.getBoundingClientRect().top))
  const placesBefore = await boxes()
  await second.hover()
  const edit = page.getByRole('link', { name: 'Muuda seda jaotist: Second part', exact: true })
  await expect(edit).toBeVisible()
  await expect(edit).toHaveCSS('opacity', '1')
  expect(await boxes()).toEqual(placesBefore)
  expect(await seriousViolations(page, '.reader-body')).toEqual([])

  // By keyboard: Tab from the paragraph link reaches it, beside the heading of the section being read.
  await page.locator('.block-link').focus()
  await page.keyboard.press('Tab')
  const byKeyboard = page.getByRole('link', { name: 'Muuda seda jaotist: First part', exact: true })
  await expect(byKeyboard).toBeFocused()
  await expect(byKeyboard).toHaveCSS('opacity', '1')

  // the pointer comes back to the second heading (from elsewhere: it never left it)
  await page.locator('.reader-chunk > h2', { hasText: 'Third part' }).hover()
  await second.hover()
  await edit.click()
  await expect(page).toHaveURL(new RegExp(`/admin/content/edit/${created.id}\\?section=second-part$`))
  const editor = contentEditor(page)
  await expect(editor).toContainText('Two.')
  await expect(editor).not.toContainText('First part')
  await expect(editor).not.toContainText('Third part')
  await editor.getByText('Two.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Edited from the reader.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/content/${created.id}#second-part$`), { timeout: 60_000 })
  await expect(page.locator('.reader-chunk')).toContainText('Two. Edited from the reader.')

  const after = await load(page, created.id)
  expect(after.content).toContain('One<a href="#_ftn1"')
  expect(after.content).toContain('Three.')
  expect(after.linksContent).toBe(before.linksContent)
  // the first section's footnote still leads to its note
  await page.locator('.reader-chunk a[name="_ftnref1"]').click()
  await expect(page).toHaveURL(/#_ftn1$/)
  await expect(page.locator('#_ftn1')).toBeInViewport()
})

test('a stale version: the 409 question keeps the typed text; the section goes into the newer page only where it is safe', async ({
  page,
}) => {
  await loginAsAdmin(page)
  const name = unique('Stale sections')
  const { chapterId } = await makeChapter(page, name)
  const created = await createPage(page, chapterId, `Stale ${name}`, threeSections)
  const loaded = await load(page, created.id)
  const putPage = async (content: string) => {
    const answer = await page.request.put(`/api/content/${created.id}`, {
      data: { title: loaded.title, chapterId, content, order: 0, published: true },
    })
    expect(answer.ok()).toBe(true)
  }

  // Someone else edits another section meanwhile.
  await page.goto(`/admin/content/edit/${created.id}?section=second-part`)
  const editor = contentEditor(page)
  await expect(editor).toContainText('Two.')
  await putPage(editedText(loaded).replace('more words.', 'more words, theirs.'))
  await editor.getByText('Two.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Mine.')
  await page.getByRole('button', { name: 'Save' }).click()
  let question = page.getByRole('alertdialog', { name: 'Lehte on vahepeal muudetud' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Jätka muutmist' }).click()
  await expect(editor).toContainText('Two. Mine.')

  await page.getByRole('button', { name: 'Save' }).click()
  question = page.getByRole('alertdialog', { name: 'Lehte on vahepeal muudetud' })
  await question.getByRole('button', { name: 'Pane jaotis uuemasse versiooni' }).click()
  await expect(page).toHaveURL(new RegExp(`/content/${created.id}#second-part$`), { timeout: 60_000 })
  const merged = await load(page, created.id)
  expect(merged.content).toContain('more words, theirs.')
  expect(merged.content).toContain('Two. Mine.')

  // Someone else removes the heading of the section being edited: nothing is spliced anywhere.
  await page.goto(`/admin/content/edit/${created.id}?section=third-part`)
  await expect(editor).toContainText('Three.')
  await putPage(editedText(merged).replace(/<h2 id="third-part">Third part<\/h2>\n?/, ''))
  await editor.getByText('Three.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Also mine.')
  await page.getByRole('button', { name: 'Save' }).click()
  await page
    .getByRole('alertdialog', { name: 'Lehte on vahepeal muudetud' })
    .getByRole('button', { name: 'Pane jaotis uuemasse versiooni' })
    .click()
  await expect(toastWith(page, 'Jaotise pealkirja on vahepeal muudetud või see on eemaldatud')).toBeVisible()
  await expect(editor).toContainText('Three. Also mine.')
  await expect(page).toHaveURL(/\?section=third-part$/)
  const untouched = await load(page, created.id)
  expect(untouched.content).not.toContain('Also mine.')
  expect(untouched.content).not.toContain('Third part')
})

async function draftHolds(page: Page, pageId: number, text: string) {
  await expect.poll(() => storedDraftText(page, pageId), { timeout: 10_000 }).toContain(text)
}

test('a draft is offered after the tab was closed, restored, and gone once saved with Ctrl+S', async ({ page }) => {
  await loginAsAdmin(page)
  const name = unique('Drafts')
  const { bookId, chapterId } = await makeChapter(page, name)
  const created = await createPage(page, chapterId, `Draft ${name}`, '<p>Saved words.</p>')

  await page.goto(`/admin/content/edit/${created.id}`)
  await contentEditor(page).getByText('Saved words.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Unsaved words.')
  await draftHolds(page, created.id, 'Unsaved words.')
  // The tab is closed without saving (no question asked); the editor is opened again in a new one.
  const again = await page.context().newPage()
  await page.close()
  await again.goto(`/admin/content/edit/${created.id}`)
  const offer = again.getByRole('region', { name: 'Taasta mustand' })
  await expect(offer).toContainText(/Leidsin salvestamata mustandi \(\d{1,2}\.\d{1,2}\.\d{4} kell \d{2}:\d{2}\)/)
  await expect(offer).not.toContainText('Lehte on pärast mustandi tegemist salvestatud')
  await expect(contentEditor(again)).not.toContainText('Unsaved words.')
  expect(await seriousViolations(again, 'form')).toEqual([])
  await offer.getByRole('button', { name: 'Taasta mustand' }).click()
  await expect(offer).toBeHidden()
  await expect(contentEditor(again)).toContainText('Saved words. Unsaved words.')

  await again.keyboard.press('Control+s')
  await expect(again).toHaveURL(new RegExp(`/admin/books/${bookId}/chapters/${chapterId}/content$`))
  expect((await load(again, created.id)).content).toContain('Saved words. Unsaved words.')
  await again.goto(`/admin/content/edit/${created.id}`)
  await expect(contentEditor(again)).toContainText('Saved words. Unsaved words.')
  // a moment for the draft to be read: none is offered
  await again.waitForTimeout(500)
  await expect(again.getByRole('region', { name: 'Taasta mustand' })).toHaveCount(0)
})

test('a draft older than the saved page warns before it is restored, and "Loobu" forgets it', async ({ page }) => {
  await loginAsAdmin(page)
  const name = unique('Old drafts')
  const { chapterId } = await makeChapter(page, name)
  const created = await createPage(page, chapterId, `Old draft ${name}`, '<p>Saved words.</p>')

  await page.goto(`/admin/content/edit/${created.id}`)
  await contentEditor(page).getByText('Saved words.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Old draft.')
  await draftHolds(page, created.id, 'Old draft.')
  const newer = await page.request.put(`/api/content/${created.id}`, {
    data: { title: created.title, chapterId, content: '<p>Someone else saved.</p>', order: 0, published: true },
  })
  expect(newer.ok()).toBe(true)

  // the reload asks first (unsaved changes): accept it
  page.on('dialog', (dialog) => void dialog.accept())
  await page.reload()
  const offer = page.getByRole('region', { name: 'Taasta mustand' })
  await expect(offer).toContainText('Lehte on pärast mustandi tegemist salvestatud')
  await offer.getByRole('button', { name: 'Loobu' }).click()
  await expect(offer).toBeHidden()
  await expect(contentEditor(page)).toContainText('Someone else saved.')
  await page.reload()
  await expect(contentEditor(page)).toContainText('Someone else saved.')
  await page.waitForTimeout(500)
  await expect(page.getByRole('region', { name: 'Taasta mustand' })).toHaveCount(0)
})

test('Ctrl+S saves in the HTML view, and the save button names the shortcut', async ({ page }) => {
  await loginAsAdmin(page)
  const name = unique('Shortcut')
  const { bookId, chapterId } = await makeChapter(page, name)
  const created = await createPage(page, chapterId, `Shortcut ${name}`, '<p>Before.</p>')

  await page.goto(`/admin/content/edit/${created.id}`)
  const save = page.getByRole('button', { name: 'Save' })
  await expect(save).toHaveAttribute('title', 'Save (Ctrl+S)')
  await page.getByRole('button', { name: 'HTML' }).click()
  const source = page.getByRole('textbox', { name: 'Content' })
  await source.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('\n<p>After.</p>')
  // the browser's own "Save page as" is held back
  await page.evaluate(() =>
    window.addEventListener('keydown', (event) => {
      if (event.key !== 's') return
      setTimeout(() => ((window as unknown as { __prevented: boolean }).__prevented = event.defaultPrevented))
    }),
  )
  await page.keyboard.press('Control+s')
  await expect(page).toHaveURL(new RegExp(`/admin/books/${bookId}/chapters/${chapterId}/content$`))
  expect(await page.evaluate(() => (window as unknown as { __prevented?: boolean }).__prevented)).toBe(true)
  expect((await load(page, created.id)).content).toMatch(/Before\.<\/p>\n<p[^>]*>After\.<\/p>/)
})
