// A full garbage collection once the server has been idle for a while after work. V8 collects when
// it allocates, so after a burst (a 9 MB save, an import, a crowd of readers) the garbage it left
// stays resident until the next burst: on PostgreSQL ~40 MB of a server's ~170 MB after the bench's
// save and search (decision 020). When no request has come for IDLE_MS and the heap grew since the
// last collection, one collection runs (tens of milliseconds, while nobody is waiting). Work that
// makes readers wait (the daily backup) can ask to be let go at such a quiet moment too.
import v8 from 'node:v8'
import vm from 'node:vm'

export interface IdleCollectorOptions {
  /** Runs a full collection. */
  collect: () => void
  /** The JavaScript heap's used bytes now. */
  heapUsed: () => number
  /** How long without a request counts as idle. */
  idleMs?: number
  /** How often the timer looks. */
  checkMs?: number
  /** How much the heap must have grown since the last collection for another to be worth it. */
  minGrowthBytes?: number
}

export const IDLE_MS = 5_000
const CHECK_MS = 1_000
const MIN_GROWTH_BYTES = 16 * 1024 * 1024

export class IdleCollector {
  private requests = 0
  private seen = 0
  private quietSince: number
  private heapAfterLast: number
  private timer: NodeJS.Timeout | null = null
  /** Work waiting for a quiet moment (whenIdle), each with the time it goes ahead anyway. */
  private waiting: Array<{ deadline: number; resolve: (idle: boolean) => void }> = []
  /** How many collections ran (tests, logs). */
  collections = 0

  constructor(
    private readonly options: IdleCollectorOptions,
    now: number = performance.now(),
  ) {
    this.quietSince = now
    this.heapAfterLast = options.heapUsed()
  }

  /** A request arrived (called for every request, so it only counts). */
  touch() {
    this.requests++
  }

  /**
   * Resolves true at the next look that finds the server idle (no request for `idleMs`), or false
   * after `maxWaitMs` whatever the traffic: for work that makes readers wait (the daily backup's
   * copy, the embedded database's VACUUM).
   */
  whenIdle(maxWaitMs: number, now: number = performance.now()): Promise<boolean> {
    return new Promise((resolve) => this.waiting.push({ deadline: now + maxWaitMs, resolve }))
  }

  /**
   * One look: lets waiting work go when nothing came for `idleMs` (or its time is up), then collects
   * when the server is idle and the heap grew since the last collection.
   */
  check(now: number) {
    if (this.requests !== this.seen) {
      this.seen = this.requests
      this.quietSince = now
      this.release((entry) => entry.deadline <= now, { idle: false })
      return
    }
    if (now - this.quietSince < (this.options.idleMs ?? IDLE_MS)) {
      this.release((entry) => entry.deadline <= now, { idle: false })
      return
    }
    this.release(() => true, { idle: true })
    if (this.options.heapUsed() - this.heapAfterLast < (this.options.minGrowthBytes ?? MIN_GROWTH_BYTES)) return
    this.options.collect()
    this.collections++
    this.heapAfterLast = this.options.heapUsed()
  }

  /** Lets the waiting work that is `due` go, telling it whether it goes because the server is idle. */
  private release(due: (entry: { deadline: number }) => boolean, { idle }: { idle: boolean }) {
    if (this.waiting.length === 0) return
    const going = this.waiting.filter(due)
    this.waiting = this.waiting.filter((entry) => !due(entry))
    for (const entry of going) entry.resolve(idle)
  }

  start() {
    this.timer ??= setInterval(() => this.check(performance.now()), this.options.checkMs ?? CHECK_MS).unref()
  }

  /** Stops looking (at shutdown: work still waiting for a quiet moment never goes). */
  stop() {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}

/** The process's `gc()`, without starting node with --expose-gc. */
export function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc') as () => void
}
