// Upkeep of the embedded database, at quiet moments (no request for a few seconds): both jobs hold
// every statement while they run, so they wait until nobody is asking (decisions 052, 053).
// - The search index's pending list is merged after writing: a save leaves its passages there (the
//   embedded database's gin_pending_list_limit is 32 MB, db/pglite-worker.ts) instead of merging
//   them itself (1.3 s of a 9 MB page's save); searches read the list until then (~20 ms more while
//   it holds a 9 MB page).
// - PGlite runs PostgreSQL in single-user mode: no autovacuum, so the rows a save supersedes (a 9 MB
//   page's old build is ~30,000 rows of blocks and passages) stay as dead rows every search walks
//   past, and the planner's statistics are never renewed. VACUUM (ANALYZE) runs once after start and
//   again whenever 64 MB were written since (it merges the pending list too).
// "Written" is measured by the write-ahead log's position: single-user mode keeps no statistics of
// changed rows. PostgreSQL does all of this itself.
import type { Database } from './client.ts'

/** How much written (write-ahead log) makes another VACUUM worth its pause. */
export const VACUUM_AFTER_BYTES = 64 * 1024 * 1024
/** How much written makes a merge of the search index's pending list worth a look. */
export const MERGE_AFTER_BYTES = 256 * 1024
/** How often the log is looked at (and how long a due job waits for a quiet moment). */
const CHECK_MS = 30_000

export interface MaintenanceOptions {
  /** Resolves true at a quiet moment, false after `maxWaitMs` without one. */
  whenQuiet: (maxWaitMs: number) => Promise<boolean>
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }
  checkMs?: number
  vacuumAfterBytes?: number
}

export class Maintenance {
  /** The log's position after the last VACUUM / merge; null before the first. */
  private vacuumedAt: string | null = null
  private mergedAt: string | null = null
  private running = false
  /** Jobs run (tests, logs). */
  vacuums = 0
  merges = 0

  constructor(
    private readonly database: Database,
    private readonly options: MaintenanceOptions,
  ) {}

  /** One look: runs what is due at the next quiet moment (within one look's time, else next look). */
  async check(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      const vacuum = this.vacuumedAt === null || (await this.written(this.vacuumedAt)) >= this.vacuumAfterBytes
      const merge = !vacuum && (this.mergedAt === null || (await this.written(this.mergedAt)) >= MERGE_AFTER_BYTES)
      if (!vacuum && !merge) return
      if (!(await this.options.whenQuiet(this.options.checkMs ?? CHECK_MS))) return
      const started = performance.now()
      if (vacuum) {
        await this.database.pool.query('VACUUM (ANALYZE)')
        this.vacuums++
        this.vacuumedAt = await this.position()
        this.mergedAt = this.vacuumedAt
        this.options.log.info({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed')
      } else {
        const { rows } = await this.database.pool.query<{ pages: string }>(
          "SELECT gin_clean_pending_list('search_passages_vector_idx'::regclass)::text AS pages",
        )
        this.merges++
        this.mergedAt = await this.position()
        const pages = Number(rows[0]!.pages)
        if (pages > 0) {
          this.options.log.info({ ms: Math.round(performance.now() - started), pages }, 'search index merged')
        }
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'upkeep of the embedded database failed')
    } finally {
      this.running = false
    }
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

/** Looks every `checkMs` (the first look vacuums); returns a stop function. */
export function scheduleMaintenance(database: Database, options: MaintenanceOptions) {
  const maintenance = new Maintenance(database, options)
  const every = setInterval(() => void maintenance.check(), options.checkMs ?? CHECK_MS)
  every.unref()
  return () => clearInterval(every)
}
