// Installable and readable offline (issue 16; decision 032): the manifest and icons, a page opened
// once readable offline after a reload, a whole book saved with its progress and size and every page
// readable offline, a changed page replacing its saved copy, and no administrator's answer in any
// cache. Only these tests let the service worker run (playwright.config.ts blocks it elsewhere).
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { loginAsAdmin, ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

test.use({ serviceWorkers: 'allow' })

const bookTitle = unique('Võrguühenduseta raamat')
const otherBookTitle = unique('Avamata raamat')
let bookId: number
let longPage: number
let secondPage: number
let thirdPage: number
let unopenedPage: number
let draftPage: number

/** More than two chunks (600 blocks each): paragraph N says "Pikk lõik N". */
const longHtml = Array.from({ length: 1300 }, (_, index) => `<p>Pikk lõik ${index + 1}.</p>`).join('')

async function admin(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }) {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  await ok(await api.post('/api/login', { data: E2E_ADMIN }))
  return api
}

test.beforeAll(async ({ playwright }) => {
  const api = await admin(playwright)
  try {
    const book = await ok<{ id: number }>(await api.post('/api/books', { data: { title: bookTitle, order: 0 } }))
    bookId = book.id
    const chapter = async (id: number, title: string, order: number) =>
      (await ok<{ id: number }>(await api.post('/api/chapters', { data: { title, bookId: id, order } }))).id
    const first = await chapter(bookId, 'Esimene peatükk', 1)
    const secondChapter = await chapter(bookId, 'Teine peatükk', 2)
    const page = async (chapterId: number, title: string, content: string, published = true) =>
      (await ok<{ id: number }>(await api.post('/api/content', { data: { title, chapterId, content, published } }))).id
    longPage = await page(first, 'Pikk lehekülg', longHtml)
    secondPage = await page(first, 'Teine lehekülg', '<p>Teise lehe esialgne tekst.</p>')
    thirdPage = await page(secondChapter, 'Kolmas lehekülg', '<p>Kolmanda lehe esialgne tekst.</p>')
    draftPage = await page(secondChapter, 'Salajane mustand', '<p>Mustandi salajane tekst.</p>', false)
    const other = await ok<{ id: number }>(await api.post('/api/books', { data: { title: otherBookTitle, order: 1 } }))
    unopenedPage = await page(await chapter(other.id, 'Avamata peatükk', 1), 'Avamata lehekülg', '<p>Avamata.</p>')
  } finally {
    await api.dispose()
  }
})

/** A paragraph of the page's text (the reader also keeps a hidden copy of some texts for screen readers). */
function paragraph(page: Page, text: string) {
  return page.locator('article p').filter({ hasText: text })
}

/** Loads all of the page's chunks ('Lae kogu sisu' unless reading on has already loaded them). */
async function loadWholePage(page: Page) {
  const all = page.getByRole('status').filter({ hasText: /^Kogu sisu laetud/ })
  await expect(async () => {
    if (!(await all.isVisible())) await page.getByRole('button', { name: 'Lae kogu sisu' }).click({ timeout: 1000 })
    await expect(all).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
}

/** Waits until the service worker controls the page and has kept what the page fetched before it did. */
async function workerReady(page: Page, kept: string) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
    .toBe(true)
  await expect.poll(() => cacheKeys(page), { timeout: 20_000 }).toContainEqual(expect.stringContaining(kept))
}

/** Every URL kept in any cache of the site, each prefixed by its cache's name. */
async function cacheKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const keys: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) keys.push(`${name} ${request.url}`)
    }
    return keys
  })
}

/** The text a cache keeps for `url` (any cache whose name starts with `prefix`). */
async function keptText(page: Page, prefix: string, url: string): Promise<string | null> {
  return page.evaluate(
    async ({ prefix, url }) => {
      for (const name of await caches.keys()) {
        if (!name.startsWith(prefix)) continue
        const kept = await (await caches.open(name)).match(url, { ignoreVary: true })
        if (kept) return kept.text()
      }
      return null
    },
    { prefix, url },
  )
}

