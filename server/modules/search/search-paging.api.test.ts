// GET /api/search in pages: the total counts every result, the pages together are the whole ordered
// list (every kind of result in its place), filters change the total, and bad paging is a 400.
import { describe, expect, it } from 'vitest'
import { contentPages, terms } from '../../db/schema.ts'
import { makeBook, makeChapter, showProcessed } from '../../test/factories.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'
import { processPage } from '../content/processing/process-page.ts'

const ctx = useTestApp()

interface Result {
  type: 'term' | 'content'
  id: number
  anchor: string | null
  term?: string
  title?: string
}
interface Answer {
  results: Result[]
  pagination: { page: number; total: number; totalPages: number; hasNext: boolean; hasPrev: boolean }
}

async function makePage(chapterId: number, title: string, html: string, published = true) {
  const processed = processPage({ content: html })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({ chapterId, title, content: processed.processedContent, published })
    .returning()
  await showProcessed(ctx.database.db, page!.id, processed)
  return page!
}

async function ask(query: string, cookie?: string): Promise<Answer> {
  const response = await ctx.app.inject({ url: `/api/search?${query}`, headers: cookie ? { cookie } : {} })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Answer>()
}

const key = (r: Result) => `${r.type}:${r.id}:${r.anchor ?? ''}`

let fixtures: Awaited<ReturnType<typeof setUp>>

/**
 * "kusala" in every kind of place: a term spelled so, terms starting so and terms that only mention
 * it, more of each than the first page's share; twelve titles (more than the ten that go first),
 * pages with four matching sections (three are counted) and pages that say it once.
 */
async function setUp() {
  const suttas = await makeBook(ctx.database, { title: 'Kusala suttas' })
  const others = await makeBook(ctx.database, { title: 'Other writings' })
  const suttaChapter = await makeChapter(ctx.database, { bookId: suttas.id })
  const otherChapter = await makeChapter(ctx.database, { bookId: others.id })
  const section = (heading: string, text: string) => `<h2>${heading}</h2><p>${text}</p>`
  for (let i = 0; i < 12; i++) {
    await makePage(
      suttaChapter.id,
      `Kusalasutta ${i}`,
      [
        section(`Kusala ${i}`, `Words about the wholesome, number ${i}.`),
        section(`Second ${i}`, `The kusala path, part ${i}.`),
        section(`Third ${i}`, `Kusala again in ${i}.`),
        section(`Fourth ${i}`, `Kusala once more in ${i}.`),
      ].join(''),
    )
  }
  for (let i = 0; i < 8; i++) {
    await makePage(otherChapter.id, `Writing ${i}`, `<p>Once in ${i}: what is kusala and what is not.</p>`)
  }
  await makePage(otherChapter.id, 'Kusala draft', '<p>A kusala draft.</p>', false)
  await ctx.database.db.insert(terms).values([
    { term: 'kusala', description: '<p>Wholesome.</p>', published: true },
    ...['kamma', 'mūla', 'citta', 'dhamma', 'vitakka', 'sīla'].map((end) => ({
      term: `kusala${end}`,
      description: `<p>Kusala ${end}.</p>`,
      published: true,
    })),
    ...['alobha', 'adosa', 'amoha', 'hiri', 'ottappa', 'saddhā'].map((name) => ({
      term: name,
      description: `<p>One of the kusala qualities: ${name}.</p>`,
      published: true,
    })),
  ])
  // 13 terms + 12 titles + 12 pages × 3 passages + 8 passages
  return { suttas, others, total: 13 + 12 + 36 + 8 }
}

