// Searches that read the database go one at a time on the embedded database (decision 067); under
// load a recent kept answer is given while its new one is read (decision 066).
import { describe, expect, it } from 'vitest'
import type { SearchAnswer } from '#shared/api/search.ts'
import { SearchAnswers, type SearchQuestion, STALE_MS } from './search-answers.ts'

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

/** An answer told apart by its total. */
const answerOf = (total: number) => ({ ...empty, pagination: { ...empty.pagination, total } }) as SearchAnswer

/** Searches of other questions that hold the one-at-a-time queue until `release()`. */
function queueHeld(answers: SearchAnswers, count: number) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const running = Array.from({ length: count }, (_, i) =>
    answers.answer(question(`other ${i}`), async () => {
      await held
      return empty
    }),
  )
  return { release, done: () => Promise.all(running) }
}

describe('SearchAnswers after a change', () => {
  function setup() {
    const state = { count: 0, now: 1_000 }
    const answers = new SearchAnswers({ changeCount: () => state.count }, 1024 * 1024, null, 1, () => state.now)
    return { state, answers }
  }

  it('reads a changed answer again before giving it when no search waits', async () => {
    const { state, answers } = setup()
    expect((await answers.answer(question('dukkha'), async () => answerOf(1))).pagination.total).toBe(1)
    expect((await answers.answer(question('dukkha'), async () => answerOf(9))).pagination.total).toBe(1)
    state.count++
    expect((await answers.answer(question('dukkha'), async () => answerOf(2))).pagination.total).toBe(2)
  })

  it('under load gives the kept answer at once while the new one is read, then the new one', async () => {
    const { state, answers } = setup()
    await answers.answer(question('dukkha'), async () => answerOf(1))
    state.count++
    state.now += STALE_MS - 1
    const queue = queueHeld(answers, 3)
    let reads = 0
    const fresh = async () => {
      reads++
      return answerOf(2)
    }
    // the queue is held: only the kept answer can come back
    expect((await answers.answer(question('dukkha'), fresh)).pagination.total).toBe(1)
    expect((await answers.answer(question('dukkha'), fresh)).pagination.total).toBe(1)
    queue.release()
    await queue.done()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((await answers.answer(question('dukkha'), fresh)).pagination.total).toBe(2)
    expect(reads).toBe(1)
  })

  it('under load waits for the new answer when the kept one is older than STALE_MS', async () => {
    const { state, answers } = setup()
    await answers.answer(question('dukkha'), async () => answerOf(1))
    state.count++
    state.now += STALE_MS + 1
    const queue = queueHeld(answers, 3)
    const answer = answers.answer(question('dukkha'), async () => answerOf(2))
    let given: SearchAnswer | undefined
    void answer.then((value) => (given = value))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(given).toBeUndefined()
    queue.release()
    expect((await answer).pagination.total).toBe(2)
  })
})
