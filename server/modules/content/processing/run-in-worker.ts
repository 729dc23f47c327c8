// Runs the pipeline in one long-lived worker thread so the server keeps answering while a 10 MB page
// is processed. Jobs wait in a queue and go one at a time; a worker that crashes is replaced for the
// next job. The worker is unref'd while idle, so it never keeps a process alive on its own.
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

// A larger young generation halves the time spent collecting garbage on a 10 MB page.
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: 2048 }

let worker: Worker | null = null
let running: QueuedJob | null = null
const waiting: QueuedJob[] = []
let lastJobId = 0

/** processPage in the worker thread, answered in the form the database stores (see stored-page.ts). */
export function processPageInWorker(input: PageInput): Promise<StoredPage> {
  return new Promise((resolve, reject) => {
    waiting.push({ jobId: ++lastJobId, input, resolve, reject })
    runNext()
  })
}

/** Stops the worker; jobs still waiting or running are rejected. */
export async function closeProcessingWorker(): Promise<void> {
  const stopping = worker
  worker = null
  const unfinished = [...(running ? [running] : []), ...waiting.splice(0)]
  running = null
  for (const job of unfinished) job.reject(new Error('The processing worker was closed'))
  if (stopping) await stopping.terminate()
}

function runNext(): void {
  if (running) return
  const job = waiting.shift()
  if (!job) {
    worker?.unref()
    return
  }
  running = job
  const current = worker ?? startWorker()
  current.ref()
  try {
    current.postMessage({ jobId: job.jobId, input: job.input } satisfies ProcessingJob)
  } catch (error) {
    // An input that cannot be copied to the worker fails alone; the queue goes on.
    running = null
    job.reject(error instanceof Error ? error : new Error(String(error)))
    runNext()
  }
}

function startWorker(): Worker {
  const started = startTsWorker(new URL('./processing.worker.ts', import.meta.url), { resourceLimits: WORKER_LIMITS })
  worker = started
  started.on('message', (result: ProcessingResult) => {
    const job = running
    if (!job || job.jobId !== result.jobId) return
    running = null
    if ('page' in result) job.resolve(unpackStoredPage(result.page))
    else job.reject(Object.assign(new Error(result.error.message), { name: result.error.name }))
    runNext()
  })
  started.on('error', (error) => failRunningJob(started, error))
  started.on('exit', (code) => failRunningJob(started, new Error(`The processing worker stopped (exit code ${code})`)))
  return started
}

// The job that was running when its worker died fails; the next job starts a new worker.
function failRunningJob(dead: Worker, error: Error): void {
  if (worker !== dead) return
  worker = null
  const job = running
  running = null
  job?.reject(error)
  runNext()
}
