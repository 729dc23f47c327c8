// The reader on the 9 MB Khuddaka Nikāya page: the first words fast, progressive loading to the
// end, and jumps that fetch just the chunk they need and come back with Back.
import { expect, test, expectHighlighted } from './fixtures.ts'
import type { Page } from '@playwright/test'
import { seedKhuddaka } from './reader-seed.ts'
import type { SeededPage } from './reader-seed.ts'

let khuddaka: SeededPage
let totalChunks: number

test.describe.configure({ timeout: 90_000 })
// DOM snapshots of a 9 MB page would make the trace, not the reader, the slow part
test.use({ trace: 'off' })

const status = (page: Page) => page.locator('.reader-controls [role="status"]')

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  test.setTimeout(180_000)
  const baseURL = testInfo.project.use.baseURL!
  khuddaka = await seedKhuddaka(baseURL, `Khuddaka e2e ${Date.now()}`)
})

async function chunkCount(page: Page, id: number) {
  const answer = await page.request.get(`/api/content/${id}/chunks?chunk=0&size=600`)
  return ((await answer.json()) as { totalChunks: number }).totalChunks
}

async function locate(page: Page, id: number, anchor: string) {
  const answer = await page.request.get(`/api/content/${id}/locate?anchor=${encodeURIComponent(anchor)}&size=600`)
  return ((await answer.json()) as { chunk: number }).chunk
}

/** True when the element's top is inside the main area's visible part. */
async function inView(page: Page, selector: string) {
  return page.evaluate((css) => {
    const element = document.querySelector(css)
    const main = document.querySelector('main')
    if (!element || !main) return false
    const box = element.getBoundingClientRect()
    const area = main.getBoundingClientRect()
    return box.top >= area.top - 2 && box.top < area.bottom
  }, selector)
}

test('the first text of the 9 MB page shows fast, and "Lae kogu sisu" loads every part', async ({ page }) => {
  totalChunks = await chunkCount(page, khuddaka.id)
  expect(totalChunks).toBeGreaterThan(20)
  const requests: string[] = []
  page.on('request', (request) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search))
  const started = Date.now()
  await page.goto(`/content/${khuddaka.id}`)
  const firstChunk = page.locator('.reader-chunk[data-chunk="0"]')
  await expect(firstChunk.locator('p').first()).toBeVisible({ timeout: 5_000 })
  const firstTextMs = Date.now() - started
  console.log(`first text of the 9 MB page after ${firstTextMs} ms`)
  expect(firstTextMs).toBeLessThan(5_000)
  // the first chunk and the title bar are in the page's HTML (decision 022): the reader asks neither for
  // chunk 0 nor for the page's answer (its heading list and links section are megabytes here)
  expect(requests).not.toContain(`/api/content/${khuddaka.id}/chunks?chunk=0&size=600`)
  expect(
    requests.filter((r) => r === `/api/content/${khuddaka.id}` || r.startsWith(`/api/content/${khuddaka.id}?`)),
  ).toEqual([])

  // chunk 1 follows by itself; nothing else until the reader scrolls
  await expect(page.locator('.reader-chunk[data-chunk="1"]')).toBeAttached()
  await expect(status(page)).toHaveText(`part 2 of ${totalChunks}`)

  await page.getByRole('button', { name: 'Lae rohkem' }).click()
  // Clicking scrolls the button (the end of what is loaded) into view, which may read on by itself too:
  // the reader loads on while the view is past 70 % of what is loaded, so from the end of part 3 up to
  // part 5 when the parts are of a height (3/4 ≥ 0.7 > 3/5), one more when they are not (the corpus).
  await expect(status(page)).toHaveText(new RegExp(`^part [3-6] of ${totalChunks}$`))

  await page.getByRole('button', { name: 'Lae kogu sisu' }).click()
  await expect(status(page)).toHaveText(`Kogu sisu laetud (${totalChunks} osa)`, { timeout: 60_000 })
  await expect(page.locator('.reader-chunk')).toHaveCount(totalChunks)
  await expect(page.locator('.reader-gap')).toHaveCount(0)
  // ~28,000 blocks, and still one paragraph-link button (docs/decisions/008-paragraph-links-keyboard.md)
  await expect(page.locator('.reader-body button')).toHaveCount(1)
})

