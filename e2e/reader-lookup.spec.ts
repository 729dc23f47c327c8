// Any word of a page's text looked up in the lexicon, against the real server's lookup
// (GET /api/terms/lookup): a double-click, a long press on a touch screen, the L key and the button
// beside a selected word open the term popup with how the form was read, a compound's parts with a
// way back, or similar terms when the lexicon lacks the word; axe finds nothing serious in it; and
// on the 9 MB page the popup shows within 150 ms of the double-click.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createBook, createChapter, ensureTerm, LARGE, ok, unique } from './helpers.ts'
import { adminApi, seedKhuddaka } from './reader-seed.ts'
import { findLookupWord, watchLookup, type LookupTiming } from '../bench/lib/lookup-timing.ts'

let pageId: number
// DOM snapshots of the 9 MB page would make the trace, not the reader, the slow part
test.use({ trace: 'off' })
const terms = new Map<string, number>()

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const api = await adminApi(testInfo.project.use.baseURL!)
  try {
    for (const name of ['nibbānaṃ', 'dhammo', 'cakkaṃ', 'taṇhā']) terms.set(name, await ensureTerm(api, name))
    const book = await createBook(api, unique('Lookup book'))
    const chapter = await createChapter(api, book.id, unique('Lookup chapter'))
    const content = [
      '<h2 id="lookup-heading">Sutta</h2>',
      '<p id="l1">Evaṃ me sutaṃ: nibbānassa santi.</p>',
      '<p id="l2">Bhagavā dhammacakkaṃ pavattesi.</p>',
      '<p id="l3">Etaṃ nibbānuṃ hoti.</p>',
      '<p id="l5">Yā taṇhāyāti vuccati.</p>',
      `<p id="l4">The wheel of <a href="/term/${terms.get('dhammo')}" data-term="dhammo">dhammo</a> turns.</p>`,
    ].join('\n')
    const saved = await ok<{ id: number }>(
      await api.post('/api/content', {
        data: { title: unique('Lookup page'), chapterId: chapter.id, content, published: true, order: 0 },
      }),
    )
    pageId = saved.id
  } finally {
    await api.dispose()
  }
})

/** The middle of `word` in the body's text, in the viewport's coordinates. */
async function wordPoint(page: Page, word: string) {
  const point = await page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.querySelector('.reader-body')!, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.nodeValue!.indexOf(wanted)
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      range.startContainer.parentElement!.scrollIntoView({ block: 'center' })
      const box = range.getBoundingClientRect()
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 }
    }
    return null
  }, word)
  expect(point, `"${word}" is on the page`).not.toBeNull()
  return point!
}

/** Selects `word` in the text, as a reader's keyboard or mouse selection would leave it. */
async function selectWord(page: Page, word: string) {
  await page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.querySelector('.reader-body')!, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.nodeValue!.indexOf(wanted)
      if (at < 0) continue
      const range = document.createRange()
      range.setStart(node, at)
      range.setEnd(node, at + wanted.length)
      const selection = document.getSelection()!
      selection.removeAllRanges()
      selection.addRange(range)
      return
    }
  }, word)
}

async function openReader(page: Page) {
  await page.goto(`/content/${pageId}`)
  await expect(page.locator('.reader-chunk #l1')).toBeVisible()
}

const popup = (page: Page) => page.getByRole('dialog')

