// The page's first view is in its HTML (issue #14): the home page's text and a reader page's title bar
// and first chunk show before any script runs, and the script takes the page over without drawing
// the chunk again or moving anything; the reader then asks only for what it lacks.
import { expect, test } from './fixtures.ts'
import { adminApi } from './reader-seed.ts'
import { unique } from './helpers.ts'

let pageId: number
let draftId: number
let otherId: number

const BLOCKS = 900 // two chunks of 600
const body =
  Array.from(
    { length: BLOCKS / 2 },
    (_, i) => `<h2>Osa ${i}</h2><p>Lõik ${i} ${'sõna '.repeat(30)}<a href="#fn-1" id="r${i}">1</a></p>`,
  ).join('') + '\n=== LINKS START ===\n<p id="fn-1">Allmärkus üks</p>'

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const api = await adminApi(testInfo.project.use.baseURL!)
  try {
    const book = await (await api.post('/api/books', { data: { title: unique('Esimese vaate raamat') } })).json()
    const chapter = await (
      await api.post('/api/chapters', { data: { title: 'Esimene peatükk', bookId: book.id } })
    ).json()
    const save = async (title: string, content: string, published: boolean) => {
      const answer = await api.post('/api/content', { data: { title, chapterId: chapter.id, content, published } })
      expect(answer.ok(), await answer.text()).toBe(true)
      return ((await answer.json()) as { id: number }).id
    }
    pageId = await save('Serveri esimene vaade', body, true)
    otherId = await save('Teine lehekülg', '<p>Teise lehe tekst.</p>', true)
    draftId = await save('Mustand', '<p>Mustandi tekst.</p>', false)
  } finally {
    await api.dispose()
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a page shows its title bar and first chunk; the home page its text', async ({ page }) => {
    await page.goto(`/content/${pageId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Serveri esimene vaade' })).toBeVisible()
    await expect(page.getByText(/Esimese vaate raamat .* › Esimene peatükk/)).toBeVisible()
    await expect(page.getByText('Lõik 0 ', { exact: false })).toBeVisible()
    await expect(page.getByRole('link', { name: 'PDF: ava prinditav vaade' })).toHaveAttribute(
      'href',
      `/content/${pageId}?print=1`,
    )
    // the first chunk only: the second and the footnotes come from the reader
    await expect(page.getByText('Lõik 449 ')).toHaveCount(0)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Tere tulemast' })).toBeVisible()
  })

  test('drafts and missing pages get no first view', async ({ page }) => {
    for (const id of [draftId, 99999999]) {
      const answer = await page.goto(`/content/${id}`)
      const html = await answer!.text()
      expect(html).not.toContain('data-first-view')
      expect(html).not.toContain('Mustandi tekst')
    }
  })
})

test('the script takes the first view over: same nodes, nothing moves, chunk 0 is not asked for', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const requests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/content/')) requests.push(`${url.pathname}${url.search}`)
  })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.addInitScript(() => {
    const seen = window as unknown as { shifts: number[]; firstParagraph: Element | null }
    seen.shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts.push((entry as unknown as { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
    document.addEventListener('DOMContentLoaded', () => {
      seen.firstParagraph = document.querySelector('[data-chunk="0"] p')
    })
  })
  await page.goto(`/content/${pageId}`)
  // React is on the page once the paragraph link button is there
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  await expect(page.getByRole('link', { name: 'Serveri esimene vaade' })).toBeVisible() // the side tree
  const { sameNode, shift } = await page.evaluate(() => {
    const seen = window as unknown as { shifts: number[]; firstParagraph: Element | null }
    const now = document.querySelector('[data-chunk="0"] p')
    return {
      sameNode: seen.firstParagraph !== null && seen.firstParagraph === now,
      shift: seen.shifts.reduce((a, b) => a + b, 0),
    }
  })
  expect(sameNode).toBe(true)
  expect(shift).toBeLessThanOrEqual(0.01)
  await expect(page.locator('[data-chunk="0"]')).toHaveCount(1)

  // the second chunk by build; never chunk 0, never the whole page's answer
  await expect.poll(() => requests.filter((r) => r.includes('/chunks?'))).toHaveLength(1)
  expect(requests.find((r) => r.includes('/chunks?'))).toMatch(/chunk=1&size=600&build=\d+$/)
  expect(requests.some((r) => /\/api\/content\/\d+(\?|$)/.test(r))).toBe(false)
  expect(requests.some((r) => r.includes('/summary'))).toBe(false)

  // the footnotes come with the last chunk
  await expect(page.getByRole('region', { name: 'Viited ja märkused' })).toContainText('Allmärkus üks')
  // the table of contents is asked for when opened
  expect(requests.some((r) => r.includes('/toc'))).toBe(false)
  await page.getByRole('button', { name: 'Sisukord' }).click()
  await expect(page.getByRole('link', { name: 'Osa 449', exact: true })).toBeVisible()
  expect(requests.some((r) => r.endsWith(`/api/content/${pageId}/toc`))).toBe(true)
  await page.getByRole('link', { name: 'Osa 449', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Osa 449' })).toBeInViewport()
  expect(errors).toEqual([])
})

test('the text is drawn before the app is asked for: its scripts load after the first frame', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.addInitScript(() => {
    const seen = window as unknown as { textFrame: number | null }
    seen.textFrame = null
    const watch = new MutationObserver(() => {
      if (!document.querySelector('[data-chunk="0"] p')) return
      watch.disconnect()
      requestAnimationFrame(() => (seen.textFrame = performance.now()))
    })
    watch.observe(document, { childList: true, subtree: true })
  })
  await page.goto(`/content/${pageId}`)
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  const { textFrame, scripts, inHead } = await page.evaluate(() => ({
    textFrame: (window as unknown as { textFrame: number | null }).textFrame,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
      .map((entry) => entry.startTime),
    // the entry script and its modulepreloads, moved into <head> by the loader
    inHead: document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]').length,
  }))
  expect(textFrame).not.toBeNull()
  expect(scripts.length).toBeGreaterThan(0)
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(textFrame!)
  expect(inHead).toBeGreaterThan(0)
  // the stylesheet is in the page itself: no request for one
  const stylesheets = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.css')).length,
  )
  expect(stylesheets).toBe(0)
  expect(errors).toEqual([]) // the loader is allowed by the CSP (its hash), nothing refused
})

test('another page opened from the side tree gets its title bar from the summary', async ({ page }) => {
  await page.goto(`/content/${pageId}`)
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  await page.getByRole('link', { name: 'Teine lehekülg', exact: true }).click()
  await expect(page).toHaveURL(`/content/${otherId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Teine lehekülg' })).toBeVisible()
  await expect(page.getByRole('paragraph').filter({ hasText: 'Teise lehe tekst.' })).toBeVisible()
  // and back: the first view was taken once, so the page is asked for again and shown whole
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Serveri esimene vaade' })).toBeVisible()
  await expect(page.getByText('Lõik 0 ', { exact: false })).toBeVisible()
})
