// The worker thread's side of run-in-worker.ts: one job at a time, each answered with its result or
// error. A page is answered packed (see stored-page.ts), with its change summary when the save asked
// for one and the time each phase took (save-timing.ts); a comparison as the blocks to show
// (revision-diff.ts).
import { parentPort } from 'node:worker_threads'
import { changeSummaryAgainst, compareVersions } from './revision-diff.ts'
import { lapClock } from './save-timing.ts'
import { processPage } from './process-page.ts'
import type { Passage } from './passages.ts'
import type { ProcessingJob, ProcessingResult } from './run-in-worker.ts'
import { packPassages, packStoredPage, toStoredPage } from './stored-page.ts'

const port = parentPort
if (!port) throw new Error('processing.worker.ts runs only as a worker thread')

port.on('message', (job: ProcessingJob) => {
  if (job.kind === 'word') {
    void convertWord(job.jobId, job.input)
    return
  }
  let result: ProcessingResult
  let transfer: ArrayBuffer[] = []
  try {
    if (job.kind === 'compare') {
      const comparison = compareVersions(job.input)
      result = job.envelope
        ? { jobId: job.jobId, comparisonJson: JSON.stringify({ ...job.envelope, ...comparison }) }
        : { jobId: job.jobId, comparison }
    } else {
      const clock = lapClock()
      const jobId = job.jobId
      // A save asks for the passages ahead of the page, to write them while the rest is made.
      const early = job.passagesFirst
        ? (passages: Passage[]) => {
            const packed = packPassages(passages)
            const ahead: ProcessingResult = { jobId, passages: packed.packed, phases: { ...clock.phases } }
            port.postMessage(ahead, packed.transfer)
          }
        : undefined
      const processed = processPage(job.input, clock.lap, early)
      const changeSummary =
        job.summaryAgainst === undefined ? undefined : changeSummaryAgainst(job.summaryAgainst, processed.blocks)
      clock.lap('summary')
      // Passages sent ahead are not sent again.
      const packed = packStoredPage({ ...toStoredPage(processed), ...(early && { passages: [] }) })
      const phases = clock.phases
      result = { jobId: job.jobId, page: packed.packed, phases, ...(changeSummary && { changeSummary }) }
      transfer = packed.transfer
    }
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error))
    result = { jobId: job.jobId, error: { name, message } }
  }
  port.postMessage(result, transfer)
})

/**
 * A Word file's conversion: mammoth works with promises, so this job is answered when it settles
 * (the main side sends the next job only then). Mammoth is loaded on the first Word job, not with
 * every worker.
 */
async function convertWord(jobId: number, input: Extract<ProcessingJob, { kind: 'word' }>['input']) {
  let result: ProcessingResult
  let transfer: ArrayBuffer[] = []
  try {
    const { convertDocx } = await import('../../word/import/docx-convert.ts')
    const word = await convertDocx(input)
    result = { jobId, word }
    transfer = word.pictures.map((picture) => picture.bytes.buffer as ArrayBuffer)
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error))
    result = { jobId, error: { name, message } }
  }
  port!.postMessage(result, transfer)
}
