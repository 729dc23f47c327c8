// Figures 1–3 and 6: importing the corpus through the API, saving the 9 MB page, save scaling, and
// how chunk requests fare while the 9 MB page is being processed.
import { allPages, bytesOf, cutPage, largestPage, linkTerms, smallPage, type Corpus } from './lib/corpus.ts'
import { Client, probe } from './lib/http.ts'
import { duringPhase, type PhaseMemory } from './lib/memory.ts'
import type { Figure } from './lib/results.ts'
import { describePhases, importTermsOverApi, saveOverApi, type SaveTiming } from './lib/save.ts'
import type { RunningServer } from './lib/server.ts'
import { percentile } from './lib/stats.ts'

export interface ImportedLibrary {
  /** Page id by title. */
  pageIds: Map<string, number>
  largeId: number
  smallId: number
  benchChapterId: number
  largeHtml: string
}

export async function importCorpus(server: RunningServer, corpus: Corpus, lexiconCsv: Buffer, label: string) {
  const client = server.admin
  const start = performance.now()
  await importTermsOverApi(client, lexiconCsv)
  const terms = await client.get<{ id: number; term: string }[]>('/api/terms')
  const termIds = new Map(terms.map((t) => [t.term, t.id]))
  const pageIds = new Map<string, number>()
  let bytes = 0
  let largeSave: number | null = null
  const large = largestPage(corpus)
  for (const book of corpus.books) {
    const { id: bookId } = await client.post<{ id: number }>('/api/books', {
      title: book.title,
      description: book.description ?? null,
      order: book.order,
    })
    for (const chapter of book.chapters) {
      const { id: chapterId } = await client.post<{ id: number }>('/api/chapters', {
        title: chapter.title,
        description: chapter.description ?? null,
        order: chapter.order,
        bookId,
      })
      for (const page of chapter.pages) {
        const html = linkTerms(page.content, termIds)
        const saved = await saveOverApi(client, html, {
          title: page.title,
          chapterId,
          order: page.order,
          published: page.published,
        })
        if (page === large) largeSave = saved.ms
        pageIds.set(page.title, saved.id)
        bytes += bytesOf(page.content)
      }
    }
  }
  const seconds = (performance.now() - start) / 1000
  // A chapter for the bench's own saves: unpublished pages, invisible to visitors and their search.
  const { id: benchBook } = await client.post<{ id: number }>('/api/books', { title: 'Bench', order: 99 })
  const { id: benchChapterId } = await client.post<{ id: number }>('/api/chapters', {
    title: 'Bench saves',
    bookId: benchBook,
    order: 1,
  })
  const library: ImportedLibrary = {
    pageIds,
    largeId: pageIds.get(large.title)!,
    smallId: pageIds.get(smallPage(corpus).title)!,
    benchChapterId,
    largeHtml: linkTerms(large.content, termIds),
  }
  const figures: Figure[] = [
    {
      figure: `import, whole corpus via API [${label}]`,
      value: bytes / 1e6 / seconds,
      unit: 'MB/s',
      baseline: null,
      ratio: null,
      target: 'reported',
      pass: null,
      note: `${allPages(corpus).length} pages, ${(bytes / 1e6).toFixed(1)} MB + ${terms.length} terms in ${seconds.toFixed(1)} s; the 9 MB page took ${((largeSave ?? 0) / 1000).toFixed(1)} s of it`,
    },
  ]
  return { library, figures }
}

