// Runs the pipeline in one long-lived worker thread so the server keeps answering while a 10 MB page
// is processed; so do the other jobs whose work grows with a page: a save's change summary (with its
// processing) and the comparison of two versions (decision 042). Jobs wait in a queue and go one at a time; a worker that crashes is replaced for the
// next job. The worker is unref'd while idle, so it never keeps a process alive on its own, and it
// stops after IDLE_STOP_MS without work: a 10 MB page leaves a few hundred MB of heap behind that
// V8 would keep, and a new worker costs about a second, which only the first save after a pause pays.
import type { Worker } from 'node:worker_threads'
import type { ChangeSummary } from '#shared/api/revisions.ts'
import { startTsWorker } from '../../../lib/ts-worker.ts'
import type { BlockComparison, VersionsToCompare } from './revision-diff.ts'
import type { PhaseClock, WorkerPhases } from './save-timing.ts'
import type { DocxConversion, WordImportInput } from '../../word/import/docx-convert.ts'

/** Where the worker's phases go: those before the passages were sent ahead, and those after. */
export interface SplitClock {
  before: PhaseClock
  after: PhaseClock
}
import type { PageInput } from './process-page.ts'
import type { Passage } from './passages.ts'
import {
  unpackPassages,
  unpackStoredPage,
  type PackedPage,
  type PackedPassages,
  type StoredPage,
} from './stored-page.ts'

/** What a job asks of the worker. */
export type JobMessage =
  | {
      kind: 'process'
      input: PageInput
      /** The md5 (hex) of each block of the version a save replaces, joined: then the answer has its change summary. */
      summaryAgainst?: string | undefined
      /** The search passages are sent ahead, as soon as they are cut, in a message of their own. */
      passagesFirst?: boolean | undefined
    }
  | {
      kind: 'compare'
      input: VersionsToCompare
      /** When given, the answer is the JSON text of this object with the comparison's fields added. */
      envelope?: Record<string, unknown> | undefined
    }
  /** A Word file made into page HTML (modules/word/import/docx-convert.ts). */
  | { kind: 'word'; input: WordImportInput }

/** A job as the worker receives it. */
export type ProcessingJob = JobMessage & { jobId: number }

export type ProcessingResult =
  | { jobId: number; page: PackedPage; changeSummary?: ChangeSummary; phases: WorkerPhases }
  /** Sent ahead of the page when the job asked for `passagesFirst`, with the phases until then. */
  | { jobId: number; passages: PackedPassages; phases: WorkerPhases }
  | { jobId: number; comparison: BlockComparison }
  | { jobId: number; comparisonJson: string }
  | { jobId: number; word: DocxConversion }
  | { jobId: number; error: { name: string; message: string } }

type Answer = Exclude<ProcessingResult, { error: unknown } | { passages: unknown }>
type Ahead = Extract<ProcessingResult, { passages: unknown }>

interface QueuedJob {
  jobId: number
  message: JobMessage
  ahead?: ((ahead: Ahead) => void) | undefined
  /** Buffers moved to the worker with the message. */
  transfer?: ArrayBuffer[] | undefined
  resolve: (answer: Answer) => void
  reject: (error: Error) => void
}

// A larger young generation saves time collecting garbage on a 10 MB page; the old generation holds
// ~150 MB live at the 9 MB page's peak, and a lower ceiling makes V8 collect before it grows far past it.
// Where node runs with --max-old-space-size (`npm start`, the deploy recipes: 256), V8's flag wins
// over every worker's own limit: the old generation is 256 MB there, which the bench's saves of the
// 9 MB page run in (decision 063's last addendum).
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 32, maxOldGenerationSizeMb: 512 }
/** An idle worker is stopped after this long; the next job starts a new one. */
const IDLE_STOP_MS = 10_000

/**
 * One worker thread and its queue. Each application instance owns one (made in buildApp, closed
 * when the app closes), as does a command-line import; nothing is shared at module level.
 */
export class ProcessingWorker {
  private worker: Worker | null = null
  private running: QueuedJob | null = null
  private readonly waiting: QueuedJob[] = []
  private lastJobId = 0
  private idleTimer: NodeJS.Timeout | null = null

  /** `idleStopMs`: how long an idle worker lives (tests shorten it). */
  constructor(private readonly idleStopMs = IDLE_STOP_MS) {}

  /** Whether a worker thread exists now (running, or idle and not yet stopped). */
  get started(): boolean {
    return this.worker !== null
  }

  /**
   * processPage in the worker thread, answered in the form the database stores (see stored-page.ts).
   * `clock`, when given, gets the time of each phase in the worker (save-timing.ts).
   */
  async process(input: PageInput, clock?: PhaseClock): Promise<StoredPage> {
    const answer = await this.run({ kind: 'process', input })
    if (!('page' in answer)) throw new Error('The processing worker answered another job')
    addPhases(clock, answer.phases)
    return unpackStoredPage(answer.page)
  }

