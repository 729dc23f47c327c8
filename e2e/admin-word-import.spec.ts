// Importing a Word file in a real browser (issue 30): from a chapter's pages list into a new page and
// from the editor into an existing one; the preview's counts, table of contents, footnote jumps and
// (for an existing page) the comparison; "Võta kasutusele", "Save", and the reader showing the text
// with a working footnote jump. A file that is not a .docx gets the server's Estonian refusal.
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { LARGE, createBook, createChapter, expectToast, loginAsAdmin, ok, rowWith, unique } from './helpers.ts'
import { DOCX_TYPE } from '#shared/limits.ts'
import sharp from 'sharp'
import type { WordPreview } from '#shared/api/word.ts'
import { sampleDocument, wordDocument } from '../test-support/word-documents.ts'
import type { WordText } from '../test-support/word-documents.ts'

async function seriousViolations(page: Page, selector: string) {
  return (await new AxeBuilder({ page }).include(selector).analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id)
}

/** Enough paragraphs between a footnote's mark and its note that the note starts out of view. */
const filler = (from: number) =>
  Array.from({ length: 30 }, (_, index) => ({ text: `Täitelõik ${from + index}: mungad kuulasid vaikides.` }))

function sutta(title: string, firstText: string): WordText {
  return {
    title,
    sections: [
      {
        heading: 'Sissejuhatus Sāvatthīs',
        paragraphs: [
          { text: firstText, note: 'Jetavana on Anāthapiṇḍika park.' },
          ...filler(1),
          { text: 'Teine märkusega lõik.', note: 'Teine märkus: saṅgha.' },
        ],
      },
      { heading: 'Õpetus', paragraphs: [{ text: 'Buddha õpetas nelja õilsat tõde.' }, ...filler(31)] },
    ],
    table: [
      ['Pāli', 'Eesti'],
      ['dukkha', 'kannatus'],
    ],
  }
}

async function chooseWordFile(dialog: Locator, name: string, buffer: Buffer, mimeType = DOCX_TYPE) {
  await dialog.getByLabel('Wordi fail (.docx)').setInputFiles({ name, mimeType, buffer })
}

/** A jump inside the preview: the footnote's mark to its note, and the note back to its mark. */
async function footnoteJumpsInPreview(preview: Locator) {
  const mark = preview.locator('a[href="#_ftn1"]')
  const note = preview.locator('[id="_ftn1"], a[name="_ftn1"]').first()
  await expect(note).not.toBeInViewport()
  await mark.click()
  await expect(note).toBeInViewport()
  await preview.locator('a[href="#_ftnref1"]').click()
  await expect(mark).toBeInViewport()
}

