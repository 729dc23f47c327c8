// Pictures in pages in a real browser: one is added with "Lisa pilt" (the file dialog) and one
// dropped into the text, each with its alt text asked; the reader shows the picture with no
// Content-Security-Policy complaint; the editor names pictures the policy blocks; the image
// library lists pictures with their uses and deletes one no page uses.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, expectToast, loginAsAdmin, ok, unique } from './helpers.ts'

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer()

async function seriousViolations(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

/** Console messages about the Content-Security-Policy, from now on. */
function cspComplaints(page: Page) {
  const complaints: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) complaints.push(message.text())
  })
  return complaints
}

async function chapterFor(page: Page, name: string) {
  const book = await createBook(page.request, unique(`Piltide raamat ${name}`))
  return createChapter(page.request, book.id, unique(`Piltide peatükk ${name}`))
}

const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Content' })

async function uploadThroughApi(page: Page, name: string, file: Buffer) {
  return ok<{ id: number; url: string; width: number; height: number }>(
    await page.request.post('/api/images', { multipart: { file: { name, mimeType: 'image/jpeg', buffer: file } } }),
  )
}

test('a picture added with "Lisa pilt" and one dropped in are shown by the reader', async ({ page }) => {
  const complaints = cspComplaints(page)
  await loginAsAdmin(page)
  const chapter = await chapterFor(page, 'nupp')
  await page.goto(`/admin/content/new?chapterId=${chapter.id}`)
  const title = unique('Piltidega leht')
  await page.getByLabel('Title').fill(title)
  await contentEditor(page).click()
  await page.keyboard.type('Enne pilti. ')

  // The button opens the file dialog; the picture is uploaded at once.
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Lisa pilt' }).click()
  const fileName = `${unique('lootos')}.jpg`.replaceAll(' ', '-')
  await (
    await chooser
  ).setFiles({ name: fileName, mimeType: 'image/jpeg', buffer: await picture(2000, 1000, '#b45309') })
  const dialog = page.getByRole('dialog', { name: 'Pildi lisamine' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Pilt on üles laaditud: 1600×800 px')).toBeVisible()
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

  // Alt text is required unless the picture is decorative.
  await dialog.getByRole('button', { name: 'Lisa lehele' }).click()
  await expect(dialog.getByText('Kirjuta alternatiivtekst või märgi pilt dekoratiivseks.')).toBeVisible()
  await dialog.getByLabel('Alternatiivtekst').fill('Lootoseõis tiigil')
  await dialog.getByRole('button', { name: 'Lisa lehele' }).click()
  await expect(dialog).toBeHidden()
  const inEditor = contentEditor(page).locator('img[alt="Lootoseõis tiigil"]')
  await expect(inEditor).toBeVisible()
  await expect(inEditor).toHaveAttribute('width', '1600')

  // A second picture dropped at the end of the text, marked decorative.
  const dropped = (await picture(300, 200, '#1e3a8a')).toString('base64')
  await contentEditor(page).evaluate((editor, bytes) => {
    const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([data], 'kaunistus.jpg', { type: 'image/jpeg' }))
    const box = editor.getBoundingClientRect()
    editor.dispatchEvent(
      new DragEvent('drop', {
        dataTransfer: transfer,
        clientX: box.left + 20,
        clientY: box.top + 10,
        bubbles: true,
        cancelable: true,
      }),
    )
  }, dropped)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText('Pilt on üles laaditud: 300×200 px')).toBeVisible()
  await dialog.getByRole('checkbox', { name: 'Pilt on dekoratiivne (ei kanna sisu)' }).click()
  await dialog.getByRole('button', { name: 'Lisa lehele' }).click()
  await expect(dialog).toBeHidden()
  await expect(contentEditor(page).locator('img[src^="/api/images/"][alt=""]')).toHaveCount(1)

  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Content saved successfully', { exact: true })).toBeVisible()
  const editLink = page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: /^Edit/ })
  const id = new URL((await editLink.getAttribute('href')) ?? '', 'http://x').pathname.split('/').pop()

  // The reader shows both pictures, loaded, at their stored size, lazily.
  await page.goto(`/content/${id}`)
  const shown = page.locator('.reader-body img[alt="Lootoseõis tiigil"]')
  await expect(shown).toBeVisible()
  await expect(shown).toHaveAttribute('loading', 'lazy')
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600)
  const decorative = page.locator('.reader-body img[alt=""]')
  await decorative.scrollIntoViewIfNeeded()
  await expect.poll(() => decorative.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300)
  // Never wider than the text column.
  const widths = await shown.evaluate((image) => ({
    image: image.getBoundingClientRect().width,
    column: image.closest('.reader-body')!.getBoundingClientRect().width,
  }))
  expect(widths.image).toBeLessThanOrEqual(widths.column)
  expect(complaints).toEqual([])
})

