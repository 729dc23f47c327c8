// Export builds off the main thread, a bounded number at a time (decision 041): each runs in a worker
// thread of its own (export.worker.ts), at most `concurrency` of them; further builds wait in a short
// queue for a worker and are refused (503 with Retry-After) when it is full or they waited too long.
// Idle workers are unref'd and stopped after a while; one that dies fails only its own build.
import type { Worker } from 'node:worker_threads'
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

export const exportsBusy = () =>
  new AppError(503, 'busy', 'Too many exports are being made just now; please try again shortly', undefined, {
    'Retry-After': String(RETRY_AFTER_S),
  })

/** One worker thread and the request it is answering. */
export class ExportWorker {
  private readonly worker: Worker
  private pending: {
    seq: number
    resolve: (bytes: number | undefined) => void
    reject: (error: Error) => void
  } | null = null
  private seq = 0
  private idleTimer: NodeJS.Timeout | null = null
  alive = true

  constructor(onDeath: (worker: ExportWorker) => void) {
    this.worker = startTsWorker(new URL('./export.worker.ts', import.meta.url), { resourceLimits: WORKER_LIMITS })
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
  call(request: Request): Promise<number | undefined> {
    if (!this.alive) return Promise.reject(new Error('The export worker has stopped'))
    if (this.pending) return Promise.reject(new Error('The export worker is answering another request'))
    return new Promise((resolve, reject) => {
      const seq = ++this.seq
      this.pending = { seq, resolve, reject }
      try {
        this.worker.postMessage({ ...request, seq } as WorkerRequest)
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

interface Waiter {
  resolve: (worker: ExportWorker) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

/** The workers and the queue of one application instance (made in createAppState, closed with it). */
export class ExportBuilder {
  private readonly idleWorkers: ExportWorker[] = []
  private readonly workers = new Set<ExportWorker>()
  private readonly waiting: Waiter[] = []
  /** Workers running a build. */
  private running = 0
  private closed = false

  constructor(readonly limits: BuildLimits = DEFAULT_BUILD_LIMITS) {}

  /** Builds running and waiting now. */
  get load() {
    return { running: this.running, waiting: this.waiting.length }
  }

  /** Runs `build` with a worker of its own once one is free; 503 when the queue is full or the wait too long. */
  async run<T>(build: (worker: ExportWorker) => Promise<T>): Promise<T> {
    const worker = await this.acquire()
    try {
      return await build(worker)
    } finally {
      this.release(worker)
    }
  }

  private acquire(): Promise<ExportWorker> {
    if (this.closed) return Promise.reject(exportsBusy())
    if (this.running < this.limits.concurrency) {
      this.running++
      return Promise.resolve(this.takeWorker())
    }
    if (this.waiting.length >= this.limits.queue) return Promise.reject(exportsBusy())
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
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

  private takeWorker(): ExportWorker {
    let worker = this.idleWorkers.pop()
    while (worker && !worker.alive) worker = this.idleWorkers.pop()
    if (!worker) {
      worker = new ExportWorker((dead) => this.forget(dead))
      this.workers.add(worker)
    }
    worker.busy()
    return worker
  }

  private release(worker: ExportWorker) {
    const next = this.waiting.shift()
    if (next) {
      clearTimeout(next.timer)
      // A worker that died (or was left mid-build by an error) is replaced for the next build.
      if (worker.alive) return next.resolve(worker)
      this.forget(worker, { stop: true })
      next.resolve(this.takeWorker())
      return
    }
    this.running--
    if (!worker.alive || this.closed) {
      this.forget(worker, { stop: true })
      return
    }
    this.idleWorkers.push(worker)
    worker.idle(() => this.forget(worker, { stop: true }))
  }

  /** Drops a worker from the pool; `stop` ends its thread too (one that died has ended already). */
  private forget(worker: ExportWorker, { stop = false } = {}) {
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