describe('search in pages', () => {
  it('counts every result, and the pages together are the whole ordered list', async () => {
    fixtures = await setUp()
    const all = await ask('q=kusala&includeLexicon=true&limit=100')
    expect(all.pagination).toEqual({ page: 1, total: fixtures.total, totalPages: 1, hasNext: false, hasPrev: false })
    expect(all.results).toHaveLength(fixtures.total)
    expect(new Set(all.results.map(key)).size).toBe(fixtures.total)

    // The order, group by group.
    expect(all.results[0]).toMatchObject({ type: 'term', term: 'kusala' })
    const titles = all.results.slice(1, 11)
    expect(titles.every((r) => r.type === 'content' && r.anchor === null)).toBe(true)
    const firstTerms = all.results.filter((r) => r.type === 'term').slice(0, 10)
    expect(firstTerms.slice(1, 7).every((r) => r.term!.startsWith('kusala'))).toBe(true)
    const at = (r: Result) => all.results.indexOf(r)
    const headingPassage = all.results.find((r) => r.anchor?.startsWith('kusala-'))!
    const prefixTerm = firstTerms[1]!
    const textPassage = all.results.find((r) => r.title?.startsWith('Writing'))!
    expect(at(headingPassage)).toBeLessThan(at(prefixTerm))
    expect(at(prefixTerm)).toBeLessThan(at(textPassage))
    // The titles and terms past the first ten of each come last.
    expect(all.results.slice(-5).map((r) => r.type)).toEqual(['content', 'content', 'term', 'term', 'term'])
    // Three passages of a page with four matching sections.
    const suttaZero = all.results.filter((r) => r.title === 'Kusalasutta 0' && r.anchor !== null)
    expect(suttaZero).toHaveLength(3)

    for (const limit of [1, 7, 30]) {
      const walked: Result[] = []
      for (let page = 1; ; page++) {
        const answer = await ask(`q=kusala&includeLexicon=true&limit=${limit}&page=${page}`)
        expect(answer.pagination.total).toBe(fixtures.total)
        expect(answer.pagination.hasPrev).toBe(page > 1)
        walked.push(...answer.results)
        if (!answer.pagination.hasNext) {
          expect(page).toBe(Math.ceil(fixtures.total / limit))
          break
        }
        expect(answer.results).toHaveLength(limit)
      }
      expect(walked.map(key)).toEqual(all.results.map(key))
    }
  }, 60_000)

  it('answers 30 results by default, as the dialog always had, and says how many there are', async () => {
    const answer = await ask('q=kusala&includeLexicon=true')
    expect(answer.results).toHaveLength(30)
    expect(answer.pagination).toEqual({
      page: 1,
      total: fixtures.total,
      totalPages: Math.ceil(fixtures.total / 30),
      hasNext: true,
      hasPrev: false,
    })
  })

  it('answers a page past the last with no results and the total', async () => {
    const answer = await ask('q=kusala&includeLexicon=true&page=9999&limit=20')
    expect(answer.results).toEqual([])
    expect(answer.pagination).toMatchObject({ page: 9999, total: fixtures.total, hasNext: false, hasPrev: true })
  })

  it('counts only what the filters let through', async () => {
    const withoutLexicon = await ask('q=kusala&includeLexicon=false')
    expect(withoutLexicon.pagination.total).toBe(fixtures.total - 13)
    const otherBook = await ask(`q=kusala&books=${fixtures.others.id}`)
    expect(otherBook.pagination.total).toBe(8)
    expect(otherBook.results.every((r) => r.title?.startsWith('Writing'))).toBe(true)
    const both = await ask(`q=kusala&books=${fixtures.others.id},${fixtures.suttas.id}`)
    expect(both.pagination.total).toBe(fixtures.total - 13)
    // An administrator also finds the draft: its title and its passage.
    const admin = await ask(`q=kusala&books=${fixtures.others.id}`, await loginAs(ctx))
    expect(admin.pagination.total).toBe(10)
  })

  it('answers a query with nothing to search or nothing found with a total of 0', async () => {
    for (const q of ['', '!!!', 'zzzqqq']) {
      expect(await ask(`q=${encodeURIComponent(q)}&page=2`)).toEqual({
        results: [],
        pagination: { page: 2, total: 0, totalPages: 0, hasNext: false, hasPrev: true },
      })
    }
  })

  it('reads a page number written with leading zeros or percent-encoded digits', async () => {
    expect((await ask('q=kusala&page=0002&limit=10')).pagination.page).toBe(2)
    expect((await ask('q=kusala&page=%32&limit=10')).pagination.page).toBe(2)
  })

  it('says how far the pages go when asked for one past the last allowed', async () => {
    const response = await ctx.app.inject({ url: '/api/search?q=kusala&page=99999999' })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toContain('page must be at most 10000')
  })

  it.each([
    'page=0',
    'page=-1',
    'page=1.5',
    'page=1e3',
    'page=abc',
    'page=',
    'page=%20',
    'page=10001',
    'page=99999999999',
    'page=1&page=2',
    'limit=0',
    'limit=101',
    'limit=20abc',
    'limit=%F0%9F%98%80',
    'page=%EF%BC%91', // a full-width 1
  ])('refuses %s with 400 and an error', async (paging) => {
    const response = await ctx.app.inject({ url: `/api/search?q=kusala&${paging}` })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json()).toHaveProperty('error')
  })
})
