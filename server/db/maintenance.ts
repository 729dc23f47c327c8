// Upkeep of the embedded database (decisions 052, 053, 057).
// - The search index's pending list is merged soon after writing: a save leaves its passages there
//   (the embedded database's gin_pending_list_limit is 32 MB, db/pglite-worker.ts) instead of
//   merging them itself (1.3 s of a 9 MB page's save), and every search reads the whole list until
//   it is merged. The merge holds every statement for ~1.2 s per 9 MB page, so it comes a moment
//   after the editor's answer, not in it, once the administrator's writes have settled (at most
//   MERGE_MAX_WAIT_MS later: the reads that follow a save go first, decision 065); waiting for a
//   quiet moment instead (053 as first written) left a busy site searching through up to 32 MB of
//   list: under the load drill's 200 readers, searches took 2.3 s at the median and a save took
//   7 minutes. While readers are searching, a save merges its own passages before the page shows
//   them (search-index.ts, decision 067), and the upkeep finds nothing left to merge.
// - PGlite runs PostgreSQL in single-user mode: no autovacuum, so the rows a save supersedes (a 9 MB
//   page's old build is ~30,000 rows of blocks and passages) stay as dead rows every search walks
//   past, and the planner's statistics are never renewed. VACUUM (ANALYZE) runs once after start and
//   again whenever 64 MB were written since (it merges the pending list too); it waits for a quiet
//   moment, at most VACUUM_MAX_WAIT_MS, then runs anyway.
// "Written" is measured by the write-ahead log's position: single-user mode keeps no statistics of
// changed rows. PostgreSQL does all of this itself.
import type { Database } from './client.ts'
import { mergePendingPassages } from './search-index.ts'

/** How much written (write-ahead log) makes another VACUUM worth its pause. */
export const VACUUM_AFTER_BYTES = 64 * 1024 * 1024
/** How much written makes a merge of the search index's pending list worth a look. */
export const MERGE_AFTER_BYTES = 256 * 1024
/** How often the log is looked at: a save's passages are merged within about this long. */
const LOOK_MS = 2_000
/** A merge waits this long at most for administrators' writes to settle. */
export const MERGE_MAX_WAIT_MS = 5_000
/** A due VACUUM waits this long at most for a quiet moment; dead rows slow every search meanwhile. */
export const VACUUM_MAX_WAIT_MS = 10 * 60_000

export interface MaintenanceOptions {
  /** Resolves true at a quiet moment, false after `maxWaitMs` without one. */
  whenQuiet: (maxWaitMs: number) => Promise<boolean>
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }
  lookMs?: number
  vacuumAfterBytes?: number
  vacuumMaxWaitMs?: number
  /**
   * Resolves once administrators' writes have settled (the page states' whenSettled), or after
   * `maxWaitMs` anyway: a merge holds the one connection for ~1 s per 9 MB page, so it goes after
   * the reads that follow a save (the readers' refresh, the first chunks, the editor's next step).
   */
  whenWritesSettled?: (maxWaitMs: number) => Promise<unknown>
  /** The clock (tests). */
  now?: () => number
}

export class Maintenance {
  /** The log's position after the last VACUUM / merge; null before the first. */
  private vacuumedAt: string | null = null
  private mergedAt: string | null = null
  private running = false
  /** When a VACUUM became due and has waited since; null when none is due. */
  private vacuumDueSince: number | null = null
  /** Jobs run (tests, logs). */
  vacuums = 0
  merges = 0

  constructor(
    private readonly database: Database,
    private readonly options: MaintenanceOptions,
  ) {}

  /** One look: merges the pending list if anything was written; vacuums when due, at a quiet moment or overdue. */
  async check(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      if (this.mergedAt === null || (await this.written(this.mergedAt)) >= MERGE_AFTER_BYTES) {
        await this.options.whenWritesSettled?.(MERGE_MAX_WAIT_MS)
        await this.merge()
      }
      if (this.vacuumedAt !== null && (await this.written(this.vacuumedAt)) < this.vacuumAfterBytes) return
      const now = this.now()
      this.vacuumDueSince ??= now
      const overdue = now - this.vacuumDueSince >= (this.options.vacuumMaxWaitMs ?? VACUUM_MAX_WAIT_MS)
      if (!overdue && !(await this.options.whenQuiet(this.options.lookMs ?? LOOK_MS))) return
      const started = performance.now()
      await this.database.pool.query('VACUUM (ANALYZE)')
      this.vacuums++
      this.vacuumDueSince = null
      this.vacuumedAt = await this.position()
      this.mergedAt = this.vacuumedAt
      const ms = Math.round(performance.now() - started)
      this.options.log.info({ ms, overdue }, 'embedded database vacuumed')
    } catch (error) {
      this.options.log.error({ err: error }, 'upkeep of the embedded database failed')
    } finally {
      this.running = false
    }
  }

  private async merge() {
    const started = performance.now()
    const pages = await mergePendingPassages(this.database.db)
    this.merges++
    this.mergedAt = await this.position()
    if (pages > 0) this.options.log.info({ ms: Math.round(performance.now() - started), pages }, 'search index merged')
  }

  private now() {
    return this.options.now?.() ?? performance.now()
  }

  private get vacuumAfterBytes() {
    return this.options.vacuumAfterBytes ?? VACUUM_AFTER_BYTES
  }

  private async written(since: string): Promise<number> {
    const { rows } = await this.database.pool.query<{ bytes: string }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text AS bytes',
      [since],
    )
    return Number(rows[0]!.bytes)
  }

  private async position(): Promise<string> {
    const { rows } = await this.database.pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
    return rows[0]!.lsn
  }
}

/** Looks every `lookMs` (the first look merges and vacuums); returns a stop function. */
export function scheduleMaintenance(database: Database, options: MaintenanceOptions) {
  const maintenance = new Maintenance(database, options)
  const every = setInterval(() => void maintenance.check(), options.lookMs ?? LOOK_MS)
  every.unref()
  return () => clearInterval(every)
}