  /**
   * processPage for a save, with what its blocks change against a version's blocks given by their
   * md5 hashes (hex, joined; null for none, then no summary): added, removed and changed blocks
   * (revision-diff.ts), worked out in the worker. `passagesFirst` gets the search passages as soon as
   * the worker has cut them, while it goes on with the rest (rendering, term uses, the summary).
   * `clock` gets the worker's phases, each split at the moment the passages were sent.
   */
  async processForSave(
    input: PageInput,
    previousHashes: string | null,
    options: { passagesFirst?: (passages: Passage[]) => void; clock?: SplitClock } = {},
  ): Promise<{ page: StoredPage; changeSummary: ChangeSummary | null }> {
    let before: WorkerPhases = {}
    let passages: Passage[] | undefined
    const ahead = (message: Ahead) => {
      before = message.phases
      passages = unpackPassages(message.passages)
      options.passagesFirst?.(passages)
    }
    const answer = await this.run(
      { kind: 'process', input, summaryAgainst: previousHashes ?? undefined, passagesFirst: !!options.passagesFirst },
      ahead,
    )
    if (!('page' in answer) || (previousHashes !== null && !answer.changeSummary)) {
      throw new Error('The processing worker answered another job')
    }
    if (options.clock) {
      addPhases(options.clock.before, before)
      const after: WorkerPhases = {}
      for (const [phase, ms] of Object.entries(answer.phases) as Array<[keyof WorkerPhases, number]>) {
        after[phase] = ms - (before[phase] ?? 0)
      }
      addPhases(options.clock.after, after)
    }
    const page = unpackStoredPage(answer.page)
    if (options.passagesFirst) {
      if (!passages) throw new Error('The processing worker sent no passages ahead')
      page.passages = passages // not sent twice
    }
    return { page, changeSummary: answer.changeSummary ?? null }
  }

  /** Two versions of a page compared block by block (compareVersions in revision-diff.ts), in the worker. */
  async compare(input: VersionsToCompare): Promise<BlockComparison> {
    const answer = await this.run({ kind: 'compare', input })
    if (!('comparison' in answer)) throw new Error('The processing worker answered another job')
    return answer.comparison
  }

  /**
   * The same, answered as the JSON text of `{ ...envelope, ...comparison }`. The comparison of two
   * unrelated 9 MB versions is a megabyte of JSON: checked and written out on the main thread it held
   * readers' requests for tens of milliseconds, so the worker writes it (decision 042).
   */
  async compareToJson(input: VersionsToCompare, envelope: Record<string, unknown>): Promise<string> {
    const answer = await this.run({ kind: 'compare', input, envelope })
    if (!('comparisonJson' in answer)) throw new Error('The processing worker answered another job')
    return answer.comparisonJson
  }

  /**
   * A .docx converted in the worker (convertDocx in modules/word/import/docx-convert.ts). Its bytes
   * are moved to the worker, not copied: `input.bytes` is empty afterwards.
   */
  async convertWord(input: WordImportInput): Promise<DocxConversion> {
    const answer = await this.run({ kind: 'word', input }, undefined, [input.bytes.buffer as ArrayBuffer])
    if (!('word' in answer)) throw new Error('The processing worker answered another job')
    return answer.word
  }

  private run(message: JobMessage, ahead?: (ahead: Ahead) => void, transfer?: ArrayBuffer[]): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ jobId: ++this.lastJobId, message, ahead, transfer, resolve, reject })
      this.runNext()
    })
  }

  /**
   * Starts the worker now if it is not running, and keeps an idle one IDLE_STOP_MS longer: a
   * chunked upload calls this as its chunks arrive, so the worker has started (~1 s) by the time
   * finalize needs it instead of after.
   */
  warm(): void {
    if (this.running || this.waiting.length > 0) return
    if (!this.worker) this.startWorker().unref()
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => this.stopIdleWorker(), this.idleStopMs).unref()
  }

  /** Stops the worker; jobs still waiting or running are rejected. A later job starts a new one. */
  async close(): Promise<void> {
    const stopping = this.worker
    this.worker = null
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
    const unfinished = [...(this.running ? [this.running] : []), ...this.waiting.splice(0)]
    this.running = null
    for (const job of unfinished) job.reject(new Error('The processing worker was closed'))
    if (stopping) await stopping.terminate()
  }

  private runNext(): void {
    if (this.running) return
    const job = this.waiting.shift()
    if (!job) {
      this.worker?.unref()
      if (this.worker && !this.idleTimer)
        this.idleTimer = setTimeout(() => this.stopIdleWorker(), this.idleStopMs).unref()
      return
    }
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
    this.running = job
    const current = this.worker ?? this.startWorker()
    current.ref()
    try {
      current.postMessage({ ...job.message, jobId: job.jobId } satisfies ProcessingJob, job.transfer ?? [])
    } catch (error) {
      // An input that cannot be copied to the worker fails alone; the queue goes on.
      this.running = null
      job.reject(error instanceof Error ? error : new Error(String(error)))
      this.runNext()
    }
  }

  private stopIdleWorker(): void {
    this.idleTimer = null
    if (this.running || this.waiting.length > 0 || !this.worker) return
    const idle = this.worker
    this.worker = null // its 'exit' is then no job's failure (failRunningJob ignores a worker that is not current)
    void idle.terminate()
  }

  private startWorker(): Worker {
    const started = startTsWorker(new URL('./processing.worker.ts', import.meta.url), { resourceLimits: WORKER_LIMITS })
    this.worker = started
    started.on('message', (result: ProcessingResult) => {
      const job = this.running
      if (!job || job.jobId !== result.jobId) return
      if ('passages' in result) {
        job.ahead?.(result) // the job goes on
        return
      }
      this.running = null
      if ('error' in result) job.reject(Object.assign(new Error(result.error.message), { name: result.error.name }))
      else job.resolve(result)
      this.runNext()
    })
    started.on('error', (error) => this.failRunningJob(started, error))
    started.on('exit', (code) =>
      this.failRunningJob(started, new Error(`The processing worker stopped (exit code ${code})`)),
    )
    return started
  }

  // The job that was running when its worker died fails; the next job starts a new worker.
  private failRunningJob(dead: Worker, error: Error): void {
    if (this.worker !== dead) return
    this.worker = null
    const job = this.running
    this.running = null
    job?.reject(error)
    this.runNext()
  }
}

function addPhases(clock: PhaseClock | undefined, phases: WorkerPhases) {
  if (!clock) return
  for (const [phase, ms] of Object.entries(phases) as Array<[keyof WorkerPhases, number]>) clock.add(phase, ms)
}
