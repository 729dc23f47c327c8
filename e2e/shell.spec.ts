import { expect, test } from './fixtures.ts'
import { E2E_ADMIN } from '../playwright.config.ts'
import { toastWith } from './helpers.ts'

test('a visitor sees the welcome page with a login link', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Logi sisse' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible()
})

test('an unknown path shows the not-found page, with status 404', async ({ page }) => {
  for (const path of ['/nothing/here', '/metrics', '/content/999999999']) {
    const response = await page.goto(path)
    // The app shell with 404 (decision 047): the client router draws the page, crawlers hear "not found".
    expect(response?.status(), path).toBe(404)
    if (path === '/content/999999999') continue // the reader says so in its own words
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
  }
})

test('an unknown API path is a JSON 404', async ({ request }) => {
  const response = await request.get('/api/nothing')
  expect(response.status()).toBe(404)
  expect(await response.json()).toHaveProperty('error')
})

test('admin pages ask a visitor to log in', async ({ page }) => {
  for (const path of ['/admin', '/admin/books', '/admin/lexicon', '/admin/content/new']) {
    await page.goto(path)
    await expect(page.getByText('Administraatori ligipääs nõutud')).toBeVisible()
  }
  await page.getByRole('main').getByRole('link', { name: 'Logi sisse' }).click()
  await expect(page).toHaveURL(/\/auth$/)
})

test('a wrong password shows the server’s error in a toast', async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('Kasutajanimi').fill(E2E_ADMIN.username)
  await page.getByLabel('Parool').fill('not the password')
  await page.getByRole('button', { name: 'Logi sisse' }).click()
  const toast = toastWith(page, 'Invalid username or password')
  await expect(toast).toBeVisible()
  await expect(toast).toContainText('Viga')
})

test('an administrator logs in, reaches the books page and logs out', async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('Kasutajanimi').fill(E2E_ADMIN.username)
  await page.getByLabel('Parool').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Logi sisse' }).click()
  await expect(toastWith(page, 'Sisselogimine õnnestus')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/books$/)
  await expect(page.getByRole('heading', { name: 'Raamatud' })).toBeVisible()

  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Halduspaneel' })).toBeVisible()

  await page.goto('/admin/books')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toastWith(page, 'Väljalogimine õnnestus')).toBeVisible()
  await page.goto('/admin/books')
  await expect(page.getByText('Administraatori ligipääs nõutud')).toBeVisible()
})
