// Saving a page the way the editor does: 51,200-character chunks to the staging row, then finalize.
import { UPLOAD_CHUNK_CHARS } from '#shared/limits.ts'
import type { Client } from './http.ts'

export interface PageMetadata {
  title: string
  chapterId: number
  order: number
  published: boolean
}

export interface SaveTiming {
  id: number
  ms: number
  uploadMs: number
  finalizeMs: number
  /**
   * The server's phases of finalize in ms, as its Server-Timing header gives them (they add up to
   * `total`); null when it sent none.
   */
  phases: Record<string, number> | null
}

/** `name;desc="…";dur=12.3, …` → { name: 12.3, … } (metrics without a duration are left out). */
export function parseServerTiming(header: string | string[] | undefined): Record<string, number> | null {
  if (header === undefined) return null
  const phases: Record<string, number> = {}
  for (const metric of [header].flat().join(',').split(',')) {
    const [name, ...params] = metric.split(';').map((part) => part.trim())
    const dur = params.find((param) => param.startsWith('dur='))
    if (name && dur) phases[name] = Number(dur.slice(4))
  }
  return Object.keys(phases).length > 0 ? phases : null
}

/**
 * "upload 2.1 + staging 0.1 + sanitise 0.6 + … + answer 0.2 s": the client's upload, the server's
 * phases of finalize, and the rest of finalize as the client saw it (the answer's transfer).
 */
export function describePhases(timing: SaveTiming): string {
  const seconds = (ms: number) => (ms / 1000).toFixed(2)
  if (!timing.phases) return `upload ${seconds(timing.uploadMs)} + finalize ${seconds(timing.finalizeMs)} s`
  const { total = 0, ...phases } = timing.phases
  const parts = Object.entries(phases).map(([name, ms]) => `${name} ${seconds(ms)}`)
  return (
    [`upload ${seconds(timing.uploadMs)}`, ...parts, `answer ${seconds(Math.max(0, timing.finalizeMs - total))}`].join(
      ' + ',
    ) + ' s'
  )
}

export async function saveOverApi(
  client: Client,
  html: string,
  metadata: PageMetadata,
  contentId: 'new' | number = 'new',
  onFinalizeStart?: () => void,
): Promise<SaveTiming> {
  const totalChunks = Math.max(1, Math.ceil(html.length / UPLOAD_CHUNK_CHARS))
  const start = performance.now()
  for (let chunkIndex = 0; chunkIndex < totalChunks; chunkIndex++) {
    const chunk = html.slice(chunkIndex * UPLOAD_CHUNK_CHARS, (chunkIndex + 1) * UPLOAD_CHUNK_CHARS)
    await client.post('/api/content/chunk', { chunk, chunkIndex, totalChunks, contentId })
  }
  const uploaded = performance.now()
  onFinalizeStart?.()
  const body = JSON.stringify({ contentId, totalChunks, metadata: { ...metadata, overwrite: true } })
  const answer = await client.request('POST', '/api/content/finalize', body, { 'content-type': 'application/json' })
  const end = performance.now()
  if (answer.status !== 200) {
    throw new Error(`POST /api/content/finalize → ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`)
  }
  const page = JSON.parse(answer.body.toString('utf8')) as { id: number }
  return {
    id: page.id,
    ms: end - start,
    uploadMs: uploaded - start,
    finalizeMs: end - uploaded,
    phases: parseServerTiming(answer.headers['server-timing']),
  }
}

/** POST /api/terms/import with the CSV in the multipart field `file`. */
export async function importTermsOverApi(client: Client, csv: Buffer) {
  const boundary = `----bench${Date.now()}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lexicon.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const answer = await client.request('POST', '/api/terms/import', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  })
  if (answer.status !== 200) throw new Error(`terms import → ${answer.status}: ${answer.body.toString().slice(0, 300)}`)
  return JSON.parse(answer.body.toString()) as { created: number; updated: number }
}
