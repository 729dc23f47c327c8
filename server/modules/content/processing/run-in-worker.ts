// Runs the pipeline in one long-lived worker thread so the server keeps answering while a 10 MB page
// is processed. Jobs wait in a queue and go one at a time; a worker that crashes is replaced for the
// next job. The worker is unref'd while idle, so it never keeps a process alive on its own, and it
// stops after IDLE_STOP_MS without work: a 10 MB page leaves a few hundred MB of heap behind that
// V8 would keep, and a new worker costs about a second, which only the first save after a pause pays.
import type { Worker } from 'node:worker_threads'
import { startTsWorker } from '../../../lib/ts-worker.ts'
import type { PageInput } from './process-page.ts'
import { unpackStoredPage, type PackedPage, type StoredPage } from './stored-page.ts'

export interface ProcessingJob {
  jobId: number
  input: PageInput
}

export type ProcessingResult =
  { jobId: number; page: PackedPage } | { jobId: number; error: { name: string; message: string } }

interface QueuedJob extends ProcessingJob {
  resolve: (page: StoredPage) => void
  reject: (error: Error) => void
}

// A larger young generation saves time collecting garbage on a 10 MB page; the old generation holds
// ~150 MB live at the 9 MB page's peak, and a lower ceiling makes V8 collect before it grows far past it.
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

  /** processPage in the worker thread, answered in the form the database stores (see stored-page.ts). */
  process(input: PageInput): Promise<StoredPage> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ jobId: ++this.lastJobId, input, resolve, reject })
      this.runNext()
    })
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
      current.postMessage({ jobId: job.jobId, input: job.input } satisfies ProcessingJob)
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
      this.running = null
      if ('page' in result) job.resolve(unpackStoredPage(result.page))
      else job.reject(Object.assign(new Error(result.error.message), { name: result.error.name }))
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
