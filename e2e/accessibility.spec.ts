// axe-core over the pages visitors read: the reader, the lexicon and a term page have no serious
// or critical accessibility violations.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { sampleTerm, seedTinyCorpus, type SeededPage } from './reader-seed.ts'
import { unique } from './helpers.ts'

let page1: SeededPage
let termId: number

test.beforeAll(async ({ playwright: _playwright }, testInfo) => {
  const seeded = await seedTinyCorpus(testInfo.project.use.baseURL!, unique('Accessibility book'))
  page1 = seeded.pages.find((page) => page.published)!
  termId = [...seeded.terms.values()].find((term) => term.published)!.id
})

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    )
}

test('the reader has no serious accessibility violations', async ({ page }) => {
  await page.goto(`/content/${page1.id}`)
  await expect(page.locator('.reader-chunk[data-chunk="0"] p').first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('the lexicon has no serious accessibility violations', async ({ page }) => {
  await page.goto('/lexicon')
  await page.getByRole('button', { name: 'A', exact: true }).click()
  await expect(page.getByRole('link', { name: sampleTerm(), exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('a term page has no serious accessibility violations', async ({ page }) => {
  await page.goto(`/term/${termId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
