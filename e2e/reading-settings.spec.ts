// Reading settings (issue 16, reading comfort): text size, line width and theme from the title bar's
// "Aa" popover, applied at once, kept in this browser and on <html> before the first paint, also on
// the server's first view; with nothing chosen the system's dark preference is followed. The themes
// keep AA contrast (axe), print always comes out light, and jumps still land at any text size.
//
// How "before the first paint" is shown: (1) after a reload the page's text does not move while the
// app takes over (layout shift, as first-view-ssr.spec.ts measures it): size and width applied by
// the app instead would move every line; (2) in a fresh browser given only the stored settings
// (Playwright's storage state, as a returning reader has it) and with the app's JavaScript refused,
// the server's HTML alone comes out dark, large and narrow, so the inline script in <head> did it,
// allowed by the CSP (a blocked inline script would log a CSP violation, and leave no attributes).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { adminApi } from './reader-seed.ts'
import { unique } from './helpers.ts'

let pageId: number
const BLOCKS = 900 // two chunks of 600: the footnotes come with the second
const body =
  Array.from(
    { length: BLOCKS / 2 },
    (_, i) => `<h2>Osa ${i}</h2><p>Lõik ${i} ${'sõna '.repeat(30)}<a href="#fn-1" id="r${i}">${i}</a></p>`,
  ).join('') + '\n=== LINKS START ===\n<p id="fn-1">Allmärkus üks</p>'

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const api = await adminApi(testInfo.project.use.baseURL!)
  try {
    const book = await (await api.post('/api/books', { data: { title: unique('Seadete raamat') } })).json()
    const chapter = await (await api.post('/api/chapters', { data: { title: 'Peatükk', bookId: book.id } })).json()
    const answer = await api.post('/api/content', {
      data: { title: 'Lugemisseadete lehekülg', chapterId: chapter.id, content: body, published: true },
    })
    expect(answer.ok(), await answer.text()).toBe(true)
    pageId = ((await answer.json()) as { id: number }).id
  } finally {
    await api.dispose()
  }
})

// By its label, not its role: while the modal popover is open, Radix hides the rest of the page
// from the accessibility tree.
const settingsButton = (page: Page) => page.locator('button[aria-label="Aa: lugemisseaded"]')
const popover = (page: Page) => page.getByRole('dialog', { name: 'Lugemisseaded' })

async function choose(page: Page, group: string, option: string) {
  if (!(await popover(page).isVisible())) await settingsButton(page).click()
  await popover(page).getByRole('group', { name: group }).getByRole('radio', { name: option, exact: true }).check()
}

/** <html>'s settings attributes and what they look like: the page's background (on <html>), the text's size and width. */
async function looks(page: Page) {
  await page.locator('[data-chunk="0"] p').first().waitFor()
  return page.evaluate(() => {
    const html = document.documentElement
    const paragraph = document.querySelector('[data-chunk="0"] p')!
    const background = getComputedStyle(html).backgroundColor
    return {
      theme: html.getAttribute('data-theme'),
      textSize: html.getAttribute('data-text-size'),
      width: html.getAttribute('data-width'),
      colorScheme: getComputedStyle(html).colorScheme,
      fontSize: parseFloat(getComputedStyle(paragraph).fontSize),
      bodyWidth: document.querySelector('.reader-body')!.getBoundingClientRect().width,
      background,
    }
  })
}

/** The sum of the channels of an rgb()/oklch colour as the browser gives it, roughly: dark < 200 < light. */
function lightness(color: string) {
  const rgb = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/.exec(color)
  if (rgb) return Number(rgb[1]) + Number(rgb[2]) + Number(rgb[3])
  const oklch = /oklch\(([\d.]+)(%?)/.exec(color)
  if (oklch) return (Number(oklch[1]) / (oklch[2] ? 100 : 1)) * 765
  throw new Error(`unknown colour ${color}`)
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    )
}

function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

test('dark, large and narrow apply at once, and are there before the first paint after a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const errors = collectErrors(page)
  await page.goto(`/content/${pageId}`)
  const before = await looks(page)
  expect(before).toMatchObject({ theme: null, textSize: null, width: null })
  expect(lightness(before.background)).toBeGreaterThan(600)

  await choose(page, 'Teema', 'Tume')
  await choose(page, 'Kirja suurus', 'Suur')
  await choose(page, 'Rea laius', 'Kitsas')
  const chosen = await looks(page)
  expect(chosen).toMatchObject({ theme: 'dark', textSize: 'large', width: 'narrow', colorScheme: 'dark' })
  expect(lightness(chosen.background)).toBeLessThan(150)
  expect(chosen.fontSize).toBeCloseTo(before.fontSize * 1.15, 1)
  expect(chosen.bodyWidth).toBeLessThan(before.bodyWidth * 0.8)
  await page.keyboard.press('Escape')

  // Reloaded: the settings are on <html> before the app runs, so nothing moves when it takes over.
  await page.addInitScript(() => {
    const seen = window as unknown as { shifts: number[] }
    seen.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts.push((entry as unknown as { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.reload()
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  expect(await looks(page)).toEqual(chosen)
  const shift = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0))
  expect(shift).toBeLessThanOrEqual(0.01)
  expect(errors).toEqual([])

  // A fresh browser with only this storage, and the app's JavaScript refused: the server's HTML and
  // the inline script alone.
  const storageState = await page.context().storageState()
  expect(storageState.origins[0]?.localStorage).toContainEqual({
    name: 'reading-settings',
    value: JSON.stringify({ textSize: 'large', width: 'narrow', theme: 'dark' }),
  })
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 800 } })
  try {
    const bare = await context.newPage()
    const bareErrors = collectErrors(bare)
    await bare.route('**/assets/*.js', (route) => route.abort())
    await bare.goto(`/content/${pageId}`)
    await expect(bare.locator('[data-first-view]')).toBeAttached()
    expect(await looks(bare)).toEqual(chosen)
    // only the refused app scripts fail; no CSP violation
    expect(bareErrors.filter((error) => !/net::ERR_FAILED|Failed to load/.test(error))).toEqual([])
  } finally {
    await context.close()
  }
})