test('a Word file becomes a new page from the chapter pages list, and the reader shows it', async ({ page }) => {
  await loginAsAdmin(page)
  const book = await createBook(page.request, unique('Wordi raamat'))
  const chapter = await createChapter(page.request, book.id, unique('Wordi peatükk'))
  const title = unique('Sutta Wordist')
  const buffer = await wordDocument(sutta(title, 'Nii olen ma kuulnud: Buddha peatus Sāvatthīs.'))

  await page.goto(`/admin/books/${book.id}/chapters/${chapter.id}/content`)
  await page.getByRole('link', { name: 'Impordi Wordi fail' }).click()
  await expect(page).toHaveURL(/\/admin\/content\/new\?chapterId=\d+&import=word/)
  const dialog = page.getByRole('dialog', { name: 'Impordi Wordi fail' })
  await expect(dialog).toBeVisible()
  // focus is in the dialog: on its file input
  await expect(dialog.getByLabel('Wordi fail (.docx)')).toBeFocused()

  await chooseWordFile(dialog, 'sutta.docx', buffer)
  await expect(dialog.getByRole('status').filter({ hasText: 'eelvaade on valmis' })).toBeVisible({ timeout: 30_000 })
  const counts = dialog.getByRole('region', { name: 'Kokkuvõte' })
  await expect(counts).toContainText('Joonealuseid märkusi2 (kõik paaris)')
  await expect(counts).toContainText('Tabeleid1')
  await expect(counts).toContainText(/Pealkirju1\. tase: \d/)
  await expect(dialog.getByRole('region', { name: 'Hoiatused' })).toBeVisible()
  const toc = dialog.getByRole('navigation', { name: 'Sisukord' })
  await expect(toc.getByRole('button', { name: 'Õpetus' })).toBeVisible()
  const preview = dialog.getByRole('region', { name: 'Lehe eelvaade' })
  await expect(preview.getByText('Nii olen ma kuulnud: Buddha peatus Sāvatthīs.')).toBeVisible()
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

  await footnoteJumpsInPreview(preview)
  await toc.getByRole('button', { name: 'Õpetus' }).click()
  await expect(preview.getByRole('heading', { name: 'Õpetus' })).toBeInViewport()

  await dialog.getByRole('button', { name: 'Võta kasutusele' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await page.getByLabel('Published').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters/${chapter.id}/content$`))
  const href = await rowWith(page, title).getByRole('link', { name: /View/ }).getAttribute('href')
  expect(href).toMatch(/^\/content\/\d+$/)

  await page.goto(href!)
  await expect(page.getByText('Nii olen ma kuulnud: Buddha peatus Sāvatthīs.')).toBeVisible()
  await page.locator('.reader-body a[href="#_ftn1"]').click()
  await expect(page.locator('[id="_ftn1"]')).toBeInViewport()
  await expect(page.getByText('Jetavana on Anāthapiṇḍika park.')).toBeVisible()
})

test('a Word file imported into an existing page shows what it changes before it is saved', async ({ page }) => {
  await loginAsAdmin(page)
  const book = await createBook(page.request, unique('Wordi raamat'))
  const chapter = await createChapter(page.request, book.id, unique('Wordi peatükk'))
  const title = unique('Olemasolev leht')
  const created = await ok<{ id: number }>(
    await page.request.post('/api/content', {
      data: {
        title,
        chapterId: chapter.id,
        published: true,
        content:
          '<h1>Sissejuhatus Sāvatthīs</h1>\n<p>Vana tekst räägib lootosest.</p>\n=== LINKS START ===\n' +
          '<p>Tõlke allikas: SuttaCentral, CC0.</p>',
      },
    }),
  )
  const buffer = await wordDocument(sutta(title, 'Uus tekst räägib veest.'))

  await page.goto(`/admin/content/edit/${created.id}`)
  await page.getByRole('button', { name: 'Impordi Wordi fail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Impordi Wordi fail' })
  await chooseWordFile(dialog, 'uus.docx', buffer)
  const comparison = dialog.getByRole('region', { name: 'Muudatused võrreldes praeguse tekstiga' })
  await expect(comparison).toBeVisible({ timeout: 30_000 })
  await expect(comparison.locator('del').filter({ hasText: 'lootosest' }).first()).toBeVisible()
  await expect(comparison.locator('ins').filter({ hasText: 'veest' }).first()).toBeVisible()
  // The Word file has no links section: the page's own stays.
  await expect(dialog.getByText('Wordi failis pole viidete osa: lehe praegune viidete osa jääb alles.')).toBeVisible()
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

  // "Loobu" leaves the editor as it was
  await dialog.getByRole('button', { name: 'Loobu' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Impordi Wordi fail' })).toBeFocused()

  await page.getByRole('button', { name: 'Impordi Wordi fail' }).click()
  await chooseWordFile(dialog, 'uus.docx', buffer)
  await expect(dialog.getByRole('button', { name: 'Võta kasutusele' })).toBeEnabled({ timeout: 30_000 })
  await dialog.getByRole('button', { name: 'Võta kasutusele' }).click()
  await expectToast(page, 'Success', 'Wordi faili tekst on toimetis.')
  // the title stays the page's own
  await expect(page.getByLabel('Title')).toHaveValue(title)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/books/${book.id}/chapters/${chapter.id}/content$`))

  await page.goto(`/content/${created.id}`)
  await expect(page.getByText('Uus tekst räägib veest.')).toBeVisible()
  await expect(page.getByText('Vana tekst räägib lootosest.')).toHaveCount(0)
  await expect(page.getByText('Tõlke allikas: SuttaCentral, CC0.')).toBeVisible()
  await page.locator('.reader-body a[href="#_ftn2"]').click()
  await expect(page.locator('[id="_ftn2"]')).toBeInViewport()
})

