// The feedback dialog: its validation messages, the thank-you toast and the failure toast.
import { expect, test } from './fixtures.ts'
import { toastWith } from './helpers.ts'

test('feedback is validated, sent and thanked for', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('complementary').getByRole('button', { name: 'Tagasiside' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tagasiside' })
  await expect(dialog).toBeVisible()

  await dialog.getByRole('button', { name: 'Saada' }).click()
  await expect(dialog.getByText('Tagasiside on kohustuslik')).toBeVisible()

  await dialog.getByLabel('Nimi').fill('Lugeja')
  await dialog.getByLabel('E-post').fill('not-an-address')
  await dialog.getByRole('textbox', { name: 'Tagasiside' }).fill('Väga hea lehekülg, aitäh!')
  await dialog.getByRole('button', { name: 'Saada' }).click()
  await expect(dialog.getByText('Palun sisesta korrektne email')).toBeVisible()
  await expect(dialog.getByText('Tagasiside on kohustuslik')).toHaveCount(0)

  await dialog.getByLabel('E-post').fill('lugeja@example.org')
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/feedback') && request.method() === 'POST')
  await dialog.getByRole('button', { name: 'Saada' }).click()
  expect((await sent).postDataJSON()).toEqual({
    name: 'Lugeja',
    email: 'lugeja@example.org',
    feedback: 'Väga hea lehekülg, aitäh!',
  })
  await expect(toastWith(page, 'Täname tagasiside eest!')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Tagasiside' })).toBeFocused()
})

test('a failed send says so and keeps what was written', async ({ page }) => {
  await page.route('**/api/feedback', (route) => route.fulfill({ status: 500, body: '{"error":"boom"}' }))
  await page.goto('/')
  await page.getByRole('complementary').getByRole('button', { name: 'Tagasiside' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tagasiside' })
  await dialog.getByRole('textbox', { name: 'Tagasiside' }).fill('Kas see jõuab kohale?')
  await dialog.getByRole('button', { name: 'Saada' }).click()
  const failure = 'Tagasiside saatmine ebaõnnestus. Palun proovige hiljem uuesti.'
  await expect(page.locator('.toast').filter({ hasText: failure })).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveText(failure)
  await expect(dialog.getByRole('textbox', { name: 'Tagasiside' })).toHaveValue('Kas see jõuab kohale?')
})

test('a reader over the per-address limit is told so in Estonian and keeps the text', async ({ page, request }) => {
  // Another client address (the server trusts one proxy hop), used up with requests that store nothing.
  const address = { 'x-forwarded-for': '203.0.113.77' }
  let status = 0
  for (let i = 0; i < 50 && status !== 429; i++) {
    status = (await request.post('/api/feedback', { data: {}, headers: address })).status()
  }
  expect(status).toBe(429)
  await page.setExtraHTTPHeaders(address)
  await page.goto('/')
  await page.getByRole('complementary').getByRole('button', { name: 'Tagasiside' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tagasiside' })
  await dialog.getByRole('textbox', { name: 'Tagasiside' }).fill('Kas see jõuab kohale?')
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/feedback'))
  await dialog.getByRole('button', { name: 'Saada' }).click()
  expect((await answered).status()).toBe(429)
  const failure = 'Tagasiside saatmine ebaõnnestus. Palun proovige hiljem uuesti.'
  await expect(dialog.getByRole('alert')).toHaveText(failure)
  await expect(dialog.getByRole('textbox', { name: 'Tagasiside' })).toHaveValue('Kas see jõuab kohale?')
})
