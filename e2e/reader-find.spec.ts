// Find in page (issue 16, Finding): the title bar's find bar finds every occurrence in the whole page,
// loaded or not, says "1 / N", highlights the occurrences, and going to one in a chunk not loaded
// yet loads that chunk (as a footnote jump does) and brings the occurrence into view.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { adminApi } from './reader-seed.ts'
import { ok, unique } from './helpers.ts'
import { LINKS_MARKER } from '#shared/limits.ts'

/** Paragraphs: five chunks of 600 blocks. The word is in chunks 0, 1 and 4. */
const PARAGRAPHS = 3000
const WORD_AT = [3, 700, 2800]
let pageId: number

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const api = await adminApi(testInfo.project.use.baseURL!)
  try {
    const book = await ok<{ id: number }>(await api.post('/api/books', { data: { title: unique('Leidmise raamat') } }))
    const chapter = await ok<{ id: number }>(
      await api.post('/api/chapters', { data: { title: 'Leidmise peatükk', bookId: book.id } }),
    )
    const content = Array.from({ length: PARAGRAPHS }, (_, i) => {
      const word = i === 3 ? 'Tathā<b>gata</b>' : WORD_AT.includes(i) ? 'tathāgata' : 'õpetaja'
      return `<p>Lõik ${i}: ${word} rääkis pikalt ja selgelt, nii et kõik kuulajad said aru ja jäid rahule.</p>`
    }).join('\n')
    // The notes (the links section, shown with the last chunk) hold a word the text does not.
    const notes = [
      '<p><a href="#_ftnref1" id="_ftn1">[1]</a> Esimene märkus: sammāsambuddha.</p>',
      '<p><a href="#_ftnref2" id="_ftn2">[2]</a> Teine märkus.</p>',
      '<p><a href="#_ftnref3" id="_ftn3">[3]</a> Kolmas märkus: Sammāsambuddha jälle.</p>',
    ]
    const page = await ok<{ id: number }>(
      await api.post('/api/content', {
        data: {
          title: unique('Leidmise lehekülg'),
          chapterId: chapter.id,
          content: [content, LINKS_MARKER, ...notes].join('\n'),
          published: true,
        },
        timeout: 60_000,
      }),
    )
    pageId = page.id
  } finally {
    await api.dispose()
  }
})

const findBar = (page: Page) => page.getByRole('search', { name: 'Otsi lehelt' })
const findStatus = (page: Page) => findBar(page).getByRole('status')

/** The text of the current occurrence's highlight, and whether it is inside the main area's view. */
function currentHighlight(page: Page) {
  return page.evaluate(() => {
    const highlight = CSS.highlights.get('reader-find-current')
    const range = highlight ? ([...highlight][0] as Range | undefined) : undefined
    if (!range) return null
    const box = range.getBoundingClientRect()
    const area = document.querySelector('main')!.getBoundingClientRect()
    return { text: range.toString(), inView: box.top >= area.top && box.bottom <= area.bottom }
  })
}

const allHighlights = (page: Page) =>
  page.evaluate(() => (CSS.highlights.get('reader-find') ? [...CSS.highlights.get('reader-find')!].length : 0))