test('the editor names pictures the site will not show, takes a pasted one and reuses the library', async ({
  page,
}) => {
  await loginAsAdmin(page)
  const chapter = await chapterFor(page, 'väline')
  const saved = await ok<{ id: number }>(
    await page.request.post('/api/content', {
      data: {
        chapterId: chapter.id,
        title: unique('Välise pildiga leht'),
        content: '<p>Tekst <img src="https://example.org/kaugel.jpg" alt="Kaugel"></p>',
        published: false,
        order: 0,
      },
    }),
  )
  await page.goto(`/admin/content/edit/${saved.id}`)
  await expect(page.getByText('Lehel on 1 välist pilti, mida sait ei näita', { exact: false })).toBeVisible()
  await expect(page.getByText('https://example.org/kaugel.jpg', { exact: true })).toBeVisible()
  // Pictures no longer push a page into the HTML view.
  await expect(contentEditor(page)).toBeVisible()

  // A pasted picture is uploaded too; cancelling its dialog leaves the text as it was.
  const pasted = (await picture(120, 80, '#4c1d95')).toString('base64')
  await contentEditor(page).click()
  await contentEditor(page).evaluate((editor, bytes) => {
    const data = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([data], 'kleebitud.jpg', { type: 'image/jpeg' }))
    editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
  }, pasted)
  const dialog = page.getByRole('dialog', { name: 'Pildi lisamine' })
  await expect(dialog.getByText('Pilt on üles laaditud: 120×80 px')).toBeVisible()
  await dialog.getByRole('button', { name: 'Loobu' }).click()
  await expect(dialog).toBeHidden()
  await expect(contentEditor(page).locator('img[src^="/api/images/"]')).toHaveCount(0)

  // The same picture, now in the library, is put in from there without a new upload.
  await page.getByRole('button', { name: 'Vali pilt pildikogust' }).click()
  const picker = page.getByRole('dialog', { name: 'Vali pilt pildikogust' })
  await expect(picker.getByRole('button', { name: /kleebitud\.jpg/ }).first()).toBeVisible()
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
  await picker
    .getByRole('button', { name: /kleebitud\.jpg/ })
    .first()
    .click()
  await expect(picker).toBeHidden()
  await expect(dialog.getByText('Pilt pildikogust: 120×80 px')).toBeVisible()
  await dialog.getByLabel('Alternatiivtekst').fill('Lilla ruut')
  await dialog.getByRole('button', { name: 'Lisa lehele' }).click()
  await expect(contentEditor(page).locator('img[alt="Lilla ruut"]')).toHaveAttribute('width', '120')

  // A file that is no picture is refused with the reason, before anything is sent.
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Lisa pilt' }).click()
  await (await chooser).setFiles({ name: 'märkmed.txt', mimeType: 'text/plain', buffer: Buffer.from('tekst') })
  await expectToast(page, 'Pildi üleslaadimine ebaõnnestus', 'Fail „märkmed.txt“ ei ole pilt.')
})