test("with nothing chosen the system's dark preference is followed; a choice overrides it", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(`/content/${pageId}`)
  let now = await looks(page)
  expect(now.theme).toBeNull()
  expect(now.colorScheme).toBe('dark')
  expect(lightness(now.background)).toBeLessThan(150)
  await settingsButton(page).click()
  await expect(popover(page).getByRole('radio', { name: 'Süsteemi järgi' })).toBeChecked()

  await choose(page, 'Teema', 'Hele')
  now = await looks(page)
  expect(now.theme).toBe('light')
  expect(lightness(now.background)).toBeGreaterThan(600)

  await choose(page, 'Teema', 'Süsteemi järgi')
  now = await looks(page)
  expect(now.theme).toBeNull()
  expect(lightness(now.background)).toBeLessThan(150)
  await page.emulateMedia({ colorScheme: 'light' })
  expect(lightness((await looks(page)).background)).toBeGreaterThan(600)
})

for (const theme of ['Tume', 'Seepia'] as const) {
  test(`no serious accessibility violations in the ${theme} theme: reader, its settings, the lexicon`, async ({
    page,
  }) => {
    await page.goto(`/content/${pageId}`)
    await choose(page, 'Teema', theme)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(popover(page)).toBeHidden()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/lexicon')
    await expect(page.getByRole('heading', { level: 1, name: 'Leksikon' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('the settings work from the keyboard, and focus goes back to the button', async ({ page }) => {
  await page.goto(`/content/${pageId}`)
  await page.getByRole('button', { name: 'Sisukord' }).focus()
  await page.keyboard.press('Tab')
  await expect(settingsButton(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(popover(page)).toBeVisible()
  await expect(settingsButton(page)).toHaveAttribute('aria-expanded', 'true')

  // Tab reaches the chosen radio of each group; arrow keys choose within it
  const size = popover(page).getByRole('group', { name: 'Kirja suurus' })
  while (!(await size.getByRole('radio', { name: 'Keskmine' }).evaluate((radio) => radio === document.activeElement)))
    await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowRight')
  await expect(size.getByRole('radio', { name: 'Suur', exact: true })).toBeChecked()
  await expect(page.locator('html')).toHaveAttribute('data-text-size', 'large')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowLeft')
  await expect(page.locator('html')).toHaveAttribute('data-width', 'medium')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'sepia')

  await page.keyboard.press('Escape')
  await expect(popover(page)).toBeHidden()
  await expect(settingsButton(page)).toBeFocused()
  await expect(settingsButton(page)).toHaveAttribute('aria-expanded', 'false')
})

test('at the largest text size a footnote and a heading far down still land in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/content/${pageId}`)
  await choose(page, 'Kirja suurus', 'Väga suur')
  await choose(page, 'Rea laius', 'Kitsas')
  await page.keyboard.press('Escape')
  await page.locator('#r3').click()
  await expect(page.getByText('Allmärkus üks')).toBeInViewport()

  await page.getByRole('button', { name: 'Sisukord' }).click()
  await page.getByRole('link', { name: 'Osa 400', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Osa 400', exact: true })).toBeInViewport()
})

test('the print view prints light, at its own size, whatever the settings', async ({ page }) => {
  await page.goto(`/content/${pageId}`)
  await choose(page, 'Teema', 'Tume')
  await choose(page, 'Kirja suurus', 'Väga suur')
  await page.keyboard.press('Escape')
  await page.goto(`/content/${pageId}?print=1`)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('h1').first()).toBeVisible()
  await expect(page.locator('.reader-prose').first()).toBeVisible()
  const printed = await page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector('h1')!).color,
    background: getComputedStyle(document.body).backgroundColor,
    fontSize: parseFloat(getComputedStyle(document.querySelector('.reader-prose')!).fontSize),
    colour: getComputedStyle(document.querySelector('.reader-prose')!).color,
  }))
  expect(printed).toMatchObject({ background: 'rgb(255, 255, 255)', colour: 'rgb(0, 0, 0)' })
  expect(lightness(printed.heading)).toBeLessThan(150)
  expect(printed.fontSize).toBeCloseTo((11 * 4) / 3, 1) // 11pt, as reader.css prints
})