test('a footnote jump loads just the chunk of its note (the last one), highlights it, and Back returns', async ({
  page,
}) => {
  totalChunks ??= await chunkCount(page, khuddaka.id)
  // a note that lives in the last chunk, and its marker far up in the text
  const lastChunk = await page.request.get(`/api/content/${khuddaka.id}/chunks?chunk=${totalChunks - 1}&size=600`)
  const number = /id="_ftn(\d+)"/.exec(((await lastChunk.json()) as { chunk: string }).chunk)![1]
  const note = `_ftn${number}`
  const markerId = `_ftnref${number}`
  const markerChunk = await locate(page, khuddaka.id, markerId)
  expect(markerChunk).toBeLessThan(totalChunks - 1)

  // opening the marker's address lands on the marker
  await page.goto(`/content/${khuddaka.id}#${markerId}`)
  const marker = page.locator(`[id="${markerId}"]`)
  // The marker's chunk is fetched too (locate, then the chunk): on a loaded CI machine that, with the
  // client taking over the 9 MB page's first view, has taken longer than the 2 s highlight lasts.
  await expectHighlighted(marker, { timeout: 15_000 })
  await expect.poll(() => inView(page, `[id="${markerId}"]`)).toBe(true)
  await expect(marker).not.toHaveClass(/reader-highlight/, { timeout: 4_000 })
  // Chunks next to the marker may still be loading (the reader fills what is near the screen); the
  // jump's own requests are the ones counted.
  await page.waitForLoadState('networkidle')

  const chunkRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/chunks?')) chunkRequests.push(new URL(request.url()).searchParams.get('chunk')!)
  })
  await marker.click()
  const target = page.locator(`[id="${note}"]`)
  // The note's chunk is the last of a 9 MB page: on a loaded CI machine it has taken over 5 s.
  await expectHighlighted(target, { timeout: 15_000 })
  await expect(page).toHaveURL(new RegExp(`#${note}$`))
  await expect.poll(() => inView(page, `[id="${note}"]`)).toBe(true)
  // Released after landing, the placeholder just above the note fills and the blocks near it are laid
  // out: the note stays in view all along. (Scroll anchoring alone once left it 830 px above the view
  // for good; use-reader-jumps.ts holds it in place.)
  for (let sample = 0; sample < 30; sample++) {
    expect(await inView(page, `[id="${note}"]`), `the note in view ${sample * 100} ms after landing`).toBe(true)
    await page.waitForTimeout(100)
  }
  // The note's chunk, and at most the reading on below the chunks around the marker (the reader loads
  // the chunk after the furthest one it has when its area is nearly read): nothing far between.
  expect(chunkRequests).toContain(String(totalChunks - 1))
  for (const requested of chunkRequests.map(Number)) {
    const nearMarker = requested >= markerChunk - 1 && requested <= markerChunk + 3
    expect(nearMarker || requested >= totalChunks - 2, `chunk ${requested} of ${totalChunks}`).toBe(true)
  }
  // the chunks in between stay placeholders
  await expect(page.locator('.reader-gap').first()).toBeAttached()
  expect(chunkRequests.length).toBeLessThan(5)
  // the highlight lasts 2 s
  await expect(target).not.toHaveClass(/reader-highlight/, { timeout: 4_000 })

  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`#${markerId}$`))
  await expect.poll(() => inView(page, `[id="${markerId}"]`)).toBe(true)
})

/**
 * Opens the 9 MB page at a note of its last chunk with scroll anchoring off everywhere (Safari has none),
 * and waits until the jump has landed on it; returns the note's id.
 */
async function landOnLastNoteWithoutScrollAnchoring(page: Page) {
  totalChunks ??= await chunkCount(page, khuddaka.id)
  const lastChunk = await page.request.get(`/api/content/${khuddaka.id}/chunks?chunk=${totalChunks - 1}&size=600`)
  const note = `_ftn${/id="_ftn(\d+)"/.exec(((await lastChunk.json()) as { chunk: string }).chunk)![1]}`
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style')
      style.textContent = '* { overflow-anchor: none !important; }'
      document.head.append(style)
    })
  })
  await page.goto(`/content/${khuddaka.id}#${note}`)
  await expectHighlighted(page.locator(`[id="${note}"]`), { timeout: 15_000 })
  await expect.poll(() => inView(page, `[id="${note}"]`)).toBe(true)
  return note
}

