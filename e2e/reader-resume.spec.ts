// Coming back (issue 16): the reader notes in this browser where a page was left; the home page
// lists the pages read last, and reopening a page offers to continue at that place.
import { expect, test } from './fixtures.ts'
import { ok, unique } from './helpers.ts'
import { E2E_ADMIN } from '../playwright.config.ts'

const title = unique('Jätkatav lehekülg')
let pageId: number

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    await ok(await api.post('/api/login', { data: E2E_ADMIN }))
    const book = await ok<{ id: number }>(await api.post('/api/books', { data: { title: unique('Jätkamise raamat') } }))
    const chapter = await ok<{ id: number }>(
      await api.post('/api/chapters', { data: { title: 'Jätk', bookId: book.id } }),
    )
    const paragraphs = Array.from(
      { length: 120 },
      (_, i) => `<p>Lõik number ${i}: pikk lugemine, mille keskel lugeja pooleli jääb.</p>`,
    )
    pageId = (
      await ok<{ id: number }>(
        await api.post('/api/content', {
          data: { title, chapterId: chapter.id, content: paragraphs.join(''), published: true },
        }),
      )
    ).id
  } finally {
    await api.dispose()
  }
})

test('a page left halfway is listed on the home page and offers to continue there', async ({ page }) => {
  await page.goto(`/content/${pageId}`)
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  // A page opened for the first time offers nothing.
  await expect(page.getByRole('region', { name: 'Lugemise jätkamine' })).toHaveCount(0)
  const middle = page.getByText('Lõik number 60:', { exact: false })
  await middle.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await expect(middle).toBeInViewport()

  await page.getByRole('link', { name: 'Õpetuste entsüklopeedia' }).click()
  const recent = page.getByRole('region', { name: 'Viimati loetud' })
  await recent.getByRole('link', { name: title }).click()
  const offer = page.getByRole('region', { name: 'Lugemise jätkamine' })
  await expect(offer).toContainText('Jätka sealt, kus eelmisel korral pooleli jäid?')
  await offer.getByRole('button', { name: 'Jätka' }).click()
  await expect(offer).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/content/${pageId}#p-`))
  // The block at the top of the view then is in view again.
  await expect
    .poll(() =>
      page.getByRole('main').evaluate((main) => {
        const view = main.getBoundingClientRect()
        return [...main.querySelectorAll('.reader-chunk > p')]
          .filter((p) => {
            const box = p.getBoundingClientRect()
            return box.bottom > view.top && box.top < view.bottom
          })
          .map((p) => Number(/number (\d+)/.exec(p.textContent ?? '')?.[1]))
      }),
    )
    .toContain(60)

  // A page opened at a place of its own offers nothing; "Ei, aitäh" puts the offer away.
  await page.goto(`/content/${pageId}#main`)
  await expect(page.getByRole('button', { name: 'Kopeeri lõigu link' })).toBeAttached()
  await expect(page.getByRole('region', { name: 'Lugemise jätkamine' })).toHaveCount(0)
  await page.goto(`/content/${pageId}`)
  await page.getByRole('region', { name: 'Lugemise jätkamine' }).getByRole('button', { name: 'Ei, aitäh' }).click()
  await expect(page.getByRole('region', { name: 'Lugemise jätkamine' })).toHaveCount(0)
})