async function changePage(playwright: Parameters<typeof admin>[0], id: number, title: string, text: string) {
  const api = await admin(playwright)
  try {
    const current = await ok<{ chapterId: number }>(await api.get(`/api/content/${id}?body=false`))
    await ok(
      await api.put(`/api/content/${id}`, {
        data: { title, chapterId: current.chapterId, content: `<p>${text}</p>`, published: true },
      }),
    )
  } finally {
    await api.dispose()
  }
}

test('the site is installable: manifest, icons and the worker are served as browsers need them', async ({
  page,
  request,
}) => {
  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  const manifestResponse = await request.get('/manifest.webmanifest')
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  const manifest = (await manifestResponse.json()) as {
    name: string
    short_name: string
    lang: string
    start_url: string
    display: string
    theme_color: string
    icons: { src: string; sizes: string; type: string; purpose: string }[]
  }
  expect(manifest).toMatchObject({
    name: 'Õpetuste entsüklopeedia',
    lang: 'et',
    start_url: '/',
    display: 'standalone',
    theme_color: '#fafaf9',
  })
  expect(manifest.short_name.length).toBeLessThanOrEqual(12)
  const sizes = new Set<string>()
  for (const icon of manifest.icons.filter((candidate) => candidate.type === 'image/png')) {
    const png = await request.get(icon.src)
    expect(png.headers()['content-type']).toBe('image/png')
    const bytes = await png.body()
    // The PNG's IHDR: width and height as stated in the manifest.
    const [width, height] = icon.sizes.split('x').map(Number)
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([width, height])
    sizes.add(`${icon.sizes} ${icon.purpose}`)
  }
  expect([...sizes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])

  // Chromium's own verdict (what Lighthouse's retired installability audit asked it): no errors.
  await workerReady(page, '/index.html')
  const cdp = await page.context().newCDPSession(page)
  const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string }
  expect(parsed.url).toMatch(/\/manifest\.webmanifest$/)
  expect(parsed.errors).toEqual([])
  // A Playwright context is incognito, which alone keeps Chromium from offering to install.
  const installability = async () =>
    (
      (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    ).installabilityErrors
      .map((error) => error.errorId)
      .filter((id) => id !== 'in-incognito')
  await expect.poll(installability).toEqual([])

  const worker = await request.get('/sw.js')
  expect(worker.headers()['cache-control']).toBe('no-cache')
  expect(worker.headers()['content-type']).toMatch(/^(?:text|application)\/javascript/)
  const csp = (await request.get('/')).headers()['content-security-policy']
  expect(csp).toContain("manifest-src 'self'")
  expect(csp).toContain("worker-src 'self'")
})

test("the worker keeps the visitor's whole app when it installs, and none of the administrator's screens", async ({
  page,
}) => {
  const scripts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) scripts.add(url.pathname)
  })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await workerReady(page, '/index.html')
  const kept = (await cacheKeys(page)).map((key) => new URL(key.split(' ')[1]!).pathname)
  // every script the first visit ran, the app's own chunk above all (it was left out once)
  expect(scripts.size).toBeGreaterThan(3)
  for (const script of scripts) expect(kept).toContain(script)
  // the visitor's lazy parts, which this visit never opened, are there to open offline
  for (const part of [/\/TermPopup-/, /\/SearchPage-/, /\/FeedbackForm-/]) {
    expect(kept.some((path) => part.test(path))).toBe(true)
  }
  // the administrator's screens and the editor are not
  for (const path of kept)
    expect(path).not.toMatch(/\/(?:ContentEditorForm|UsersPage|RevisionHistoryPage|ToolbarButton)-/)
})

