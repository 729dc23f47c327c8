// Issue 30's figure: a 300-page Word document with 2,000 footnotes, three heading levels and five
// pictures converts and shows its preview (POST /api/admin/word/preview) in ≤ 60 s on 2 cores, the
// server's peak RSS ≤ 1 GB meanwhile. The document is written by the tests' own generator
// (test-support/word-documents.ts) before the clock starts. And the other direction: the 9 MB page
// made into a .docx (GET /api/content/{id}/docx, its first request: nothing kept yet), its time and
// the server's peak memory, which may not pass what the page's save takes (decision 063).
import sharp from 'sharp'
import { longDocument } from '../test-support/word-documents.ts'
import { type Figure, reported } from './lib/results.ts'
import { duringPhase, phaseMemoryFigure } from './lib/memory.ts'
import type { RunningServer } from './lib/server.ts'

const PAGES = 300
const FOOTNOTES = 2000
const LIMIT_S = 60
const PEAK_MB = 1024

/** The 9 MB page as a Word file: the time of its first request and the server's peak meanwhile. */
export async function wordExportFigures(
  server: RunningServer,
  pageId: number,
  label: string,
  peakLimitMb: number,
): Promise<Figure[]> {
  const { result: answer, memory } = await duringPhase(server.pid, () =>
    server.admin.request('GET', `/api/content/${pageId}/docx`),
  )
  if (answer.status !== 200) {
    throw new Error(`word export → ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`)
  }
  const figures = [
    reported(
      `Word export: the 9 MB page as .docx, first request [${label}]`,
      answer.ms / 1000,
      's',
      `${(answer.body.length / 1e6).toFixed(1)} MB .docx`,
    ),
  ]
  // Held to the 9 MB save's bound.
  if (memory) figures.push(phaseMemoryFigure('Word export of the 9 MB page', label, memory, peakLimitMb))
  return figures
}

export async function wordImportFigures(server: RunningServer, label: string): Promise<Figure[]> {
  const pictures = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 * i, g: 90, b: 120 } } })
        .png()
        .toBuffer(),
    ),
  )
  const docx = await longDocument({ pages: PAGES, footnotes: FOOTNOTES, pictures })
  const boundary = '----bench-word-import'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pikk.docx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document\r\n\r\n',
    ),
    docx,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const { result: answer, memory } = await duringPhase(server.pid, () =>
    server.admin.request('POST', '/api/admin/word/preview', body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    }),
  )
  if (answer.status !== 200) {
    throw new Error(`word preview → ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`)
  }
  const preview = JSON.parse(answer.body.toString('utf8')) as { counts: { footnotes: { total: number } } }
  const seconds = answer.ms / 1000
  const figures: Figure[] = [
    {
      figure: `Word import: preview of a ${PAGES}-page document with ${FOOTNOTES} footnotes [${label}]`,
      value: seconds,
      unit: 's',
      baseline: null,
      ratio: null,
      target: `≤ ${LIMIT_S} s`,
      pass: seconds <= LIMIT_S,
      note: `${(docx.length / 1e6).toFixed(2)} MB .docx, 3 heading levels, 5 pictures; ${preview.counts.footnotes.total} footnotes came through; ${(answer.body.length / 1e6).toFixed(1)} MB answer`,
    },
  ]
  if (memory) {
    figures.push({
      figure: `peak memory, Word import preview [${label}]`,
      value: memory.peakMb,
      unit: 'MB',
      baseline: null,
      ratio: null,
      target: `≤ ${PEAK_MB} MB`,
      pass: memory.peakMb <= PEAK_MB,
      note: `the server process (its workers and, embedded, the database's thread included); ${memory.endMb.toFixed(0)} MB at the end`,
    })
  }
  return figures
}
