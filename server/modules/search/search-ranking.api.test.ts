// The ranking query set (ranking-queries.ts) on both databases: each line a test, named by its query,
// so a miss names what the reader typed and what should have come.
import { beforeAll, describe, expect, it } from 'vitest'
import { contentPages, terms } from '../../db/schema.ts'
import { makeBook, makeChapter, showProcessed } from '../../test/factories.ts'
import { useTestApp } from '../../test/test-app.ts'
import { processPage } from '../content/processing/process-page.ts'
import { writeTermForms } from '../terms/term-forms.ts'
import { RANKING_PAGES, RANKING_QUERIES, RANKING_TERMS, type RankingTarget } from './ranking-queries.ts'

const ctx = useTestApp()

interface Result {
  type: 'term' | 'content'
  term?: string
  title?: string
}

beforeAll(async () => {
  const chapters = new Map<string, number>()
  for (const page of RANKING_PAGES) {
    let chapterId = chapters.get(page.book)
    if (chapterId === undefined) {
      const book = await makeBook(ctx.database, { title: page.book })
      chapterId = (await makeChapter(ctx.database, { bookId: book.id })).id
      chapters.set(page.book, chapterId)
    }
    const processed = processPage({ content: page.html })
    const [row] = await ctx.database.db
      .insert(contentPages)
      .values({ chapterId, title: page.title, content: processed.processedContent, published: true })
      .returning()
    await showProcessed(ctx.database.db, row!.id, processed)
  }
  const made = await ctx.database.db
    .insert(terms)
    .values(RANKING_TERMS.map((term) => ({ ...term, published: true })))
    .returning()
  // with their forms, as the term routes and the CSV import write them (search widens with them)
  await writeTermForms(ctx.database.db, made)
  ctx.app.state.content.pageStates.outdate()
})

const isTarget = (target: RankingTarget) => (result: Result) =>
  'term' in target ? result.type === 'term' && result.term === target.term : result.title === target.page

describe('search ranking: the query set', () => {
  it.each(RANKING_QUERIES)('$q → $expected (within $within)', async ({ q, expected, within }) => {
    const response = await ctx.app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}&includeLexicon=true`,
    })
    expect(response.statusCode, response.body).toBe(200)
    const results = response.json<{ results: Result[] }>().results
    const at = results.findIndex(isTarget(expected))
    const shown = results.slice(0, Math.max(within, 5)).map((r) => (r.type === 'term' ? `term ${r.term}` : r.title))
    expect(at, `found at ${at}; the first results: ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(0)
    expect(at, `the first results: ${JSON.stringify(shown)}`).toBeLessThan(within)
  })
})
