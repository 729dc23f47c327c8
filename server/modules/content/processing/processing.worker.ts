// The worker thread's side of run-in-worker.ts: one job at a time, each answered with its page (packed,
// see stored-page.ts) or error.
import { parentPort } from 'node:worker_threads'
import { processPage } from './process-page.ts'
import type { ProcessingJob, ProcessingResult } from './run-in-worker.ts'
import { packStoredPage, toStoredPage } from './stored-page.ts'

const port = parentPort
if (!port) throw new Error('processing.worker.ts runs only as a worker thread')

port.on('message', (job: ProcessingJob) => {
  let result: ProcessingResult
  let transfer: ArrayBuffer[] = []
  try {
    const packed = packStoredPage(toStoredPage(processPage(job.input)))
    result = { jobId: job.jobId, page: packed.packed }
    transfer = packed.transfer
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error))
    result = { jobId: job.jobId, error: { name, message } }
  }
  port.postMessage(result, transfer)
})
