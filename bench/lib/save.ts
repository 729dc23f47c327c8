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
  const page = await client.post<{ id: number }>('/api/content/finalize', {
    contentId,
    totalChunks,
    metadata: { ...metadata, overwrite: true },
  })
  const end = performance.now()
  return { id: page.id, ms: end - start, uploadMs: uploaded - start, finalizeMs: end - uploaded }
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
