// "An editor is not starved by readers" (issue 14): the 9 MB save while 200 readers without pause read
// chunks of the 9 MB page, vs the same save on the idle server a moment before.
import { spawn } from 'node:child_process'
import type { ImportedLibrary } from './import.ts'
import type { Figure } from './lib/results.ts'
import { saveOverApi } from './lib/save.ts'
import { repoRoot, type RunningServer } from './lib/server.ts'
import { track } from './lib/children.ts'

const READERS = 200
/** The readers stop once the save under load has taken this many times the idle save (or 60 s). */
const CAP_RATIO = 3

interface ReadersResult {
  requests: number
  rps: number
  p99: number
  errors: number
  non2xx: number
}

async function startReaders(base: string, paths: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/readers.ts', base, String(READERS), ...paths], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  track(child)
  let out = ''
  child.stdout!.on('data', (part: Buffer) => (out += part.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  await new Promise<void>((resolve, reject) => {
    const check = () => (out.includes('started\n') ? resolve() : setTimeout(check, 50))
    check()
    void exited.then((code) => reject(new Error(`readers exited ${code}`)))
  })
  return {
    stop: async (): Promise<ReadersResult> => {
      child.kill('SIGTERM')
      await exited
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (!line) throw new Error('readers reported nothing')
      return JSON.parse(line) as ReadersResult
    },
  }
}

export async function starvationFigure(
  server: RunningServer,
  library: ImportedLibrary,
  label: string,
): Promise<Figure> {
  const meta = { title: 'Bench 9 MB under readers', chapterId: library.benchChapterId, order: 3, published: false }
  const first = await server.admin.get<{ totalChunks: number }>(
    `/api/content/${library.largeId}/chunks?chunk=0&size=600`,
  )
  const chunks = Math.min(first.totalChunks, 40)
  const paths = Array.from({ length: chunks }, (_, i) => `/api/content/${library.largeId}/chunks?chunk=${i}&size=600`)
  // Each chunk read once first: the readers measured are steady ones, not 200 first reads of cold chunks.
  for (const path of paths) await server.admin.request('GET', path, undefined, { 'accept-encoding': 'gzip' })
  // The page exists first, so both timed saves are a new version of it (the editor's common case).
  const { id } = await saveOverApi(server.admin, library.largeHtml, meta)
  const idle = await saveOverApi(server.admin, library.largeHtml, meta, id)
  const readers = await startReaders(server.base, paths)
  let loaded
  let read: ReadersResult | undefined
  // A starved save can take minutes: past the cap the ratio fails anyway, so the readers stop there
  // and the save's own time is what remains to be waited for.
  const capMs = Math.max(CAP_RATIO * idle.ms, 60_000)
  let capped = false
  try {
    await new Promise((r) => setTimeout(r, 1000)) // the readers at full speed before the save starts
    const saving = saveOverApi(server.admin, library.largeHtml, meta, id)
    const timer = setTimeout(() => {
      capped = true
      void readers.stop().then((r) => (read = r))
    }, capMs)
    try {
      loaded = await saving
    } finally {
      clearTimeout(timer)
    }
  } finally {
    if (!capped) read = await readers.stop()
  }
  while (!read) await new Promise((r) => setTimeout(r, 50))
  const ratio = loaded.ms / idle.ms
  const failed = read.errors + read.non2xx
  return {
    figure: `editor: 9 MB save under ${READERS} readers vs idle [${label}]`,
    value: loaded.ms / 1000,
    unit: 's',
    baseline: idle.ms / 1000,
    ratio,
    target: 'ratio ≤ 2',
    pass: ratio <= 2,
    note: `under load: upload ${(loaded.uploadMs / 1000).toFixed(1)} s + finalize ${(loaded.finalizeMs / 1000).toFixed(1)} s (idle ${(idle.uploadMs / 1000).toFixed(1)} + ${(idle.finalizeMs / 1000).toFixed(1)} s); readers: autocannon in its own process, ${READERS} connections without pause over chunks 0–${chunks - 1} of the 9 MB page, ${read.rps.toFixed(0)} req/s, p99 ${read.p99} ms${failed ? `, ${failed} failed` : ''}${capped ? `; the readers were stopped after ${(capMs / 1000).toFixed(0)} s (${CAP_RATIO}× idle or 60 s), the save finished without them` : ''}; nothing pinned`,
  }
}
