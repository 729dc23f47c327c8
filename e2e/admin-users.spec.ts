// The users screen in a real browser: add an administrator (a short password and a taken name are
// said at their fields), disable one (their session ends at once) and enable again, delete with a
// confirmation, and change one's own password. The shared e2e administrator is never disabled,
// deleted or re-passworded: other specs log in with it.
import AxeBuilder from '@axe-core/playwright'
import { request as playwrightRequest } from '@playwright/test'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { E2E_ADMIN } from '../playwright.config.ts'
import { loginAsAdmin, rowWith, toastWith } from './helpers.ts'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

const uniqueName = () => `editor-${Date.now()}-${Math.floor(Math.random() * 1000)}`

/** A session of `username` elsewhere (another browser), through the API. */
async function sessionOf(baseURL: string, username: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL })
  expect((await api.post('/api/login', { data: { username, password } })).status()).toBe(200)
  return api
}

async function addUser(page: Page, username: string, password: string) {
  await page.getByRole('button', { name: 'Lisa administraator' }).click()
  const dialog = page.getByRole('dialog', { name: 'Lisa administraator' })
  await dialog.getByLabel('Kasutajanimi').fill(username)
  await dialog.getByLabel('Parool').fill(password)
  await dialog.getByRole('button', { name: 'Lisa', exact: true }).click()
  return dialog
}

test('an administrator is added, disabled (their session ends), enabled and deleted', async ({ page, baseURL }) => {
  await loginAsAdmin(page)
  await page.getByRole('link', { name: 'Kasutajad' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(page.getByRole('heading', { name: 'Kasutajad', level: 1 })).toBeVisible()
  // One's own row offers neither disabling nor deleting.
  const own = rowWith(page, E2E_ADMIN.username).filter({ hasText: '(sina)' })
  await expect(own).toBeVisible()
  await expect(own.getByRole('button')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  const name = uniqueName()
  // Too short a password is said at its field; the dialog stays.
  const dialog = await addUser(page, name, 'short')
  await expect(dialog.getByText('Password must be at least 8 characters')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByLabel('Parool').fill('a long enough password')
  await dialog.getByRole('button', { name: 'Lisa', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(toastWith(page, `Administraator „${name}“ on lisatud.`)).toBeVisible()
  const row = rowWith(page, name)
  await expect(row).toContainText('Aktiivne')
  await expect(row).toContainText('pole sisse loginud')

  // The same name again: said at the username field.
  const again = await addUser(page, name, 'another long password')
  await expect(again.getByText('Selle nimega kasutaja on juba olemas.')).toBeVisible()
  await expect(again.getByLabel('Kasutajanimi')).toBeFocused()
  await again.getByRole('button', { name: 'Tühista' }).click()

  // They log in elsewhere; disabling them ends that session at once.
  const elsewhere = await sessionOf(baseURL!, name, 'a long enough password')
  expect((await elsewhere.get('/api/admin/users')).status()).toBe(200)
  await row.getByRole('button', { name: /^Keela/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Keela kasutaja' })
  await expect(confirm).toContainText('tema seansid lõpevad kohe')
  await expect(confirm.getByRole('button', { name: 'Tühista' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Keela' }).click()
  await expect(toastWith(page, `Kasutaja „${name}“ on keelatud.`)).toBeVisible()
  await expect(row).toContainText('Keelatud')
  expect((await elsewhere.get('/api/admin/users')).status()).toBe(401)
  expect(
    (await elsewhere.post('/api/login', { data: { username: name, password: 'a long enough password' } })).status(),
  ).toBe(401)

  await row.getByRole('button', { name: /^Luba/ }).click()
  await expect(toastWith(page, `Kasutaja „${name}“ on lubatud.`)).toBeVisible()
  await expect(row).toContainText('Aktiivne')
  expect(
    (await elsewhere.post('/api/login', { data: { username: name, password: 'a long enough password' } })).status(),
  ).toBe(200)

  await row.getByRole('button', { name: /^Kustuta/ }).click()
  const question = page.getByRole('alertdialog', { name: 'Kustuta kasutaja' })
  await expect(question).toContainText('Seda ei saa tagasi võtta.')
  await question.getByRole('button', { name: 'Kustuta' }).click()
  await expect(toastWith(page, 'Kasutaja on kustutatud.')).toBeVisible()
  await expect(row).toHaveCount(0)
  expect((await elsewhere.get('/api/admin/users')).status()).toBe(401)
  await elsewhere.dispose()

  // The log says who did each of these.
  await page.getByRole('link', { name: 'Audit log' }).click()
  await expect(rowWith(page, `username: ${name}`).filter({ hasText: 'delete user' })).toBeVisible()
  await expect(rowWith(page, `username: ${name}`).filter({ hasText: 'disable user' })).toBeVisible()
})

test('an administrator changes their own password; their other sessions end', async ({ page, baseURL }) => {
  // A user of this test's own: the shared e2e administrator keeps its password.
  const name = uniqueName()
  const admin = await sessionOf(baseURL!, E2E_ADMIN.username, E2E_ADMIN.password)
  expect(
    (await admin.post('/api/admin/users', { data: { username: name, password: 'the first password' } })).status(),
  ).toBe(201)
  await admin.dispose()
  const elsewhere = await sessionOf(baseURL!, name, 'the first password')

  await page.goto('/auth')
  await page.getByLabel('Kasutajanimi').fill(name)
  await page.getByLabel('Parool').fill('the first password')
  await page.getByRole('button', { name: 'Logi sisse' }).click()
  await expect(page).toHaveURL(/\/admin\/books$/)
  await page.goto('/admin/users')
  const form = page.getByRole('region', { name: 'Muuda parooli' })
  await expect(form).toBeVisible()

  await form.getByLabel('Praegune parool').fill('not the password')
  await form.getByLabel('Uus parool', { exact: true }).fill('the second password')
  await form.getByLabel('Uus parool uuesti').fill('the second passwort')
  await form.getByRole('button', { name: 'Muuda parooli' }).click()
  await expect(form.getByText('Paroolid ei kattu.')).toBeVisible()
  await form.getByLabel('Uus parool uuesti').fill('the second password')
  await form.getByRole('button', { name: 'Muuda parooli' }).click()
  await expect(form.getByText('Praegune parool ei ole õige.')).toBeVisible()
  await expect(form.getByLabel('Praegune parool')).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])

  await form.getByLabel('Praegune parool').fill('the first password')
  await form.getByRole('button', { name: 'Muuda parooli' }).click()
  await expect(toastWith(page, 'Parool on muudetud.')).toBeVisible()
  await expect(form.getByLabel('Praegune parool')).toHaveValue('')
  // This browser stays in; the other session is over; only the new password opens the door.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Kasutajad', level: 1 })).toBeVisible()
  expect((await elsewhere.get('/api/admin/users')).status()).toBe(401)
  expect(
    (await elsewhere.post('/api/login', { data: { username: name, password: 'the first password' } })).status(),
  ).toBe(401)
  expect(
    (await elsewhere.post('/api/login', { data: { username: name, password: 'the second password' } })).status(),
  ).toBe(200)
  await elsewhere.dispose()
})
