// Export builds off the main thread, a bounded number at a time (decision 041): each runs in a worker
// thread of its own (export.worker.ts), at most `concurrency` of them; further builds wait in a short
// queue for a worker and are refused (503 with Retry-After) when it is full or they waited too long.
// Idle workers are unref'd and stopped after a while; one that dies fails only its own build. Other
// formats (the Word export, modules/word/export) run their own worker program under the same limits.
import type { ResourceLimits, Worker } from 'node:worker_threads'
import { startTsWorker } from '../../lib/ts-worker.ts'
import { AppError } from '../../http/errors.ts'
import type { EpubContents } from './epub-writer.ts'

/** What the main thread asks of the worker, one message at a time, each answered before the next. */
export type WorkerRequest = { seq: number } & (
  | { op: 'start'; contents: EpubContents }
  | { op: 'page'; headers: string }
  | { op: 'blocks'; blocks: string[] }
  | { op: 'endPage'; links: string | null }
  | { op: 'finish'; file: string }
)
export type WorkerReply =
  | { seq: number; ok: true; bytes: number | undefined }
  | { seq: number; ok: false; error: { name: string; message: string } }

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'seq'> : never) : never

/**
 * What a worker thread runs: its entry file (which answers `{ seq, op, … }` with a WorkerReply, one
 * request at a time) and its heap's limits.
 */
export interface ExportProgram {
  url: URL
  resourceLimits: ResourceLimits
}

export interface BuildLimits {
  /** Exports built at once, each in a worker thread of its own. */
  concurrency: number
  /** Builds that may wait for a worker; one more is refused at once. */
  queue: number
  /** The longest a build waits for a worker before it is refused. */
  waitMs: number
}

export const DEFAULT_BUILD_LIMITS: BuildLimits = { concurrency: 2, queue: 6, waitMs: 20_000 }
/** Seconds a refused client is told to wait. */
const RETRY_AFTER_S = 10
/** An idle worker is stopped after this long. */
const IDLE_STOP_MS = 10_000
// A book's files are held as bytes (outside this heap) until zipped; the strings of one page at a
// time are what the heap holds (the 9 MB page: well under 100 MB).
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16, maxOldGenerationSizeMb: 256 }

/** The EPUB's worker program (export.worker.ts). */
export const EPUB_PROGRAM: ExportProgram = {
  url: new URL('./export.worker.ts', import.meta.url),
  resourceLimits: WORKER_LIMITS,
}

export const exportsBusy = () =>
  new AppError(503, 'busy', 'Too many exports are being made just now; please try again shortly', undefined, {
    'Retry-After': String(RETRY_AFTER_S),
  })

/** One worker thread and the request it is answering; `R` is what its program is asked. */
export class ExportWorker<R extends object = Request> {
  private readonly worker: Worker
  private pending: {
    seq: number
    resolve: (bytes: number | undefined) => void
    reject: (error: Error) => void
  } | null = null
  private seq = 0
  private idleTimer: NodeJS.Timeout | null = null
  alive = true

