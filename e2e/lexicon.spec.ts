// The public lexicon: letters as groups that load their terms when opened, and search with
// 'Load More' and the no-match text.
import { expect, test } from './fixtures.ts'
import { adminApi, importTinyLexicon, sampleTerm } from './reader-seed.ts'

// 'ahaṃ' in the real corpus's tiny lexicon; an invented term starting with 'a' in the generated one
const sample = sampleTerm()

let published: string[]

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const api = await adminApi(testInfo.project.use.baseURL!)
  const terms = await importTinyLexicon(api)
  await api.dispose()
  published = [...terms.entries()].filter(([, term]) => term.published).map(([name]) => name)
})

test('letters open into the terms under them', async ({ page }) => {
  await page.goto('/lexicon')
  const letter = page.getByRole('button', { name: 'A', exact: true })
  await expect(letter).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByRole('link', { name: sample, exact: true })).toHaveCount(0)
  await letter.click()
  await expect(letter).toHaveAttribute('aria-expanded', 'true')
  const term = page.getByRole('link', { name: sample, exact: true })
  await expect(term).toBeVisible()
  await term.click()
  await expect(page).toHaveURL(/\/term\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: sample })).toBeVisible()
})

test('search lists matching terms 25 at a time and says when nothing matches', async ({ page }) => {
  await page.goto('/lexicon')
  const search = page.getByRole('searchbox', { name: 'Otsi leksikonist' })
  await search.fill('a')
  const results = page.locator('main ul li a[href^="/term/"]')
  await expect(results).toHaveCount(25)
  expect(published.filter((term) => term.includes('a')).length).toBeGreaterThan(25)
  await page.getByRole('button', { name: 'Load More' }).click()
  await expect.poll(() => results.count()).toBeGreaterThan(25)

  await search.fill(sample)
  await expect(page.getByRole('link', { name: sample, exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'A', exact: true })).toHaveCount(0)

  await search.fill('zzzqqq')
  await expect(page.getByText('No terms found matching "zzzqqq"')).toBeVisible()

  await search.fill('')
  await expect(page.getByRole('button', { name: 'A', exact: true })).toBeVisible()
})
