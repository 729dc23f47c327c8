// The revision comparison figure (issue 15): two versions of the 9 MB page, a few hundred paragraphs
// changed between them, compared over HTTP (GET /api/content/{id}/revisions/compare). Target < 2 s.
// Baseline: reading one of those revisions whole (GET …/revisions/{id}, the 9 MB text once) on the
// same server seconds apart, so the ratio says what the comparison costs beyond reading the text.
// Part of `npm run bench` (BENCH_ONLY=revision); alone, without the corpus import, on a fresh embedded
// database (and PostgreSQL unless BENCH_SKIP_POSTGRES) with the generated 9 MB page:
// `node --import tsx bench/revisions.ts`.
import { pathToFileURL } from 'node:url'
import { generatePage } from '../test-support/generated-page.ts'
import { formatTable, type Figure } from './lib/results.ts'
import { saveOverApi } from './lib/save.ts'
import { createPostgresDatabase, startServer, type RunningServer } from './lib/server.ts'

const CHANGED_PARAGRAPHS = 300
const TARGET_MS = 2000

/** The page with `count` paragraphs changed by one word each, spread through it. */
export function changeParagraphs(html: string, count: number): string {
  const candidates = html.match(/<p>[^<]{40,}? /g)?.length ?? 0
  const every = Math.max(1, Math.floor(candidates / count))
  let seen = 0
  let changed = 0
  const result = html.replace(/<p>([^<]{40,}?) /g, (whole, start: string) => {
    seen++
    if (seen % every !== 0 || changed >= count) return whole
    changed++
    return `<p>${start} muudetud `
  })
  if (changed < count) throw new Error(`only ${changed} of ${count} paragraphs could be changed`)
  return result
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function revisionCompareFigure(
  server: RunningServer,
  largeHtml: string,
  chapterId: number,
  label: string,
): Promise<Figure> {
  const client = server.admin
  const meta = { title: 'Bench revisions', chapterId, order: 3, published: false }
  const { id } = await saveOverApi(client, largeHtml, meta)
  await saveOverApi(client, changeParagraphs(largeHtml, CHANGED_PARAGRAPHS), meta, id)
  const history = await client.get<{ data: Array<{ revisionId: number }> }>(`/api/content/${id}/revisions`)
  const revisionId = history.data[0]!.revisionId
  const timed = async (path: string) => {
    const answer = await client.request('GET', path)
    if (answer.status !== 200) throw new Error(`${path} → ${answer.status}: ${answer.body.toString().slice(0, 200)}`)
    return answer.ms
  }
  const comparePath = `/api/content/${id}/revisions/compare?from=${revisionId}`
  const readPath = `/api/content/${id}/revisions/${revisionId}`
  await timed(comparePath) // warm
  const compare: number[] = []
  const read: number[] = []
  for (let i = 0; i < 3; i++) {
    compare.push(await timed(comparePath))
    read.push(await timed(readPath))
  }
  const value = median(compare)
  const baseline = median(read)
  await client.request('DELETE', `/api/content/${id}`)
  return {
    figure: `revision compare of the 9 MB page [${label}]`,
    value: Math.round(value),
    unit: 'ms',
    baseline: Math.round(baseline),
    ratio: Number((value / baseline).toFixed(2)),
    target: `< ${TARGET_MS / 1000} s`,
    pass: value < TARGET_MS,
    samples: compare.map((ms, i) => Number((ms / read[i]!).toFixed(3))),
    note: `${CHANGED_PARAGRAPHS} changed paragraphs, revision vs current, median of 3; baseline: reading the revision whole`,
  }
}

async function measureOn(kind: RunningServer['kind'], label: string, databaseUrl?: string): Promise<Figure> {
  const server = await startServer(kind, databaseUrl)
  try {
    const book = await server.admin.post<{ id: number }>('/api/books', { title: 'Bench revisions' })
    const chapter = await server.admin.post<{ id: number }>('/api/chapters', { title: 'Bench', bookId: book.id })
    return await revisionCompareFigure(server, generatePage().content, chapter.id, label)
  } finally {
    await server.stop()
  }
}

async function main() {
  const figures = [await measureOn('embedded', 'embedded')]
  const postgres = process.env.BENCH_SKIP_POSTGRES ? null : await createPostgresDatabase()
  if (postgres) {
    try {
      figures.push(await measureOn('postgres', 'PostgreSQL', postgres.url))
    } finally {
      await postgres.drop()
    }
  }
  process.stdout.write(`${formatTable(figures)}\n`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