test('the pictures of a preview the editor does not take leave the picture library again', async ({ page }) => {
  await loginAsAdmin(page)
  const book = await createBook(page.request, unique('Wordi raamat'))
  const chapter = await createChapter(page.request, book.id, unique('Wordi peatükk'))
  // A picture of its own colour, so that this test's preview is the one that adds it.
  const colour = `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const buffer = await sampleDocument(picture)
  const previewOnce = async () => {
    await page.getByRole('button', { name: 'Impordi Wordi fail' }).click()
    const dialog = page.getByRole('dialog', { name: 'Impordi Wordi fail' })
    const answer = page.waitForResponse((response) => response.url().includes('/api/admin/word/preview'))
    await chooseWordFile(dialog, 'pildiga.docx', buffer)
    const preview = (await (await answer).json()) as WordPreview
    await expect(dialog.getByRole('status').filter({ hasText: 'eelvaade on valmis' })).toBeVisible({ timeout: 30_000 })
    expect(preview.addedPictures).toHaveLength(1)
    return { dialog, id: preview.addedPictures[0]! }
  }
  const inLibrary = async (id: number) => {
    const library = await ok<Array<{ id: number }>>(await page.request.get('/api/images'))
    return library.some((image) => image.id === id)
  }

  await page.goto(`/admin/content/new?chapterId=${chapter.id}`)
  const cancelled = await previewOnce()
  expect(await inLibrary(cancelled.id)).toBe(true)
  // One call removes the preview's pictures (not a DELETE per picture).
  const discarded = page.waitForResponse((response) => response.url().endsWith('/api/admin/word/discard'))
  await cancelled.dialog.getByRole('button', { name: 'Loobu' }).click()
  await expect(cancelled.dialog).toBeHidden()
  expect(await (await discarded).json()).toEqual({ removed: [cancelled.id] })
  await expect.poll(() => inLibrary(cancelled.id)).toBe(false)

  // Taken into the editor, the picture stays (and is the one the editor's text shows).
  const taken = await previewOnce()
  await taken.dialog.getByRole('button', { name: 'Võta kasutusele' }).click()
  await expect(taken.dialog).toBeHidden()
  await page.waitForLoadState('networkidle')
  expect(await inLibrary(taken.id)).toBe(true)
})

test('a file that is not a .docx is refused in Estonian, and the dialog stays usable', async ({ page }) => {
  await loginAsAdmin(page)
  const book = await createBook(page.request, unique('Wordi raamat'))
  const chapter = await createChapter(page.request, book.id, unique('Wordi peatükk'))
  await page.goto(`/admin/content/new?chapterId=${chapter.id}`)
  await page.getByRole('button', { name: 'Impordi Wordi fail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Impordi Wordi fail' })
  // an old Word 97 file's signature, renamed: not a .docx
  const oldWord = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)])
  await chooseWordFile(dialog, 'vana.docx', oldWord)
  const alert = dialog.getByRole('alert')
  await expect(alert).toContainText('Faili ei õnnestunud importida:')
  // the server's own words, in Estonian (no English status text)
  await expect(alert).not.toContainText(/Unsupported|Bad Request|Error/)
  await expect(dialog.getByRole('button', { name: 'Võta kasutusele' })).toBeDisabled()
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

  // nothing reached the editor
  await dialog.getByRole('button', { name: 'Loobu' }).click()
  await expect(page.getByText('Size: 0.00 MB')).toBeVisible()
})

test('the preview of a several-megabyte document never blocks the tab for long', LARGE, async ({ page }) => {
  test.setTimeout(300_000)
  await loginAsAdmin(page)
  const book = await createBook(page.request, unique('Wordi raamat'))
  const chapter = await createChapter(page.request, book.id, unique('Wordi peatükk'))
  const sentence = 'Nii olen ma kuulnud: ühel ajal peatus Õnnis Sāvatthīs, Jetavanas, Anāthapiṇḍika pargis. '
  const sections = Array.from({ length: 100 }, (_, section) => ({
    heading: `Osa ${section + 1}`,
    paragraphs: Array.from({ length: 30 }, (_, index) => ({
      text: `${section * 30 + index}. ${sentence.repeat(12)}`,
      ...(index % 3 === 0 ? { note: `Märkus lõigule ${section * 30 + index}: saṅgha, dhamma.` } : {}),
    })),
  }))
  const buffer = await wordDocument({ title: unique('Suur dokument'), sections })

  await page.goto(`/admin/content/new?chapterId=${chapter.id}&import=word`)
  const dialog = page.getByRole('dialog', { name: 'Impordi Wordi fail' })
  // every task of the main thread over 50 ms, from the moment the file is chosen
  await page.evaluate(() => {
    const tasks: number[] = []
    Object.assign(window, { longTasks: tasks })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration)
    }).observe({ type: 'longtask' })
  })
  await chooseWordFile(dialog, 'suur.docx', buffer)
  await expect(dialog.getByRole('status').filter({ hasText: 'eelvaade on valmis' })).toBeVisible({ timeout: 240_000 })
  const preview = dialog.getByRole('region', { name: 'Lehe eelvaade' })
  expect(await preview.evaluate(() => document.querySelector('[data-gap]') !== null)).toBe(true)
  // a jump from the first mark to its note far below draws the note's piece, and back
  await footnoteJumpsInPreview(preview)
  // then every piece drawn as it comes into view, to the last
  for (let step = 0; step < 500 && (await preview.locator('[data-gap]').count()) > 0; step++) {
    await preview.evaluate((box) => box.querySelector('[data-gap]')?.scrollIntoView())
    await page.waitForTimeout(20)
  }
  await expect(preview.locator('[data-gap]')).toHaveCount(0)
  await expect(preview.locator('a[href="#_ftnref1000"]')).toHaveCount(1)
  const tasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
  const html = await page.evaluate(
    () => document.querySelector('[role="region"][aria-label="Lehe eelvaade"]')?.textContent?.length,
  )
  console.log(
    `large preview: ${tasks.length} long tasks, longest ${Math.round(Math.max(0, ...tasks))} ms, text ${html} chars`,
  )
  expect(Math.max(0, ...tasks)).toBeLessThan(1000)
})