test('a page opened once is readable offline after a reload; a page never opened says so', async ({
  page,
  context,
}) => {
  await page.goto(`/content/${longPage}`)
  await expect(paragraph(page, 'Pikk lõik 1.')).toBeVisible()
  await workerReady(page, `/content/${longPage}`)
  // The second chunk, asked for by build once the worker controls the page, is kept too.
  await loadWholePage(page)
  await expect(paragraph(page, 'Pikk lõik 1300.')).toBeAttached()
  await expect.poll(() => cacheKeys(page)).toContainEqual(expect.stringMatching(/chunks\?chunk=2&size=600$/))

  await context.setOffline(true)
  await page.reload()
  await expect(
    page.getByRole('status').filter({ hasText: 'Võrguühendus puudub — näitan salvestatud koopiat' }),
  ).toBeVisible()
  await expect(paragraph(page, 'Pikk lõik 1.')).toBeVisible()
  await loadWholePage(page)
  await expect(paragraph(page, 'Pikk lõik 1300.')).toBeAttached()

  await page.goto(`/content/${unopenedPage}`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Seda lehte pole võrguühenduseta lugemiseks salvestatud' }),
  ).toBeVisible()
  await context.setOffline(false)
})

test('a path that is no page stays 404 through the worker, online and offline (decision 047)', async ({
  page,
  context,
}) => {
  await page.goto(`/content/${secondPage}`)
  await workerReady(page, `/content/${secondPage}`)
  const notFound = page.getByRole('heading', { name: '404 Page Not Found' })
  // Online the worker hands the server's 404 on and keeps nothing of it.
  expect((await page.goto('/no/such/page'))?.status()).toBe(404)
  await expect(notFound).toBeVisible()
  expect(await cacheKeys(page)).not.toContainEqual(expect.stringContaining('/no/such/page'))
  // Offline, without a copy, the app shell answers: with 404 too, not 200.
  await context.setOffline(true)
  expect((await page.goto('/no/such/page'))?.status()).toBe(404)
  await expect(notFound).toBeVisible()
  // A page of the app that was never opened is still the app (200), which says it is not saved.
  expect((await page.goto(`/content/${unopenedPage}`))?.status()).toBe(200)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Seda lehte pole võrguühenduseta lugemiseks salvestatud' }),
  ).toBeVisible()
  await context.setOffline(false)
})

test('a whole book is saved with its progress and size, and every page reads offline', async ({ page, context }) => {
  await page.goto(`/book/${bookId}`)
  await workerReady(page, `/book/${bookId}`)
  const offline = page.getByRole('region', { name: 'Võrguühenduseta lugemine' })
  const axe = await new AxeBuilder({ page }).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // Every progress text the page shows while saving.
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { progressSeen: string[] }).progressSeen = seen
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[role="status"]')) {
        if (/lehte$/.test(element.textContent ?? '')) seen.push(element.textContent!)
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  await offline.getByRole('button', { name: 'Salvesta raamat võrguühenduseta lugemiseks' }).click()
  await expect(offline.getByText(/^Salvestatud võrguühenduseta lugemiseks /)).toBeVisible({ timeout: 30_000 })
  await expect(offline.getByText(/3 lehte, [0-9,]+ kB\./)).toBeVisible()
  await expect(offline.getByText(/^Sellel saidil on seadmes kasutusel [0-9,]+ (?:kB|MB)/)).toBeVisible()
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)
  expect(progress.some((text) => /^[0-3] \/ 3 lehte$/.test(text))).toBe(true)
  const withControls = await new AxeBuilder({ page }).analyze()
  expect(withControls.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // Reopened, the book page says it is saved and that nothing changed since.
  await page.reload()
  await expect(offline.getByText(/^Salvestatud võrguühenduseta lugemiseks /)).toBeVisible()
  await expect(offline.getByText('Koopia on ajakohane.')).toBeVisible()

  await context.setOffline(true)
  for (const [id, text] of [
    [longPage, 'Pikk lõik 1300.'],
    [secondPage, 'Teise lehe esialgne tekst.'],
    [thirdPage, 'Kolmanda lehe esialgne tekst.'],
  ] as const) {
    await page.goto(`/content/${id}`)
    if (id === longPage) await loadWholePage(page)
    await expect(paragraph(page, text)).toBeAttached()
  }
  // The book page itself, and its offline section, offline.
  await page.goto(`/book/${bookId}`)
  await expect(page.getByRole('heading', { level: 1, name: bookTitle })).toBeVisible()
  await expect(offline.getByText(/^Salvestatud võrguühenduseta lugemiseks /)).toBeVisible()

  await context.setOffline(false)
  await page.reload()
  await offline.getByRole('button', { name: 'Eemalda võrguühenduseta koopia' }).click()
  await expect(offline.getByText('Võrguühenduseta koopia eemaldati.')).toBeVisible()
  await expect(offline.getByRole('button', { name: 'Salvesta raamat võrguühenduseta lugemiseks' })).toBeVisible()
  expect((await cacheKeys(page)).filter((key) => key.startsWith(`epl-book-${bookId} `))).toEqual([])
})

