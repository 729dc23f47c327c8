// Stored HTML can never run script in a reader's browser: 115 known vectors go through the real
// pipeline (page body, links section, term description) and are rendered in Chromium on a page
// WITHOUT the site's Content-Security-Policy, so only the sanitiser stands between them and the reader.
import { expect, test } from './fixtures.ts'
import { E2E_ADMIN } from '../playwright.config.ts'
import { unique } from './helpers.ts'
import { xssVectors } from './xss-vectors.ts'

test('no stored XSS vector runs, or survives as an attribute that could', async ({ page, request }) => {
  const vectors = xssVectors()
  expect(vectors.length).toBeGreaterThanOrEqual(100)
  expect((await request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  const book = await (await request.post('/api/books', { data: { title: unique('XSS book') } })).json()
  const chapter = await (await request.post('/api/chapters', { data: { title: 'XSS', bookId: book.id } })).json()
  const html = vectors.map((v) => `<div>${v}</div>`).join('\n')
  const saved = await request.post('/api/content', {
    data: {
      title: unique('XSS page'),
      chapterId: chapter.id,
      content: `${html}\n=== LINKS START ===\n${html}`,
      published: true,
    },
  })
  expect(saved.status(), await saved.text()).toBe(201)
  const pageId = (await saved.json()).id
  const term = await request.post('/api/terms', {
    data: { term: unique('xss-term'), description: `<p>d</p>${html}`, published: true },
  })
  expect(term.status(), await term.text()).toBe(201)
  const termId = (await term.json()).id

  // A harness page on the site's origin, served without any security headers.
  await page.route('**/xss-harness', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html><body><main id="out"></main></body></html>',
    }),
  )
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto('/xss-harness')
  const report = await page.evaluate(
    async ({ pageId, termId }) => {
      const hits: number[] = []
      ;(window as unknown as { xss: (n: number) => void }).xss = (n) => hits.push(n)
      const out = document.getElementById('out')!
      const pieces: string[] = []
      for (let n = 0, total = 1; n < total; n++) {
        const chunk = await (await fetch(`/api/content/${pageId}/chunks?chunk=${n}`)).json()
        total = chunk.totalChunks
        pieces.push(chunk.chunk)
      }
      pieces.push((await (await fetch(`/api/content/${pageId}`)).json()).linksContent)
      pieces.push((await (await fetch(`/api/terms/${termId}`)).json()).description)
      for (const piece of pieces) {
        const holder = document.createElement('section')
        holder.innerHTML = piece
        out.append(holder)
      }
      // Give every handler its chance: hover, focus, click (links are clicked without navigating).
      for (const element of Array.from(out.querySelectorAll<HTMLElement>('*'))) {
        for (const type of ['mouseover', 'pointerenter', 'focus', 'wheel', 'animationstart', 'toggle']) {
          element.dispatchEvent(new Event(type, { bubbles: true }))
        }
        element.focus?.()
        element.addEventListener('click', (event) => event.preventDefault())
        element.click?.()
      }
      await new Promise((resolve) => setTimeout(resolve, 1500))
      const dangerous = Array.from(out.querySelectorAll('*')).flatMap((element) =>
        Array.from(element.attributes)
          .filter(
            (attr) =>
              attr.name.startsWith('on') ||
              attr.name === 'srcdoc' ||
              attr.name === 'formaction' ||
              (['href', 'src', 'action', 'xlink:href', 'background', 'data'].includes(attr.name) &&
                /^\s*(javascript|vbscript|data:(?!image\/(png|jpe?g|gif|webp);base64,))/i.test(attr.value)),
          )
          .map((attr) => `<${element.tagName.toLowerCase()} ${attr.name}="${attr.value}">`),
      )
      const forbiddenTags = Array.from(
        out.querySelectorAll(
          'script, iframe, object, embed, form, input, button, textarea, select, svg, math, style, link, meta, base',
        ),
      ).map((element) => element.tagName.toLowerCase())
      return { hits, dangerous, forbiddenTags, pieces: pieces.length }
    },
    { pageId, termId },
  )
  console.log(`xss: ${vectors.length} vectors × 3 stored fields rendered; ${report.hits.length} ran`)
  expect(report.hits).toEqual([])
  expect(dialogs).toEqual([])
  expect(report.dangerous).toEqual([])
  expect(report.forbiddenTags).toEqual([])
})
