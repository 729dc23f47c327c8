// The embedded database's search index during a save (decision 067). PGlite keeps a save's new
// passages in the index's pending list (gin_pending_list_limit is 32 MB, pglite-worker.ts), and every
// search reads that whole list until it is merged: after a 9 MB page's save, each search asked again
// costs many times what it costs on a merged index. The upkeep merges a moment after the writes have
// settled (maintenance.ts, decisions 057, 065), so that an editor's save and the reads right after it
// are not held up by the merge. While readers are searching, the save merges its passages itself
// instead, before the page shows them: the searches' kept answers are still served while it runs
// (search-answers.ts), and the searches asked again once it has ended read a merged index.
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/** Merges the search index's pending list; answers how many of its pages there were. */
export async function mergePendingPassages(db: Db): Promise<number> {
  const { rows } = await db.execute<{ pages: string }>(
    sql`SELECT gin_clean_pending_list('search_passages_vector_idx'::regclass)::text AS pages`,
  )
  return Number(rows[0]!.pages)
}

/** Readers who searched this long ago still count as searching. */
export const SEARCHED_LATELY_MS = 30_000

export class SearchIndexMerges {
  private lastSearch = -Infinity

  constructor(
    private readonly merge: () => Promise<unknown>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A reader asked a search (answered from memory or not). */
  searched() {
    this.lastSearch = this.now()
  }

  /**
   * A build's search passages were written, and no page shows them yet: merged now if readers are
   * searching (answers true), else left to the upkeep. A failed merge is left to the upkeep too.
   */
  async passagesWritten(): Promise<boolean> {
    if (this.now() - this.lastSearch > SEARCHED_LATELY_MS) return false
    await this.merge().catch(() => {})
    return true
  }
}
