// Bytes on the wire for a reader of the 9 MB page (issue 14), as a browser that accepts brotli gets
// them: the first view (the page's HTML with its first chunk and stylesheet, and the scripts it
// names), then reading it whole (every further chunk by build, the footnotes with the last). The
// baseline is the same bytes uncompressed.
import type { ImportedLibrary } from './import.ts'
import { Client } from './lib/http.ts'
import type { Figure } from './lib/results.ts'
import type { RunningServer } from './lib/server.ts'

const CHUNK_SIZE = 600
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' }

interface Bytes {
  wire: number
  raw: number
}

export async function wireFigures(server: RunningServer, library: ImportedLibrary): Promise<Figure[]> {
  const client = new Client(server.base, 4)
  try {
    const get = async (path: string): Promise<Bytes & { body: Buffer }> => {
      const [compressed, plain] = await Promise.all([
        client.request('GET', path, undefined, ACCEPT),
        client.request('GET', path, undefined, { 'accept-encoding': 'identity' }),
      ])
      if (compressed.status !== 200 || plain.status !== 200) throw new Error(`GET ${path} → ${compressed.status}`)
      return { wire: compressed.body.length, raw: plain.body.length, body: plain.body }
    }
    const html = await get(`/content/${library.largeId}`)
    const page = html.body.toString('utf8')
    // The app's scripts, from the template the loader starts after the first frame (decision 040).
    const scripts = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    const first: Bytes = { wire: html.wire, raw: html.raw }
    for (const script of new Set(scripts)) {
      const answer = await get(script)
      first.wire += answer.wire
      first.raw += answer.raw
    }
    const data = /<script type="application\/json" id="first-view-data">(.*?)<\/script>/.exec(page)?.[1]
    if (!data) throw new Error('the page has no first view')
    const { chunk } = JSON.parse(data) as { chunk: { totalChunks: number; buildId: number } }
    const whole: Bytes = { ...first }
    for (let n = 1; n < chunk.totalChunks; n++) {
      const answer = await get(
        `/api/content/${library.largeId}/chunks?chunk=${n}&size=${CHUNK_SIZE}&build=${chunk.buildId}`,
      )
      whole.wire += answer.wire
      whole.raw += answer.raw
    }
    const row = (figure: string, bytes: Bytes, note: string): Figure => ({
      figure,
      value: bytes.wire / 1024,
      unit: 'KB',
      baseline: bytes.raw / 1024,
      ratio: bytes.wire / bytes.raw,
      target: 'reported',
      pass: null,
      note,
    })
    return [
      row(
        'bytes on the wire: first view of the 9 MB page [embedded]',
        first,
        `brotli as a browser accepts it; the HTML (first chunk and stylesheet inside) and ${new Set(scripts).size} scripts; baseline: the same uncompressed`,
      ),
      row(
        'bytes on the wire: the 9 MB page read whole [embedded]',
        whole,
        `the first view and chunks 1–${chunk.totalChunks - 1} of ${CHUNK_SIZE} blocks by build (the footnotes with the last); baseline: the same uncompressed`,
      ),
    ]
  } finally {
    client.close()
  }
}
