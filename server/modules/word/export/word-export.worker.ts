// The Word export's worker thread (decision 063): one .docx at a time, fed by the main thread its
// pictures and a batch of stored blocks at a time, then the links section. Making the document and
// zipping it happen here; the file goes straight to disk, so its bytes never reach the main thread.
// It answers as the EPUB's worker does (export-builder.ts's WorkerReply), so the same pool runs it.
import fs from 'node:fs'
import os from 'node:os'
import { parentPort } from 'node:worker_threads'
import type { WorkerReply } from '../../export/export-builder.ts'
import { DocxWriter, type WordContents, type WordPicture } from './docx-writer.ts'

/** What the main thread asks, one request at a time, each answered before the next. */
export type WordWorkerRequest =
  | { op: 'start'; contents: WordContents }
  | { op: 'pictures'; pictures: WordPicture[] }
  | { op: 'blocks'; blocks: string[] }
  | { op: 'links'; links: string }
  | { op: 'finish'; file: string }

/** The worker thread's nice value (0 normal, 19 lowest), as the EPUB's worker has. */
const EXPORT_NICE = 10

const port = parentPort
if (!port) throw new Error('word-export.worker.ts runs only as a worker thread')

let writer: DocxWriter | null = null

// When the cores are busy, answering requests comes before making exports (see export.worker.ts).
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop())
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, EXPORT_NICE)
} catch {
  // Not Linux, or not allowed: the thread keeps the process's priority.
}

async function handle(request: WordWorkerRequest): Promise<number | undefined> {
  if (request.op === 'start') {
    writer = new DocxWriter(request.contents)
    return undefined
  }
  if (!writer) throw new Error('No export is started')
  switch (request.op) {
    case 'pictures':
      writer.addPictures(request.pictures)
      return undefined
    case 'blocks':
      writer.addBlocks(request.blocks)
      return undefined
    case 'links':
      writer.addLinks(request.links)
      return undefined
    case 'finish': {
      const done = writer
      writer = null
      const bytes = await done.finish()
      await fs.promises.writeFile(request.file, bytes, { mode: 0o600 })
      return bytes.byteLength
    }
  }
}

port.on('message', (request: WordWorkerRequest & { seq: number }) => {
  handle(request).then(
    (bytes) => port.postMessage({ seq: request.seq, ok: true, bytes } satisfies WorkerReply),
    (error: unknown) => {
      if (request.op !== 'start') writer = null
      const { name, message } = error instanceof Error ? error : new Error(String(error))
      port.postMessage({ seq: request.seq, ok: false, error: { name, message } } satisfies WorkerReply)
    },
  )
})