test('without scroll anchoring (as in Safari) a landed note stays in view while the chunk above it fills', async ({
  page,
}) => {
  // Safari has no scroll anchoring: the chunk filled just above the note would push it out of view
  const note = await landOnLastNoteWithoutScrollAnchoring(page)
  // released after landing, the placeholder above the note's chunk is near the view and fills
  await expect(page.locator(`.reader-chunk[data-chunk="${totalChunks - 2}"]`)).toBeAttached({ timeout: 10_000 })
  for (let sample = 0; sample < 20; sample++) {
    expect(await inView(page, `[id="${note}"]`), `the note in view ${sample * 100} ms after the fill`).toBe(true)
    await page.waitForTimeout(100)
  }
})

test("a scroll that no input event tells of ends the landed note's hold: the page moving does not pull the view back", async ({
  page,
}) => {
  // without scroll anchoring, as in Safari: only the hold keeps the note in place
  const note = await landOnLastNoteWithoutScrollAnchoring(page)
  // A block above the note grows every 250 ms, so the hold stays on and keeps the note in place. Then
  // the view is scrolled by a script (as a scrollbar dragged where no pointer event tells) and the
  // block changes once more: the view stays where it was scrolled to.
  const [held, scrolledBy] = await page.evaluate(async (id) => {
    const main = document.querySelector('main')!
    const target = document.getElementById(id)!
    const offset = () => target.getBoundingClientRect().top - main.getBoundingClientRect().top
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
    const spacer = document.createElement('div')
    spacer.style.height = '0px'
    target.closest('.reader-chunk')!.prepend(spacer)
    await frame()
    const landed = offset()
    let drift = 0
    for (let step = 1; step <= 6; step++) {
      spacer.style.height = `${60 * step}px`
      await frame()
      await frame()
      drift = Math.max(drift, Math.abs(offset() - landed))
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const before = offset()
    main.scrollTop -= 3000
    await frame()
    await frame()
    spacer.style.height = '0px'
    await frame()
    await frame()
    await new Promise((resolve) => setTimeout(resolve, 300))
    return [drift, offset() - before]
  }, note)
  expect(held, 'the note kept in place while the block above it changed').toBeLessThan(3)
  // Scrolled 3,000 px up, the note is that much lower, less what the blocks in between laid out as they
  // came near the view took back (decision 025; ~900 px remain here). Pulled back, it would be ~0.
  expect(scrolledBy, 'the note moved down with the scroll, not back').toBeGreaterThan(500)
})

test('a hash link to a heading in a later chunk lands there, and filling a gap above moves nothing', async ({
  page,
}) => {
  await page.goto(`/content/${khuddaka.id}`)
  const links = page.locator('.reader-chunk[data-chunk="0"] a[href^="#"]:not([href^="#_ftn"])')
  await expect(links.first()).toBeAttached()
  const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')!.slice(1)))
  let slug = ''
  let chunk = 0
  for (const candidate of hrefs.slice(Math.floor(hrefs.length / 2))) {
    chunk = await locate(page, khuddaka.id, candidate)
    if (chunk > 3) {
      slug = candidate
      break
    }
  }
  expect(slug).not.toBe('')
  // chunk 1 comes by itself 200 ms after chunk 0: wait for it, so the jump's own request is first
  await expect(page.locator('.reader-chunk[data-chunk="1"]')).toBeAttached()

  const chunkRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/chunks?')) chunkRequests.push(new URL(request.url()).searchParams.get('chunk')!)
  })
  await page.locator(`.reader-chunk[data-chunk="0"] a[href="#${slug}"]`).first().click()
  const heading = page.locator(`[id="${slug}"]`)
  await expectHighlighted(heading)
  await expect.poll(() => inView(page, `[id="${slug}"]`)).toBe(true)
  expect(chunkRequests[0]).toBe(String(chunk))
  await expect(page.locator(`.reader-gap[data-gap="${chunk - 1}"]`)).toBeAttached()

  // scrolling up to the start of the chunk brings the placeholder above near; it fills in, and
  // the text the reader is looking at stays where it is
  await page.waitForTimeout(1_600)
  const firstBlock = page.locator(`.reader-chunk[data-chunk="${chunk}"] > [id]`).first()
  await firstBlock.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  const before = (await firstBlock.boundingBox())!.y
  await expect(page.locator(`.reader-chunk[data-chunk="${chunk - 1}"]`)).toBeAttached({ timeout: 10_000 })
  await page.waitForTimeout(300)
  const after = (await firstBlock.boundingBox())!.y
  expect(Math.abs(after - before)).toBeLessThan(3)

  // the same address opened directly lands on the heading too
  await page.goto('/lexicon')
  await page.goto(`/content/${khuddaka.id}#${slug}`)
  await expectHighlighted(page.locator(`[id="${slug}"]`))
  await expect.poll(() => inView(page, `[id="${slug}"]`)).toBe(true)
})

