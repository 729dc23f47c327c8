// The export worker thread's side of export-builder.ts: one EPUB at a time, fed by the main thread a
// page and a batch of stored blocks at a time. Sanitising the blocks again, making the XHTML and
// zipping happen here; the zip goes straight to its file, so its bytes never reach the main thread.
import fs from 'node:fs'
import os from 'node:os'
import { parentPort } from 'node:worker_threads'
import { sanitizePageHtml } from '../content/processing/sanitize.ts'
import { EpubWriter } from './epub-writer.ts'
import type { WorkerReply, WorkerRequest } from './export-builder.ts'

/** The worker thread's nice value (0 normal, 19 lowest). */
const EXPORT_NICE = 10

const port = parentPort
if (!port) throw new Error('export.worker.ts runs only as a worker thread')

let writer: EpubWriter | null = null

// This thread yields to the server's own (Linux: a thread is a task with its own nice value, named
// by /proc/thread-self): when the cores are busy, answering requests comes before making exports.
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, EXPORT_NICE)
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

function handle(request: WorkerRequest): number | undefined {
  if (request.op === 'start') {
    writer = new EpubWriter(request.contents)
    return undefined
  }
  if (!writer) throw new Error('No export is started')
  switch (request.op) {
    case 'page':
      writer.beginPage(request.headers)
      return undefined
    case 'blocks':
      // Sanitised again block by block, as the reader's chunks are (the sanitiser is idempotent).
      writer.addBlocks(request.blocks.map((html) => sanitizePageHtml(html)))
      return undefined
    case 'endPage':
      writer.endPage(request.links === null ? null : sanitizePageHtml(request.links))
      return undefined
    case 'finish': {
      const bytes = writer.finish()
      writer = null
      fs.writeFileSync(request.file, bytes, { mode: 0o600 })
      return bytes.byteLength
    }
  }
}

port.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply
  try {
    reply = { seq: request.seq, ok: true, bytes: handle(request) }
  } catch (error) {
    if (request.op !== 'start') writer = null
    const { name, message } = error instanceof Error ? error : new Error(String(error))
    reply = { seq: request.seq, ok: false, error: { name, message } }
  }
  port.postMessage(reply)
})
