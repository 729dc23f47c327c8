// The phases of a save, measured where they run (main thread, processing worker, database), and
// answered in the save's `Server-Timing` header so that `npm run bench` can print where a slow save
// spends its time. Each moment of the save is counted in one phase only: the phases add up to the
// total, and what no phase names (checks, queueing, copying to and from the worker) is `other`.

/** In the order a save runs them. */
export const SAVE_PHASES = [
  'staging', // reading the staged chunks and joining them, removing them afterwards (chunked saves)
  'sanitise', // the one pass that parses, sanitises and cuts the page into blocks (worker)
  'blocks', // ids, rendering, anchors, headings, citations (worker)
  'passages', // search passages: cut (worker) and written (database)
  'summary', // the revision summary: the old blocks' fingerprints read, aligned with the new (worker)
  'terms', // term usage: the marked terms' ids, their uses (worker) and rows
  'build', // the reader build's blocks and anchor index written (database)
  'commit', // the transaction that makes the build the page's, keeps the revision, audits
  'other',
] as const

export type SavePhase = (typeof SAVE_PHASES)[number]

/** What a phase is called in the header's `desc`, where its metric name is short. */
const DESCRIPTIONS: Partial<Record<SavePhase, string>> = {
  summary: 'revision summary',
  terms: 'term usage',
  build: 'reader build',
}

/** Where a part of the save adds the time it took (the worker's phases arrive as numbers). */
export interface PhaseClock {
  add(phase: SavePhase, ms: number): void
}

export class SaveTiming implements PhaseClock {
  private readonly started = performance.now()
  private readonly spent = new Map<SavePhase, number>()

  add(phase: SavePhase, ms: number) {
    this.spent.set(phase, (this.spent.get(phase) ?? 0) + ms)
  }

  /** Runs `work`, adding its time to `phase`. */
  async time<T>(phase: SavePhase, work: () => Promise<T>): Promise<T> {
    const start = performance.now()
    try {
      return await work()
    } finally {
      this.add(phase, performance.now() - start)
    }
  }

  /** Milliseconds per phase until now; `other` is what the named phases leave of the total. */
  phases(): Record<SavePhase | 'total', number> {
    const total = performance.now() - this.started
    const result = { total } as Record<SavePhase | 'total', number>
    let named = 0
    for (const phase of SAVE_PHASES) {
      if (phase === 'other') continue
      result[phase] = this.spent.get(phase) ?? 0
      named += result[phase]
    }
    result.other = Math.max(0, total - named)
    return result
  }

  /** The `Server-Timing` value: every phase (0 when it did not run), then `total`. */
  header(): string {
    const phases = this.phases()
    return [...SAVE_PHASES, 'total' as const]
      .map((name) => {
        const desc = DESCRIPTIONS[name as SavePhase]
        return `${name};${desc ? `desc="${desc}";` : ''}dur=${phases[name].toFixed(1)}`
      })
      .join(', ')
  }
}

/** Runs `work` and adds its time to `phase` of `clock`, when there is one. */
export async function timed<T>(clock: PhaseClock | undefined, phase: SavePhase, work: () => Promise<T>): Promise<T> {
  if (!clock) return work()
  const start = performance.now()
  try {
    return await work()
  } finally {
    clock.add(phase, performance.now() - start)
  }
}

/** Times in the processing worker, per phase (sent back with the page). */
export type WorkerPhases = Partial<Record<SavePhase, number>>

/** A clock for synchronous code (the worker): `lap(phase)` adds the time since the last lap. */
export function lapClock(): { lap(phase: SavePhase): void; phases: WorkerPhases } {
  const phases: WorkerPhases = {}
  let last = performance.now()
  return {
    phases,
    lap(phase) {
      const now = performance.now()
      phases[phase] = (phases[phase] ?? 0) + (now - last)
      last = now
    },
  }
}

/**
 * The timing of a save's processing while its search passages are already being written (savePage):
 * the worker's phases until it sent the passages ahead (`before`) count as they are; those after
 * (`after`) ran beside the passages' writing, so they count only for the time the save then still
 * waited for the worker, in proportion (what that leaves is `other`). So the phases still add up.
 * Call `ahead`, `written` and `processed` as those happen, and `settle` once all three have.
 */
export function overlapTiming(clock: PhaseClock | undefined) {
  const after: WorkerPhases = {}
  const at: { ahead?: number; written?: number; processed?: number } = {}
  let settled = false
  return {
    before: { add: (phase: SavePhase, ms: number) => clock?.add(phase, ms) } satisfies PhaseClock,
    after: {
      add: (phase: SavePhase, ms: number) => {
        after[phase] = (after[phase] ?? 0) + ms
      },
    } satisfies PhaseClock,
    ahead: () => void (at.ahead = performance.now()),
    written: () => void (at.written = performance.now()),
    processed: () => void (at.processed = performance.now()),
    settle() {
      if (settled || !clock) return
      settled = true
      const entries = Object.entries(after) as Array<[SavePhase, number]>
      const worked = entries.reduce((sum, [, ms]) => sum + ms, 0)
      if (worked <= 0) return
      const waited =
        at.ahead === undefined || at.written === undefined || at.processed === undefined
          ? worked
          : Math.max(0, at.processed - at.written)
      const share = Math.min(worked, waited) / worked
      for (const [phase, ms] of entries) clock.add(phase, ms * share)
    },
  }
}
