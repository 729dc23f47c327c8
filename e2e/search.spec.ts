// The header's search dialog: Ctrl+K, typing without diacritics, the matched words marked, Enter
// opening the long page at the passage that matched (highlighted by the reader); filters, terms,
// the empty and failed answers, and the phone layout.
import { expect, test, expectHighlighted } from './fixtures.ts'
import type { APIResponse, Page } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config.ts'

const stamp = `${Date.now()}-${Math.floor(Math.random() * 1000)}`
const bookTitle = `Otsingu raamat ${stamp}`
const chapterTitle = `Otsingu peatükk ${stamp}`
const pageTitle = `Otsingu leht ${stamp}`
const termName = `Kāyagatāsati ${stamp}`
const heading = 'The foundations of mindfulness'
const sentence = 'Satipaṭṭhāna is the direct path, said the Blessed One near Kammāsadhamma.'
/** Enough blocks that the target sits in a later reader chunk (600 blocks each) than the first two. */
const PARAGRAPHS = 1500
const TARGET_AT = 1450

let pageId: number
let termId: number

async function ok<T>(response: APIResponse): Promise<T> {
  expect(
    response.ok(),
    `${response.url()} answered ${response.status()}: ${(await response.text()).slice(0, 300)}`,
  ).toBe(true)
  return (await response.json()) as T
}

function longPage(): string {
  const blocks: string[] = []
  for (let index = 0; index < PARAGRAPHS; index++) {
    if (index === TARGET_AT) blocks.push(`<h2>${heading}</h2>`, `<p>${sentence}</p>`)
    blocks.push(`<p>Lõik ${index}: tavaline täitetekst, mis ei räägi otsitavast asjast midagi erilist.</p>`)
  }
  return blocks.join('\n')
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const book = await ok<{ id: number }>(await api.post('/api/books', { data: { title: bookTitle } }))
    const chapter = await ok<{ id: number }>(
      await api.post('/api/chapters', { data: { title: chapterTitle, bookId: book.id } }),
    )
    const saved = await ok<{ id: number }>(
      await api.post('/api/content', {
        data: { title: pageTitle, chapterId: chapter.id, content: longPage(), published: true },
        timeout: 60_000,
      }),
    )
    pageId = saved.id
    const term = await ok<{ id: number }>(
      await api.post('/api/terms', {
        data: { term: termName, description: 'Keha vaatlemine, teadvelolek kehast.', published: true },
      }),
    )
    termId = term.id
  } finally {
    await api.dispose()
  }
})

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Otsingusõna' })
const optionWith = (page: Page, text: string) => page.getByRole('option').filter({ hasText: text })

/** Opens the reader's home and waits for the header, so the Ctrl+K listener is in place. */
async function openHome(page: Page) {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Otsi', exact: true })).toBeVisible()
}

test('Ctrl+K, a query without diacritics, Enter: the long page opens at the highlighted passage', async ({ page }) => {
  const answer = await ok<{ results: Array<{ type: string; id: number; anchor: string | null }> }>(
    await page.request.get('/api/search?q=satipatthana%20direct&includeLexicon=true'),
  )
  const anchor = answer.results.find((result) => result.type === 'content' && result.id === pageId)?.anchor
  expect(anchor, 'the search answer names the passage the page matched at').toBeTruthy()

  await openHome(page)
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Otsing' })
  await expect(dialog).toBeVisible()
  await expect(searchBox(page)).toBeFocused()
  await searchBox(page).pressSequentially('satipatthana direct')

  const option = optionWith(page, pageTitle)
  await expect(option).toBeVisible()
  await expect(option).toContainText('Sisu')
  await expect(option).toContainText(`${bookTitle} › ${chapterTitle}`)
  await expect(option).toContainText(heading)
  await expect(option.locator('mark')).toContainText(['Satipaṭṭhāna', 'direct'])

  // Arrow down to our page (in a shared database other pages may match too), then Enter.
  for (let step = 0; step < 10 && (await option.getAttribute('aria-selected')) !== 'true'; step++) {
    await searchBox(page).press('ArrowDown')
  }
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!)
  await searchBox(page).press('Enter')

  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(`/content/${pageId}#${anchor}`)
  const target = page.locator(`[id="${anchor}"]`)
  await expectHighlighted(target, { timeout: 20_000 })
  await expect(target).toContainText(heading)
  await expect(target).toBeInViewport()
})

test('a nonsense query says "Tulemusi ei leitud"; one letter is too short; a failed search says so', async ({
  page,
}) => {
  await openHome(page)
  await page.getByRole('button', { name: 'Otsi', exact: true }).click()
  await searchBox(page).pressSequentially('s')
  await expect(page.getByText('Sisesta vähemalt 2 tähemärki.')).toBeVisible()

  await searchBox(page).fill('qzxvbnmwq jjxqz')
  await expect(page.getByText('Tulemusi ei leitud')).toBeVisible()
  await expect(page.getByRole('option')).toHaveCount(0)

  await page.route('**/api/search?**', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }))
  await searchBox(page).fill('kammasadhamma')
  await expect(page.getByRole('alert')).toHaveText('Otsing ebaõnnestus')
})

test('terms are marked and open their page; the lexicon and book filters narrow the answer', async ({ page }) => {
  await openHome(page)
  await page.keyboard.press('Control+k')
  await searchBox(page).pressSequentially(`kayagatasati ${stamp}`)
  const term = optionWith(page, termName)
  await expect(term).toBeVisible()
  await expect(term).toContainText('Termin')

  await page.getByRole('checkbox', { name: 'Otsi ka leksikonist' }).click()
  await expect(term).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'Otsi ka leksikonist' }).click()
  await expect(term).toBeVisible()

  await searchBox(page).fill('kammasadhamma')
  const content = optionWith(page, pageTitle)
  await expect(content).toBeVisible()
  await page.getByRole('button', { name: /^Raamatud/ }).click()
  await page.getByRole('checkbox', { name: bookTitle }).click()
  await expect(content).toHaveCount(0)
  await page.getByRole('checkbox', { name: bookTitle }).click()
  await expect(content).toBeVisible()

  await searchBox(page).fill(`kayagatasati ${stamp}`)
  await optionWith(page, termName).click()
  await expect(page).toHaveURL(`/term/${termId}`)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('on a 390px phone the dialog fills the screen, and Escape returns focus to the button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openHome(page)
  const trigger = page.getByRole('button', { name: 'Otsi', exact: true })
  await trigger.click()
  const dialog = page.getByRole('dialog', { name: 'Otsing' })
  await expect(dialog).toBeVisible()
  const box = (await dialog.boundingBox())!
  expect(box.x).toBeLessThanOrEqual(1)
  expect(box.width).toBeGreaterThanOrEqual(389)
  expect(box.height).toBeGreaterThanOrEqual(843)

  await searchBox(page).pressSequentially('kammasadhamma')
  await expect(optionWith(page, pageTitle)).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
})