  constructor(
    onDeath: (worker: ExportWorker<R>) => void,
    readonly program: ExportProgram = EPUB_PROGRAM,
  ) {
    this.worker = startTsWorker(program.url, { resourceLimits: program.resourceLimits })
    this.worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending
      if (!pending || pending.seq !== reply.seq) return
      this.pending = null
      if (reply.ok) pending.resolve(reply.bytes)
      else pending.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }))
    })
    const die = (error: Error) => {
      if (!this.alive) return
      this.alive = false
      this.pending?.reject(error)
      this.pending = null
      onDeath(this)
    }
    this.worker.on('error', die)
    this.worker.on('exit', (code) => die(new Error(`The export worker stopped (exit code ${code})`)))
  }

  /** Sends one request and waits for its answer (the bytes written, for `finish`). */
  call(request: R): Promise<number | undefined> {
    if (!this.alive) return Promise.reject(new Error('The export worker has stopped'))
    if (this.pending) return Promise.reject(new Error('The export worker is answering another request'))
    return new Promise((resolve, reject) => {
      const seq = ++this.seq
      this.pending = { seq, resolve, reject }
      try {
        this.worker.postMessage({ ...request, seq })
      } catch (error) {
        this.pending = null
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  }

  busy() {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
    this.worker.ref()
  }

  idle(stop: () => void) {
    this.worker.unref()
    this.idleTimer = setTimeout(stop, IDLE_STOP_MS).unref()
  }

  async terminate() {
    this.alive = false
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.pending?.reject(new Error('The export worker was closed'))
    this.pending = null
    await this.worker.terminate()
  }
}

/** A worker of any program, as the pool keeps it. */
type AnyWorker = ExportWorker<object>

interface Waiter {
  program: ExportProgram
  resolve: (worker: AnyWorker) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

/** The workers and the queue of one application instance (made in createAppState, closed with it). */
export class ExportBuilder {
  private readonly idleWorkers: AnyWorker[] = []
  private readonly workers = new Set<AnyWorker>()
  private readonly waiting: Waiter[] = []
  /** Workers running a build. */
  private running = 0
  private closed = false

  constructor(readonly limits: BuildLimits = DEFAULT_BUILD_LIMITS) {}

  /** Builds running and waiting now. */
  get load() {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** Worker threads alive now, running or idle. */
  get threads() {
    return this.workers.size
  }

  /**
   * Runs `build` with a worker of `program` (the EPUB's by default) once one is free; 503 when the
   * queue is full or the wait too long. Every program's builds count against the same limits.
   */
  async run<T, R extends object = Request>(
    build: (worker: ExportWorker<R>) => Promise<T>,
    program: ExportProgram = EPUB_PROGRAM,
  ): Promise<T> {
    const worker = await this.acquire(program)
    try {
      return await build(worker as ExportWorker<object> as ExportWorker<R>)
    } finally {
      this.release(worker)
    }
  }

  private acquire(program: ExportProgram): Promise<AnyWorker> {
    if (this.closed) return Promise.reject(exportsBusy())
    if (this.running < this.limits.concurrency) {
      this.running++
      return Promise.resolve(this.takeWorker(program))
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(exportsBusy())
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        program,
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter)
          if (at >= 0) this.waiting.splice(at, 1)
          reject(exportsBusy())
        }, this.limits.waitMs),
      }
      this.waiting.push(waiter)
    })
  }

  private takeWorker(program: ExportProgram): AnyWorker {
    for (let at = this.idleWorkers.length - 1; at >= 0; at--) {
      const idle = this.idleWorkers[at]!
      if (idle.program !== program) continue
      this.idleWorkers.splice(at, 1)
      if (!idle.alive) continue
      idle.busy()
      return idle
    }
    // The pool's threads stay within its limit: an idle worker of another program (still holding
    // the heap of its last build) is stopped to make way, rather than left for its idle timer.
    while (this.workers.size >= this.limits.concurrency && this.idleWorkers.length > 0)
      this.forget(this.idleWorkers[0]!, { stop: true })
    const worker: AnyWorker = new ExportWorker<object>((dead) => this.forget(dead), program)
    this.workers.add(worker)
    worker.busy()
    return worker
  }

  private release(worker: AnyWorker) {
    const next = this.waiting.shift()
    if (next) {
      clearTimeout(next.timer)
      // A worker that died (or was left mid-build by an error) is replaced for the next build; one
      // of another program waits idle for its own kind.
      if (worker.alive && worker.program === next.program) return next.resolve(worker)
      if (worker.alive) this.keepIdle(worker)
      else this.forget(worker, { stop: true })
      next.resolve(this.takeWorker(next.program))
      return
    }
    this.running--
    if (!worker.alive || this.closed) {
      this.forget(worker, { stop: true })
      return
    }
    this.keepIdle(worker)
  }

  private keepIdle(worker: AnyWorker) {
    this.idleWorkers.push(worker)
    worker.idle(() => this.forget(worker, { stop: true }))
  }

  /** Drops a worker from the pool; `stop` ends its thread too (one that died has ended already). */
  private forget(worker: AnyWorker, { stop = false } = {}) {
    const at = this.idleWorkers.indexOf(worker)
    if (at >= 0) this.idleWorkers.splice(at, 1)
    this.workers.delete(worker)
    if (stop) void worker.terminate()
  }

  /** Stops the workers; builds still waiting are refused, running ones fail. */
  async close() {
    this.closed = true
    for (const waiter of this.waiting.splice(0)) {
      clearTimeout(waiter.timer)
      waiter.reject(exportsBusy())
    }
    this.idleWorkers.splice(0)
    await Promise.all([...this.workers].map((worker) => worker.terminate()))
    this.workers.clear()
  }
}