test('a double-click on an inflected word opens its entry with how the form was read', async ({ page }) => {
  await openReader(page)
  const { x, y } = await wordPoint(page, 'nibbānassa')
  await page.mouse.dblclick(x, y)
  await expect(popup(page)).toBeVisible()
  await expect(popup(page).getByRole('heading', { name: 'nibbānaṃ' })).toBeVisible()
  await expect(popup(page)).toContainText(/nibbānassa → nibbānaṃ, \S/)
  await expect(popup(page)).toContainText('The entry of nibbānaṃ.')
  await expect(popup(page).getByRole('link', { name: 'Ava termini leht' })).toHaveAttribute(
    'href',
    `/term/${terms.get('nibbānaṃ')}`,
  )
  await page.keyboard.press('Escape')
  await expect(popup(page)).toBeHidden()
  // the reader is left at the word: still selected
  expect(await page.evaluate(() => document.getSelection()?.toString())).toBe('nibbānassa')

  // an enclitic taken off: the popup says so
  const enclitic = await wordPoint(page, 'taṇhāyāti')
  await page.mouse.dblclick(enclitic.x, enclitic.y)
  await expect(popup(page).getByRole('heading', { name: 'taṇhā' })).toBeVisible()
  await expect(popup(page)).toContainText(/taṇhāyāti → taṇhā/)
  const read = await ok<{ matches: Array<{ note: string }> }>(
    await page.request.get(`/api/terms/lookup?${new URLSearchParams({ word: 'taṇhāyāti' })}`),
  )
  expect(read.matches[0]!.note).not.toBe('')
  await expect(popup(page).getByText(read.matches[0]!.note, { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')

  // a marked term works as before: a click opens its own entry, and focus returns to the link
  const marked = page.locator('.reader-chunk a[data-term="dhammo"]')
  await marked.click()
  await expect(popup(page).getByRole('heading', { name: 'dhammo' })).toBeVisible()
  await expect(popup(page)).not.toContainText('→')
  await page.keyboard.press('Escape')
  await expect(marked).toBeFocused()

  // a triple click still selects the paragraph (its double-click's popup goes again)
  await page.locator('#l1').click({ clickCount: 3, position: { x: 5, y: 5 } })
  await expect(popup(page)).toBeHidden()
  expect((await page.evaluate(() => document.getSelection()?.toString() ?? '')).trim()).toBe(
    'Evaṃ me sutaṃ: nibbānassa santi.',
  )

  // the title bar is not the text: a double-click on the page's title looks nothing up
  await page.locator('.reader h1').first().dblclick()
  await page.waitForTimeout(300)
  await expect(popup(page)).toBeHidden()
})

test('a compound lists its parts, each opening its own entry with a way back', async ({ page }) => {
  await openReader(page)
  const { x, y } = await wordPoint(page, 'dhammacakkaṃ')
  await page.mouse.dblclick(x, y)
  await expect(popup(page).getByText('Liitsõna:')).toBeVisible()
  const first = popup(page).getByRole('button', { name: 'dhamma', exact: true })
  await expect(first).toBeVisible()
  await expect(popup(page).getByRole('button', { name: 'cakkaṃ', exact: true })).toBeVisible()

  await first.click()
  await expect(popup(page).getByRole('heading', { name: 'dhammo' })).toBeVisible()
  await expect(popup(page)).toContainText('The entry of dhammo.')
  await expect(popup(page)).toContainText(/dhamma → dhammo/)
  const back = popup(page).getByRole('button', { name: /Tagasi/ })
  await expect(back).toBeFocused()
  await back.click()
  await expect(popup(page).getByText('Liitsõna:')).toBeVisible()
  await expect(first).toBeFocused()

  await popup(page).getByRole('button', { name: 'cakkaṃ', exact: true }).click()
  await expect(popup(page).getByRole('heading', { name: 'cakkaṃ' })).toBeVisible()
  await expect(popup(page)).toContainText('The entry of cakkaṃ.')
})

test('a word the lexicon lacks shows "Leksikonis pole" with similar terms', async ({ page }) => {
  await openReader(page)
  const { x, y } = await wordPoint(page, 'nibbānuṃ')
  await page.mouse.dblclick(x, y)
  await expect(popup(page).getByText('Leksikonis pole')).toBeVisible()
  const similar = popup(page).getByRole('link', { name: 'nibbānaṃ' })
  await expect(similar).toHaveAttribute('href', `/term/${terms.get('nibbānaṃ')}`)
  expect(await popup(page).locator('ul li').count()).toBeLessThanOrEqual(3)
  await similar.click()
  await expect(popup(page)).toContainText('The entry of nibbānaṃ.')
  await popup(page)
    .getByRole('button', { name: /Tagasi/ })
    .click()
  await expect(popup(page).getByText('Leksikonis pole')).toBeVisible()
})

test('the L key and the button beside a selected word look it up; Escape hides the button', async ({ page }) => {
  await openReader(page)
  await selectWord(page, 'nibbānassa')
  const button = page.getByRole('button', { name: /^Otsi leksikonist/ })
  await expect(button).toBeVisible()
  await expect(button).toHaveAttribute('data-word', 'nibbānassa')
  await page.keyboard.press('l')
  await expect(popup(page).getByRole('heading', { name: 'nibbānaṃ' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup(page)).toBeHidden()

  // Tab from the text reaches the button; Enter looks the word up; focus comes back to the button
  await selectWord(page, 'dhammacakkaṃ')
  // the button still offers the last word until the next frame reads the new selection
  await expect(button).toHaveAttribute('data-word', 'dhammacakkaṃ')
  await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(popup(page).getByText('Liitsõna:')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup(page)).toBeHidden()
  await expect(button).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(button).toBeHidden()

  // more than one word: no button, and L does nothing
  await selectWord(page, 'Evaṃ me sutaṃ')
  await page.keyboard.press('l')
  await page.waitForTimeout(300)
  await expect(button).toBeHidden()
  await expect(popup(page)).toBeHidden()
})

test('the open popup has no serious accessibility violations', async ({ page }) => {
  await openReader(page)
  for (const word of ['nibbānassa', 'dhammacakkaṃ', 'nibbānuṃ']) {
    const { x, y } = await wordPoint(page, word)
    await page.mouse.dblclick(x, y)
    await expect(popup(page)).toBeVisible()
    await expect(popup(page).getByRole('heading', { name: 'Laadimine…' })).toBeHidden()
    await expect(popup(page).getByText('Laadimine…')).toHaveCount(0)
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help}`)
    expect(serious, word).toEqual([])
    await page.keyboard.press('Escape')
    await expect(popup(page)).toBeHidden()
  }
})

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true })

  /** Holds a finger at (x, y) for `ms`, moving it by `move` px on the way. */
  async function press(page: Page, x: number, y: number, ms: number, move = 0) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
    if (move) {
      await page.waitForTimeout(100)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + move, y }] })
    }
    await page.waitForTimeout(ms)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await cdp.detach()
  }

  test('a long press on a word looks it up; a tap or a moving finger does not', async ({ page }) => {
    await openReader(page)
    const { x, y } = await wordPoint(page, 'nibbānassa')
    await press(page, x, y, 120)
    await page.waitForTimeout(700)
    await expect(popup(page)).toBeHidden()
    await press(page, x, y, 700, 30)
    await page.waitForTimeout(300)
    await expect(popup(page)).toBeHidden()

    await press(page, x, y, 700)
    await expect(popup(page).getByRole('heading', { name: 'nibbānaṃ' })).toBeVisible()
    await expect(popup(page)).toContainText(/nibbānassa → nibbānaṃ/)
  })
})

test('on the 9 MB page the popup shows within 150 ms of the double-click', LARGE, async ({ page }, testInfo) => {
  test.setTimeout(240_000)
  testInfo.setTimeout(240_000)
  const large = await seedKhuddaka(testInfo.project.use.baseURL!, unique('Lookup 9 MB'))
  await page.goto(`/content/${large.id}`)
  await expect(page.locator('.reader-chunk[data-chunk="1"]')).toBeAttached({ timeout: 30_000 })
  // a word of the first chunk's text (not a link)
  const point = await page.evaluate(findLookupWord)
  expect(point).not.toBeNull()
  const shownMs: number[] = []
  const answeredMs: number[] = []
  const longestMs: number[] = []
  for (let round = 0; round < 3; round++) {
    await page.evaluate(watchLookup, 10_000)
    await page.mouse.dblclick(point!.x, point!.y)
    const timing = await page.evaluate(
      () => (window as unknown as { lookupTiming: Promise<LookupTiming | null> }).lookupTiming,
    )
    expect(timing, 'the popup showed its answer within 10 s').not.toBeNull()
    const { shown, answered, longest } = timing!
    shownMs.push(shown)
    answeredMs.push(answered)
    longestMs.push(longest)
    await expect(popup(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(popup(page)).toBeHidden()
  }
  const list = (figures: number[]) => figures.map((ms) => ms.toFixed(0)).join(', ')
  console.log(
    `9 MB page, "${point!.word}": popup shown ${list(shownMs)} ms, with its answer ${list(answeredMs)} ms after the double-click; ` +
      `longest task meanwhile ${list(longestMs)} ms`,
  )
  // the median of three: one round may meet another process's work on this shared machine
  const median = [...shownMs].sort((a, b) => a - b)[1]!
  expect(median).toBeLessThan(150)
  expect(Math.max(...shownMs)).toBeLessThan(400)
})