test("a first chunk that arrives during the jump's scroll does not push the target away", async ({ page }) => {
  totalChunks ??= await chunkCount(page, khuddaka.id)
  const later = await page.request.get(`/api/content/${khuddaka.id}/chunks?chunk=6&size=600`)
  const anchor = /id="([^"]+)"/.exec(((await later.json()) as { chunk: string }).chunk)![1]!
  // chunk 0 (tens of thousands of pixels above the target) comes while the smooth scroll runs
  await page.route(/\/chunks\?chunk=0&/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  await page.goto(`/content/${khuddaka.id}#${encodeURIComponent(anchor)}`)
  const target = page.locator(`[id="${anchor}"]`)
  await expectHighlighted(target)
  await expect(page.locator('.reader-chunk[data-chunk="0"]')).toBeAttached()
  await expect.poll(() => inView(page, `[id="${anchor}"]`)).toBe(true)
})

test('a chunk that fails to load stops loading and offers a retry', async ({ page }) => {
  let failing = true
  await page.route(/\/chunks\?chunk=1&/, (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })
      : route.fallback(),
  )
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(`/content/${khuddaka.id}`)
  const failure = page.getByRole('alert').filter({ hasText: 'Osa 2 laadimine ebaõnnestus.' })
  await expect(failure).toBeVisible()
  expect(errors.some((text) => text.includes('Failed to load part 2'))).toBe(true)
  await expect(page.getByRole('button', { name: 'Lae rohkem' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Lae kogu sisu' })).toBeDisabled()

  failing = false
  await failure.getByRole('button', { name: 'Proovi uuesti' }).click()
  await expect(failure).toBeHidden()
  await expect(page.locator('.reader-chunk[data-chunk="1"]')).toBeAttached()
  // Reading goes on: part 2 at least. Clicking the retry scrolled its button (at the end of chunk 0)
  // into view, so on a slow machine the scroll rule may already have asked for part 3 as well.
  const total = totalChunks ?? (await chunkCount(page, khuddaka.id))
  await expect(status(page)).toHaveText(new RegExp(`^part ([2-9]|[1-9][0-9]+) of ${total}$`))
})

test('blocks far below the view are laid out only when the reader comes near them, and print draws all', async ({
  page,
}) => {
  await page.goto(`/content/${khuddaka.id}`)
  const first = page.locator('.reader-chunk[data-chunk="0"] > *').first()
  await expect(first).toBeVisible()
  // checkVisibility says false for what lies inside a block whose contents are skipped
  const rendered = (selector: string) =>
    page.evaluate((css) => document.querySelector(css)!.checkVisibility({ contentVisibilityAuto: true }), selector)
  // an element inside a block hundreds of blocks down, and the block it is in
  const far = await page.evaluate(() => {
    const inner = document.querySelector('.reader-chunk[data-chunk="0"] > :nth-child(n + 400) *')!
    inner.id ||= 'far-inner-e2e'
    const block = inner.closest('.reader-chunk > *')!
    block.id ||= 'far-block-e2e'
    return { inner: `[id="${inner.id}"]`, block: block.id }
  })
  expect(await rendered('.reader-chunk[data-chunk="0"] > :first-child')).toBe(true)
  expect(await rendered(far.inner)).toBe(false)

  // a jump to it lands with it at the top of the view, drawn
  await page.evaluate((target) => (window.location.hash = target), far.block)
  await expect.poll(() => inView(page, `[id="${far.block}"]`)).toBe(true)
  expect(await rendered(far.inner)).toBe(true)

  // printing draws every block, however far from the view
  await page.emulateMedia({ media: 'print' })
  const skipped = await page.evaluate(
    () =>
      [...document.querySelectorAll('.reader-chunk > *')].filter(
        (block) => getComputedStyle(block).contentVisibility !== 'visible',
      ).length,
  )
  expect(skipped).toBe(0)
})