/** Save of the 9 MB page end to end, and the same work for a 1 MB page cut from it (best of two each). */
export async function saveFigures(
  server: RunningServer,
  library: ImportedLibrary,
  label: string,
): Promise<{ figures: Figure[]; memory: PhaseMemory | null }> {
  const client = server.admin
  const meta = (title: string) => ({ title, chapterId: library.benchChapterId, order: 1, published: false })
  const small = cutPage(library.largeHtml, 1_000_000)
  const smallBytes = bytesOf(small)
  const largeBytes = bytesOf(library.largeHtml)
  const smallRuns: SaveTiming[] = []
  let smallId: 'new' | number = 'new'
  for (let i = 0; i < 3; i++) {
    const saved = await saveOverApi(client, small, meta('Bench 1 MB cut'), smallId)
    smallId = saved.id
    smallRuns.push(saved)
  }
  const largeRuns: SaveTiming[] = []
  let largeId: 'new' | number = 'new'
  // The server's peak while the 9 MB page is saved (twice: a new page, then a new version of it).
  const { memory } = await duringPhase(server.pid, async () => {
    for (let i = 0; i < 2; i++) {
      const saved = await saveOverApi(client, library.largeHtml, meta('Bench 9 MB'), largeId)
      largeId = saved.id
      largeRuns.push(saved)
    }
  })
  const best = largeRuns.reduce((a, b) => (b.ms < a.ms ? b : a))
  const smallBest = smallRuns.reduce((a, b) => (b.ms < a.ms ? b : a))
  const scaled = (smallBest.ms * largeBytes) / smallBytes
  const figures: Figure[] = [
    {
      figure: `save of the 9 MB page [${label}]`,
      value: best.ms / 1000,
      unit: 's',
      baseline: null,
      ratio: null,
      target: '< 5 s',
      pass: best.ms < 5000,
      note: `best of 2: ${describePhases(best)}; runs ${largeRuns.map((r) => (r.ms / 1000).toFixed(1)).join(', ')} s`,
    },
    {
      figure: `save scaling 9 MB vs ${(largeBytes / smallBytes).toFixed(1)} × 1 MB [${label}]`,
      value: best.ms / 1000,
      unit: 's',
      baseline: scaled / 1000,
      ratio: best.ms / scaled,
      target: 'ratio ≤ 1.3',
      pass: best.ms / scaled <= 1.3,
      note: `1 MB cut (${(smallBytes / 1e6).toFixed(2)} MB, best of 3): ${(smallBest.ms / 1000).toFixed(2)} s (${describePhases(smallBest)}), scaled by bytes to ${(scaled / 1000).toFixed(1)} s`,
    },
  ]
  return { figures, memory }
}

/** p99 of chunk requests while the 9 MB page is being finalized, vs the same requests when idle. */
export async function responsivenessFigure(
  server: RunningServer,
  library: ImportedLibrary,
  label: string,
): Promise<Figure> {
  const readers = new Client(server.base)
  const path = `/api/content/${library.smallId}/chunks?chunk=0&size=600`
  try {
    const idleEnd = performance.now() + 4000
    const idle = await probe(readers, path, { connections: 4, until: () => performance.now() > idleEnd })
    let saving = true
    let finalizing = false
    const during: number[] = []
    const probing = (async () => {
      while (saving) {
        if (!finalizing) {
          await new Promise((r) => setTimeout(r, 20))
          continue
        }
        const samples = await probe(readers, path, { connections: 4, until: () => !saving })
        during.push(...samples)
      }
    })()
    await saveOverApi(
      server.admin,
      library.largeHtml,
      { title: 'Bench 9 MB responsiveness', chapterId: library.benchChapterId, order: 2, published: false },
      'new',
      () => {
        finalizing = true
      },
    )
    saving = false
    await probing
    const idleP99 = percentile(idle, 99)
    const duringP99 = percentile(during, 99)
    return {
      figure: `chunk p99 during a 9 MB save vs idle [${label}]`,
      value: duringP99,
      unit: 'ms',
      baseline: idleP99,
      ratio: duringP99 / idleP99,
      target: '< 100 ms; ratio ≤ 5',
      pass: duringP99 < 100 && duringP99 / idleP99 <= 5,
      note: `4 readers on the 20 KB page's chunk 0; ${during.length} requests during finalize (max ${Math.max(...during).toFixed(0)} ms), ${idle.length} idle`,
    }
  } finally {
    readers.close()
  }
}