test('the image library lists pictures with their pages and deletes an unused one', async ({ page }) => {
  await loginAsAdmin(page)
  const chapter = await chapterFor(page, 'kogu')
  const usedName = `${unique('kasutusel')}.jpg`.replaceAll(' ', '-')
  const unusedName = `${unique('kasutamata')}.jpg`.replaceAll(' ', '-')
  const used = await uploadThroughApi(page, usedName, await picture(64, 48, '#3f6212'))
  await uploadThroughApi(page, unusedName, await picture(48, 64, '#7c2d12'))
  const pageTitle = unique('Kogu leht')
  await ok(
    await page.request.post('/api/content', {
      data: {
        chapterId: chapter.id,
        title: pageTitle,
        content: `<p><img src="${used.url}" alt="Roheline" width="64" height="48"></p>`,
        published: true,
        order: 0,
      },
    }),
  )

  await page.getByRole('navigation', { name: 'Halduse menüü' }).getByRole('link', { name: 'Pildid' }).click()
  await expect(page.getByRole('heading', { name: 'Pildid', level: 1 })).toBeVisible()
  const usedCard = page.getByRole('article', { name: usedName })
  const unusedCard = page.getByRole('article', { name: unusedName })
  await expect(usedCard.getByRole('link', { name: pageTitle })).toBeVisible()
  await expect(usedCard.getByRole('button', { name: /^Kustuta/ })).toHaveCount(0)
  await expect(unusedCard.getByText('Ei ole kasutusel')).toBeVisible()
  expect(await seriousViolations(page, 'main')).toEqual([])

  await unusedCard.getByRole('button', { name: /^Kustuta/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Kustuta pilt' })
  await expect(confirm).toContainText(unusedName)
  await confirm.getByRole('button', { name: 'Kustuta' }).click()
  await expectToast(page, 'Success', 'Pilt on kustutatud')
  await expect(unusedCard).toHaveCount(0)
  await expect(usedCard).toBeVisible()
})

test('the print view waits for every picture, even one far below the view, before it prints', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page)
  const chapter = await chapterFor(page, 'print')
  const far = await uploadThroughApi(
    page,
    `${unique('kaugel')}.jpg`.replaceAll(' ', '-'),
    await picture(320, 200, '#1e3a8a'),
  )
  const paragraphs = Array.from({ length: 400 }, (_, i) => `<p>Lõik ${i}: tekst enne pilti.</p>`).join('\n')
  const created = await ok<{ id: number }>(
    await page.request.post('/api/content', {
      data: {
        chapterId: chapter.id,
        title: unique('Prinditav leht piltidega'),
        content: `${paragraphs}\n<p><img src="${far.url}" alt="Sinine" width="320" height="200"></p>`,
        published: true,
      },
    }),
  )
  // a visitor, with the print dialog replaced by a note of how the pictures stood when it opened
  const visitor = await browser.newContext()
  try {
    const reader = await visitor.newPage()
    await reader.addInitScript(() => {
      window.print = () => {
        const pictures = [...document.querySelectorAll('img')]
        document.documentElement.dataset.printedPictures = pictures
          .map((img) => `${img.complete && img.naturalWidth > 0 ? 'loaded' : 'missing'}`)
          .join(',')
      }
    })
    await reader.goto(`/content/${created.id}?print=1`)
    await expect(reader.locator('html')).toHaveAttribute('data-printed-pictures', 'loaded', { timeout: 15_000 })
  } finally {
    await visitor.close()
  }
})

test('a visitor sees a published page’s pictures; a draft’s picture is not there for them', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page)
  const chapter = await chapterFor(page, 'mustand')
  const shown = await uploadThroughApi(
    page,
    `${unique('avalik')}.jpg`.replaceAll(' ', '-'),
    await picture(90, 60, '#166534'),
  )
  const hidden = await uploadThroughApi(
    page,
    `${unique('peidus')}.jpg`.replaceAll(' ', '-'),
    await picture(60, 90, '#9d174d'),
  )
  const post = async (title: string, picture: { url: string }, published: boolean) =>
    ok<{ id: number }>(
      await page.request.post('/api/content', {
        data: {
          chapterId: chapter.id,
          title: unique(title),
          content: `<p>Tekst <img src="${picture.url}" alt="${title}" width="90" height="60"></p>`,
          published,
        },
      }),
    )
  const published = await post('Avalik pilt', shown, true)
  await post('Peidetud pilt', hidden, false)
  // The administrator gets both.
  expect((await page.request.get(hidden.url)).status()).toBe(200)

  const visitor = await browser.newContext()
  try {
    const reader = await visitor.newPage()
    await reader.goto(`/content/${published.id}`)
    const image = reader.locator('.reader-body img[alt="Avalik pilt"]')
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(90)
    const refused = await reader.request.get(hidden.url)
    expect(refused.status()).toBe(404)
    expect(refused.headers()['etag']).toBeUndefined()
    expect(await refused.json()).toEqual({ error: 'Image not found', code: 'not_found' })
  } finally {
    await visitor.close()
  }
})
