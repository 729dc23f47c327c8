// The search's answers kept in memory until anything they are read from changes (decision 066): a
// page's text, state, title or place, a chapter's or book's title, a term, its forms, a collection.
// The page states hear of every such change (page-states.ts `changeCount`: writes in this process
// when they end, other processes' through PostgreSQL's notices), so a kept answer is never served
// after the change is heard. Searches asked again and again (the same question from many readers, a
// reader paging back) then cost no query, and the embedded database's one connection is left to
// the editor's save and to the questions not asked before. Identical questions asked together share
// one search.
//
// Under load an answer may be a little late to show a change (decision 066, 2026-11-29): when searches
// are queued, a question whose kept answer was asked for at most STALE_MS ago gets it at once while its
// new one is read, so no answer given is older than that. After a save drops every kept answer, the
// readers' questions would otherwise queue behind each other on the embedded database's one
// connection (5 s at the p99 of the load drill). With no queue, a changed answer is always read again
// before it is given.
import { LRUCache } from 'lru-cache'
import pLimit, { type LimitFunction } from 'p-limit'
import type { SearchAnswer } from '#shared/api/search.ts'
import type { SearchIndexMerges } from '../../db/search-index.ts'

/** What tells whether a kept answer still stands: the page states (page-states.ts). */
export interface ChangeCounter {
  changeCount(): number | undefined
}

/** Everything an answer depends on besides the library: the request's parameters and who asks. */
export interface SearchQuestion {
  q: string
  books: number[] | undefined
  includeLexicon: boolean
  page: number
  limit: number
  publishedOnly: boolean
}

interface Kept {
  count: number
  answer: SearchAnswer
  /** When it was asked for (before its read began): the library it shows is no older than that. */
  askedAt: number
}

interface Asked {
  count: number
  answer: Promise<SearchAnswer>
}

/** How old a kept answer may be, under load, to be given after a change while it is read again. */
export const STALE_MS = 30_000
/** Searches running or waiting that make load: then a kept answer may be given while it is read again. */
export const BUSY_SEARCHES = 3

export class SearchAnswers {
  private readonly kept: LRUCache<string, Kept>
  private readonly asked = new Map<string, Asked>()
  private readonly searches: LimitFunction

  constructor(
    private readonly changes: ChangeCounter,
    maxBytes: number,
    /** The embedded database: told of every search, so that saves merge their passages (db/search-index.ts). */
    private readonly searchIndex: Pick<SearchIndexMerges, 'searched'> | null = null,
    /**
     * Searches read from the database at once; the others wait their turn. On the embedded database's
     * one connection: 1. A search is three rounds of statements; after a save drops every kept answer,
     * dozens of searches at once would each wait through all the others' rounds, three times over,
     * and every reader's chunk behind them. One at a time, they end one after another (decision 067).
     */
    searchesAtOnce = Infinity,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.searches = pLimit(searchesAtOnce)
    this.kept = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      sizeCalculation: (entry, key) => (JSON.stringify(entry.answer).length + key.length) * 2 + 16,
    })
  }

  /**
   * The kept answer to `question` while nothing changed since it was read, else `search()`'s; under
   * load, a kept answer asked for at most STALE_MS ago while its new one is read.
   */
  async answer(question: SearchQuestion, search: () => Promise<SearchAnswer>): Promise<SearchAnswer> {
    const count = this.changes.changeCount()
    // Nobody listens for other processes' changes (PostgreSQL's listener is down): nothing is kept.
    this.searchIndex?.searched()
    if (count === undefined) return this.searches(search)
    const key = JSON.stringify([
      question.q,
      question.books ?? null,
      question.includeLexicon,
      question.page,
      question.limit,
      question.publishedOnly,
    ])
    const kept = this.kept.get(key)
    if (kept?.count === count) return kept.answer
    let asked = this.asked.get(key)
    if (asked?.count !== count) asked = this.ask(key, count, search)
    if (kept && this.busy() && this.now() - kept.askedAt <= STALE_MS) return kept.answer
    return asked.answer
  }

  /** Reads the answer (one search however many ask at once) and keeps it when nothing changed meanwhile. */
  private ask(key: string, count: number, search: () => Promise<SearchAnswer>): Asked {
    const askedAt = this.now()
    const current: Asked = {
      count,
      answer: this.searches(search).then((answer) => {
        // Kept only when nothing changed while it was read (else it may be of before the change).
        if (this.changes.changeCount() === count) this.kept.set(key, { count, answer, askedAt })
        return answer
      }),
    }
    this.asked.set(key, current)
    const done = () => {
      if (this.asked.get(key) === current) this.asked.delete(key)
    }
    // A read nobody waits for (its asker was given the kept answer) must not fail unheard.
    current.answer.then(done, done)
    return current
  }

  private busy(): boolean {
    return this.searches.activeCount + this.searches.pendingCount >= BUSY_SEARCHES
  }

  /** How many answers are kept, and their bytes as measured here (GET /metrics). */
  size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.kept.calculatedSize }
  }
}