test('finds in the whole page, goes to an occurrence in a chunk not loaded, and closes with Esc', async ({ page }) => {
  const finds: string[] = []
  const chunks: number[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('/find')) finds.push(url.search)
    if (url.pathname.endsWith('/chunks')) chunks.push(Number(url.searchParams.get('chunk')))
  })
  await page.goto(`/content/${pageId}`)
  await expect(page.locator('.reader-chunk[data-chunk="1"]')).toBeAttached()
  const button = page.getByRole('button', { name: 'Otsi lehelt' })
  await button.click()
  const input = findBar(page).getByRole('searchbox', { name: 'Otsi lehelt' })
  await expect(input).toBeFocused()

  // case and diacritics aside; the first one is in the first chunk, across a <b>
  await input.fill('TATHAGATA')
  await expect(findStatus(page)).toHaveText('Vaste 1 / 3')
  expect(finds).toEqual(['?q=TATHAGATA'])
  await expect.poll(() => currentHighlight(page)).toEqual({ text: 'Tathāgata', inView: true })
  // highlighted: the occurrences in the chunks loaded (0 and 1)
  expect(await allHighlights(page)).toBe(2)

  // Enter: the next one, in chunk 1
  await input.press('Enter')
  await expect(findStatus(page)).toHaveText('Vaste 2 / 3')
  await expect.poll(() => currentHighlight(page)).toEqual({ text: 'tathāgata', inView: true })

  // F3 too: the last one, in the last chunk, not loaded: that chunk is fetched first, as a footnote jump does
  await expect(page.locator('.reader-chunk[data-chunk="4"]')).toHaveCount(0)
  const asked = chunks.length
  await page.keyboard.press('F3')
  await expect(findStatus(page)).toHaveText('Vaste 3 / 3')
  await expect(page.locator('.reader-chunk[data-chunk="4"]')).toBeAttached()
  expect(chunks[asked]).toBe(4)
  await expect.poll(() => currentHighlight(page)).toEqual({ text: 'tathāgata', inView: true })
  await expect(page.locator(`.reader-chunk[data-chunk="4"] > :nth-child(${2800 - 2400 + 1})`)).toBeInViewport()
  // the title bar stays while the find bar is open, though the page scrolled down
  await expect(findBar(page)).toBeInViewport()

  // Shift+Enter goes back; past the first, around to the last
  await input.press('Shift+Enter')
  await expect(findStatus(page)).toHaveText('Vaste 2 / 3')
  await expect.poll(() => currentHighlight(page)).toEqual({ text: 'tathāgata', inView: true })
  await findBar(page).getByRole('button', { name: 'Järgmine vaste' }).click()
  await findBar(page).getByRole('button', { name: 'Järgmine vaste' }).click()
  await expect(findStatus(page)).toHaveText('Vaste 1 / 3')
  await expect.poll(() => currentHighlight(page)).toEqual({ text: 'Tathāgata', inView: true })
  expect(await allHighlights(page)).toBe(3)

  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // nothing found
  await input.fill('zzzq')
  await expect(findStatus(page)).toHaveText('Ei leitud')
  await expect(findBar(page).getByRole('button', { name: 'Järgmine vaste' })).toBeDisabled()
  expect(await allHighlights(page)).toBe(0)

  // Esc closes the bar, takes the highlights away and gives focus back to the button
  await input.fill('tathagata')
  await expect(findStatus(page)).toHaveText(/Vaste \d \/ 3/)
  await input.press('Escape')
  await expect(findBar(page)).toHaveCount(0)
  await expect(button).toBeFocused()
  expect(await page.evaluate(() => CSS.highlights.has('reader-find'))).toBe(false)
  // the page was never left: the address has no jump in it
  expect(new URL(page.url()).hash).toBe('')
})

test('Ctrl+F stays the browser’s', async ({ page }) => {
  await page.goto(`/content/${pageId}`)
  await page.locator('.reader-chunk[data-chunk="0"] p').first().click()
  await page.keyboard.press('Control+f')
  await expect(findBar(page)).toHaveCount(0)
})

test('finds in the notes too: they come with the last chunk, and each occurrence is highlighted there', async ({
  page,
}) => {
  await page.goto(`/content/${pageId}`)
  await expect(page.locator('.reader-links')).toHaveCount(0)
  await page.getByRole('button', { name: 'Otsi lehelt' }).click()
  const input = findBar(page).getByRole('searchbox', { name: 'Otsi lehelt' })
  await input.fill('sammasambuddha')
  await expect(findStatus(page)).toHaveText('Vaste 1 / 2')
  await expect(page.locator('.reader-links')).toBeAttached()
  await expect(page.locator('.reader-chunk[data-chunk="4"]')).toBeAttached()
  await expect.poll(() => currentHighlight(page)).toEqual({ text: 'sammāsambuddha', inView: true })
  expect(await allHighlights(page)).toBe(2)
  await input.press('Enter')
  await expect(findStatus(page)).toHaveText('Vaste 2 / 2')
  await expect.poll(() => currentHighlight(page)).toEqual({ text: 'Sammāsambuddha', inView: true })
})
