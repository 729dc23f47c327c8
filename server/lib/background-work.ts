// Work an app instance starts and must see finished (or told to stop) before it closes.
/**
 * Work that goes on after its request has its answer: removing a superseded build, or a job over
 * every page (reprocessing). When the app closes, `stop` tells what runs to stop (a job looks at
 * `signal` between two pages and marks its run interrupted, reprocess.service.ts) and waits for it.
 */
export class BackgroundWork {
  private readonly controller = new AbortController()
  private readonly running = new Set<Promise<void>>()

  /** Aborted once the work is told to stop. */
  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** Starts `work`; a failure is dropped (what it leaves is for `removeStaleBuilds`, or in its job's row). */
  start(work: () => Promise<void>): void {
    const running: Promise<void> = work()
      .catch(() => {})
      .finally(() => this.running.delete(running))
    this.running.add(running)
  }

  /** Waits until nothing is running. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running)
  }

  /** Tells what runs to stop, then waits until nothing is running (before the database closes). */
  async stop(): Promise<void> {
    this.controller.abort()
    await this.settle()
  }
}
