import { expect, test } from './fixtures.ts'
import { loginAsAdmin, unique } from './helpers.ts'

test('feedback sent by a visitor reaches the inbox and can be marked handled', async ({ page, request }) => {
  const name = unique('Ānanda')
  const text = `The <b>search</b> works well.\nThank you! ${name}`
  const sent = await request.post('/api/feedback', { data: { name, email: 'ananda@example.org', feedback: text } })
  expect(sent.status()).toBe(201)

  await loginAsAdmin(page)
  await page.getByRole('navigation', { name: 'Halduse menüü' }).getByRole('link', { name: 'Feedback' }).click()
  await expect(page).toHaveURL(/\/admin\/feedback$/)
  const item = page.getByRole('article').filter({ hasText: name })
  await expect(item).toBeVisible()
  // Shown as text, never as HTML.
  await expect(item.getByText('The <b>search</b> works well.')).toBeVisible()
  await expect(item.locator('b')).toHaveCount(0)
  await expect(item.getByRole('link', { name: 'ananda@example.org' })).toHaveAttribute(
    'href',
    'mailto:ananda@example.org',
  )
  await expect(item.locator('time')).toBeVisible()

  // Newest first: what was just sent is at the top.
  await expect(page.getByRole('article').first()).toContainText(name)

  await item.getByRole('button', { name: 'Mark handled' }).click()
  await expect(item.getByRole('button', { name: 'Mark unhandled' })).toBeVisible()
  await expect(item).toContainText('Käsitletud')
  await page.reload()
  await expect(
    page.getByRole('article').filter({ hasText: name }).getByRole('button', { name: 'Mark unhandled' }),
  ).toBeVisible()

  await page.getByRole('article').filter({ hasText: name }).getByRole('button', { name: 'Mark unhandled' }).click()
  await expect(
    page.getByRole('article').filter({ hasText: name }).getByRole('button', { name: 'Mark handled' }),
  ).toBeVisible()
})

test('feedback without a name or email is shown as anonymous', async ({ page, request }) => {
  const text = unique('Anonymous note')
  expect((await request.post('/api/feedback', { data: { feedback: text } })).status()).toBe(201)
  await loginAsAdmin(page)
  await page.goto('/admin/feedback')
  const item = page.getByRole('article').filter({ hasText: text })
  await expect(item).toContainText('Nimetu')
  await expect(item.getByRole('link')).toHaveCount(0)
})