test('a changed page replaces its saved copy: read online, or the book updated', async ({
  page,
  context,
  playwright,
}) => {
  await page.goto(`/book/${bookId}`)
  await workerReady(page, `/book/${bookId}`)
  const offline = page.getByRole('region', { name: 'Võrguühenduseta lugemine' })
  await offline.getByRole('button', { name: 'Salvesta raamat võrguühenduseta lugemiseks' }).click()
  await expect(offline.getByText(/^Salvestatud võrguühenduseta lugemiseks /)).toBeVisible({ timeout: 30_000 })

  // Changed by an administrator, then read online: the saved copy follows.
  await changePage(playwright, secondPage, 'Teine lehekülg', 'Teise lehe uus tekst.')
  await page.goto(`/content/${secondPage}`)
  await expect(paragraph(page, 'Teise lehe uus tekst.')).toBeVisible()
  const chunkKey = `/api/content/${secondPage}/chunks?chunk=0&size=600`
  await expect.poll(() => keptText(page, 'epl-book-', chunkKey)).toContain('Teise lehe uus tekst.')
  await context.setOffline(true)
  await page.reload()
  await expect(paragraph(page, 'Teise lehe uus tekst.')).toBeVisible()
  await expect(paragraph(page, 'Teise lehe esialgne tekst.')).toHaveCount(0)
  await context.setOffline(false)

  // Changed and not read: the book page counts it and "Uuenda" fetches it.
  await changePage(playwright, thirdPage, 'Kolmas lehekülg', 'Kolmanda lehe uus tekst.')
  await page.goto(`/book/${bookId}`)
  await expect(offline.getByText('Pärast salvestamist on muutunud 1 lehte.')).toBeVisible()
  await offline.getByRole('button', { name: 'Uuenda' }).click()
  await expect(offline.getByText('Koopia on ajakohane.')).toBeVisible({ timeout: 30_000 })
  await context.setOffline(true)
  await page.goto(`/content/${thirdPage}`)
  await expect(paragraph(page, 'Kolmanda lehe uus tekst.')).toBeVisible()
  await context.setOffline(false)
})

test("an administrator's answers and drafts are never kept", async ({ page }) => {
  await page.goto('/')
  await workerReady(page, '/index.html')
  await loginAsAdmin(page)
  await page.goto(`/content/${draftPage}`)
  await expect(paragraph(page, 'Mustandi salajane tekst.')).toBeVisible()
  await page.goto(`/content/${secondPage}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Teine lehekülg' })).toBeVisible()
  await page.waitForTimeout(500)
  const keys = await cacheKeys(page)
  expect(keys.filter((key) => key.includes(`/api/content/${draftPage}`))).toEqual([])
  expect(keys.filter((key) => /\/api\/(?:admin|user|auth|login)/.test(key))).toEqual([])
  // Answers given to the session (summary, the book tree) say private and are not kept either.
  expect(keys.filter((key) => key.includes(`/api/content/${secondPage}/summary`))).toEqual([])
  for (const key of keys.filter((candidate) => candidate.startsWith('epl-pages'))) {
    const text = await keptText(page, 'epl-pages', key.split(' ')[1]!)
    expect(text ?? '', key).not.toContain('Salajane mustand')
  }
})
