// Searches that read the database go one at a time on the embedded database (decision 067).
import { describe, expect, it } from 'vitest'
import type { SearchAnswer } from '#shared/api/search.ts'
import { SearchAnswers, type SearchQuestion } from './search-answers.ts'

const question = (q: string): SearchQuestion => ({
  q,
  books: undefined,
  includeLexicon: false,
  page: 1,
  limit: 20,
  publishedOnly: true,
})
const empty = { results: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } } as unknown as SearchAnswer

async function overlap(searchesAtOnce: number) {
  const answers = new SearchAnswers({ changeCount: () => 0 }, 1024 * 1024, null, searchesAtOnce)
  let running = 0
  let most = 0
  const search = async () => {
    running++
    most = Math.max(most, running)
    await new Promise((resolve) => setTimeout(resolve, 20))
    running--
    return empty
  }
  await Promise.all(['one', 'two', 'three', 'four'].map((q) => answers.answer(question(q), search)))
  return most
}

describe('SearchAnswers', () => {
  it('lets one search read at a time when told so, and all at once otherwise', async () => {
    expect(await overlap(1)).toBe(1)
    expect(await overlap(Infinity)).toBe(4)
  })
})
