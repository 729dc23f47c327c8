// Issue 15's typing figure in Chromium: one section of the 9 MB page open in the rich-text editor,
// each key timed in the page from keydown to the frame after it; baseline: the same in a section
// of the small page, in the same run.
import fs from 'node:fs'
import { chromium, type Browser } from '@playwright/test'
import { findSection, pageHeadings } from '#shared/text/page-sections.ts'
import type { ImportedLibrary } from './import.ts'
import { notMeasured, type Figure } from './lib/results.ts'
import { ADMIN, type RunningServer } from './lib/server.ts'
import { median, percentile } from './lib/stats.ts'

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium'
const TYPED = ' typed into one section of the page, timed key by key'
const TARGET_MS = 50

/** A section to type into: a smallish one with footnotes if there is one, else the first. */
async function pickSection(server: RunningServer, pageId: number): Promise<{ id: string; text: string }> {
  const page = await server.admin.get<{ content: string; linksContent: string | null }>(`/api/content/${pageId}`)
  const text = page.linksContent ? `${page.content}\n=== LINKS START ===\n${page.linksContent}` : page.content
  const headings = pageHeadings(text).filter((heading) => heading.id !== '')
  const sections = headings.map((heading) => findSection(text, heading.id)!)
  const chosen =
    sections.find((section) => section.html.length < 20_000 && section.html.includes('_ftnref')) ?? sections[0]
  if (!chosen) throw new Error(`page ${pageId} has no heading with an id`)
  return { id: chosen.heading.id, text: chosen.heading.text }
}

async function keyTimes(browser: Browser, server: RunningServer, pageId: number): Promise<number[]> {
  const section = await pickSection(server, pageId)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  try {
    const login = await context.request.post(`${server.base}/api/login`, { data: ADMIN })
    if (!login.ok()) throw new Error(`login answered ${login.status()}`)
    const page = await context.newPage()
    await page.goto(`${server.base}/admin/content/edit/${pageId}?section=${encodeURIComponent(section.id)}`)
    const heading = page.getByRole('textbox', { name: 'Content' }).getByRole('heading', { name: section.text })
    await heading.first().click({ timeout: 120_000 })
    await page.keyboard.press('End')
    await page.evaluate(() => {
      const keys: number[] = []
      ;(window as unknown as { __keys: number[] }).__keys = keys
      document.addEventListener(
        'keydown',
        () => {
          const started = performance.now()
          requestAnimationFrame(() => setTimeout(() => keys.push(performance.now() - started), 0))
        },
        true,
      )
    })
    await page.keyboard.type(TYPED, { delay: 25 })
    await page.waitForFunction(
      (count) => (window as unknown as { __keys: number[] }).__keys.length >= count,
      TYPED.length,
    )
    return await page.evaluate(() => (window as unknown as { __keys: number[] }).__keys)
  } finally {
    await context.close()
  }
}

export async function sectionTypingFigure(server: RunningServer, library: ImportedLibrary): Promise<Figure> {
  const figure = 'editor: typing in a section of the 9 MB page'
  if (!fs.existsSync(CHROMIUM)) return notMeasured(figure, `< ${TARGET_MS} ms`, `no Chromium at ${CHROMIUM}`)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const small = await keyTimes(browser, server, library.smallId)
    const large = await keyTimes(browser, server, library.largeId)
    const value = median(large)
    const baseline = median(small)
    const p95 = percentile(large, 95)
    return {
      figure,
      value,
      unit: 'ms',
      baseline,
      ratio: value / baseline,
      target: `< ${TARGET_MS} ms`,
      pass: value < TARGET_MS,
      note: `median per key over ${TYPED.length} keys (25 ms apart) from keydown to the frame after it, rich-text view of one section; p95 ${p95.toFixed(1)} ms, max ${Math.max(...large).toFixed(1)} ms; baseline: the same in a section of the small page`,
    }
  } finally {
    await browser.close()
  }
}
