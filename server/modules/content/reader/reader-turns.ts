// While an administrator's write runs in this process, readers are let in one at a time, and a crowd
// of them at most one per millisecond, so the write is never queued behind them.
//
// Why: Node handles every socket that is ready in one pass of its event loop. With 200 readers that
// never pause, one pass carries ~200 chunk answers, and each step of a save (every database answer,
// every chunk of its upload) waits for a whole pass; and the readers keep the main thread busy, so
// the save's processing worker and the embedded database's thread get less of the CPU. A 9 MB save
// took minutes instead of seconds. Letting one waiting reader in per turn keeps each pass short, and
// pacing the turns when a crowd waits (PACE_MS) leaves the write a fair part of the CPU: many readers
// wait a little longer while an administrator saves, a few hardly, and none otherwise.

/** While a write runs and more than CROWD readers wait, one goes in per this many milliseconds. */
const PACE_MS = 2
const CROWD = 8

export class ReaderTurns {
  private readonly waiting: Array<() => void> = []
  private turning = false

  /** `paced()`: whether a write runs now (turns are then paced; else they follow each other at once). */
  constructor(private readonly paced: () => boolean) {}

  /** Resolves when the reader's turn has come (readers go in the order they came). */
  take(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve)
      if (!this.turning) {
        this.turning = true
        this.schedule()
      }
    })
  }

  /** How many readers wait for their turn. */
  get queued(): number {
    return this.waiting.length
  }

  private schedule() {
    if (this.waiting.length > CROWD && this.paced()) setTimeout(this.next, PACE_MS)
    else setImmediate(this.next)
  }

  private readonly next = () => {
    this.waiting.shift()?.()
    if (this.waiting.length > 0) this.schedule()
    else this.turning = false
  }
}
