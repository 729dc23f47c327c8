// Heading levels readers get: a text whose headings skip levels (h1 → h3, h2 → h4) is sent with
// `aria-level` on the headings that would skip, computed over the whole page, so chunks agree across
// their boundaries and with the processed body; what the editor loads stays exactly as saved.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { App } from '../../../app.ts'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { readAllChunks, uploadPage } from '../../../test/content-upload.ts'
import { makeChapter } from '../../../test/factories.ts'
import { loginAs, useSecondApp, useTestApp } from '../../../test/test-app.ts'
import { fetchOutline, processedBodyOfSave } from './reader.service.ts'

const ctx = useTestApp()
/** A second instance (its own caches): it reads the page's outline from the database. */
const other = useSecondApp(ctx)

const BLOCKS = 1500
/** Headings by block: chunk boundaries (size 600) fall between blocks 599|600 and 1199|1200. */
const HEADINGS = new Map<number, string>([
  [0, '<h1>Alguses</h1>'],
  [5, '<h3>Esimene osa</h3>'],
  [599, '<h4>Viimane enne piiri</h4>'],
  [600, '<h5>Esimene pärast piiri</h5>'],
  [601, '<h3>Teine osa</h3>'],
  [1199, '<h2>Kolmas osa</h2>'],
  [1200, '<div><h4>Sees</h4><p>lõik diviss</p><h6 style="text-align: center">Veel sügavamal</h6></div>'],
  [1400, '<h6>Sügav</h6>'],
])
/** Each heading's level for readers, in document order. */
const READER_LEVELS = [1, 2, 3, 4, 2, 2, 3, 4, 4]
const TAG_LEVELS = [1, 3, 4, 5, 3, 2, 4, 6, 6]

function pageHtml(variant: string) {
  return Array.from(
    { length: BLOCKS },
    (_, i) => HEADINGS.get(i) ?? `<p>${variant} lõik ${i}${i === 700 ? ' ainulaadnesõna' : ''}</p>`,
  ).join('\n')
}

const HEADING_TAG = /<h([1-6])((?: [a-z-]+="[^"]*")*)>/g

/** [tag level, aria-level or null] of every heading tag in `html`, in order. */
function headingsIn(html: string): Array<[number, number | null]> {
  return [...html.matchAll(HEADING_TAG)].map((match) => {
    const aria = /aria-level="(\d)"/.exec(match[2] ?? '')
    return [Number(match[1]), aria ? Number(aria[1]) : null]
  })
}

/** The levels a screen reader hears: aria-level where given, else the tag's. */
const heardLevels = (html: string) => headingsIn(html).map(([tag, aria]) => aria ?? tag)

/** The largest rise between headings, the page's title (h1) coming first. */
function largestRise(levels: number[]) {
  let previous = 1
  let rise = 0
  for (const level of levels) {
    rise = Math.max(rise, level - previous)
    previous = level
  }
  return rise
}

async function chunksInReverse(app: App, id: number) {
  const first = await app.inject({ url: `/api/content/${id}/chunks?chunk=2&size=${READER_CHUNK_SIZE}` })
  expect(first.statusCode, first.body).toBe(200)
  const total = (first.json() as { totalChunks: number }).totalChunks
  const parts: string[] = []
  for (let n = total - 1; n >= 0; n--) {
    const response = await app.inject({ url: `/api/content/${id}/chunks?chunk=${n}&size=${READER_CHUNK_SIZE}` })
    expect(response.statusCode, response.body).toBe(200)
    parts[n] = (response.json() as { chunk: string }).chunk
  }
  return parts
}

describe('heading levels for readers', () => {
  it('never skip across chunks, while the saved HTML the editor loads stays as it was', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    // First saved without skips, then saved again with them: the outline follows the page's build.
    const plain = await uploadPage(ctx.app, cookie, '<h2>Üks</h2><p>a</p>', {
      title: 'Pealkirjad',
      chapterId: chapter.id,
    })
    expect(plain.statusCode, plain.body).toBe(200)
    const id = (plain.json() as { id: number }).id
    expect((await readAllChunks(ctx.app, id, READER_CHUNK_SIZE))[0]).not.toContain('aria-level')

    const saved = await uploadPage(
      ctx.app,
      cookie,
      pageHtml('teine'),
      { title: 'Pealkirjad', chapterId: chapter.id, baseVersion: 1 },
      id,
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const savedPage = saved.json() as { content: string; processedContent: string; headers: Array<{ level: number }> }

    // The reader's chunks: in order from this instance (its outline kept by the save), and from the
    // other instance last chunk first (its outline read from the database, no chunk composed before).
    const chunks = await readAllChunks(ctx.app, id, READER_CHUNK_SIZE)
    expect(chunks).toHaveLength(3)
    expect(await chunksInReverse(other.app, id)).toEqual(chunks)
    expect(chunks.map(heardLevels)).toEqual([
      READER_LEVELS.slice(0, 3),
      READER_LEVELS.slice(3, 6),
      READER_LEVELS.slice(6),
    ])
    const joined = chunks.join('\n')
    expect(heardLevels(joined)).toEqual(READER_LEVELS)
    expect(largestRise(heardLevels(joined))).toBe(1)
    // Tags stay as written; only the headings that would skip get an aria-level.
    expect(headingsIn(joined)).toEqual(
      TAG_LEVELS.map((tag, i) => [tag, tag === READER_LEVELS[i] ? null : READER_LEVELS[i]]),
    )
    expect(joined).toMatch(/<h6 aria-level="4" id="[^"]+" style="text-align: center">Veel sügavamal<\/h6>/)

    // The processed body is the chunks joined, in the save's answer and in GET /api/content/{id}.
    expect(savedPage.processedContent).toBe(joined)
    const editor = await ctx.app.inject({ url: `/api/content/${id}`, headers: { cookie } })
    expect(editor.statusCode, editor.body).toBe(200)
    const loaded = editor.json() as { content: string; processedContent: string; headers: Array<{ level: number }> }
    expect(loaded.processedContent).toBe(joined)
    expect((await other.app.inject({ url: `/api/content/${id}` })).json().processedContent).toBe(joined)

    // What the editor loads is the HTML as saved: the stored page and its blocks carry no aria-level.
    expect(loaded.content).toBe(savedPage.content)
    expect(loaded.content).not.toContain('aria-level')
    expect(headingsIn(loaded.content).map(([tag]) => tag)).toEqual(TAG_LEVELS)
    const stored = await ctx.database.db.execute<{ content: string }>(sql`SELECT content FROM content WHERE id = ${id}`)
    expect(stored.rows[0]!.content).toBe(loaded.content)
    const blocks = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM reader_blocks b JOIN content c ON c.build_id = b.build_id
          WHERE c.id = ${id} AND b.html LIKE '%aria-level%'`,
    )
    expect(Number(blocks.rows[0]!.n)).toBe(0)
    // The table of contents keeps the text's own levels.
    expect(loaded.headers.map((header) => header.level)).toEqual(TAG_LEVELS)

    // Search and jumps are unaffected: the passage's anchor is found in the chunk that holds it.
    const found = await ctx.app.inject({ url: `/api/search?q=ainulaadnesõna` })
    expect(found.statusCode, found.body).toBe(200)
    const result = (found.json() as { results: Array<{ id: number; anchor: string | null; heading: string | null }> })
      .results[0]!
    expect(result).toMatchObject({ id, heading: 'Teine osa' })
    const located = await ctx.app.inject({
      url: `/api/content/${id}/locate?anchor=${encodeURIComponent(result.anchor!)}&size=${READER_CHUNK_SIZE}`,
    })
    expect(located.json()).toEqual({ chunk: 1 })
    expect(chunks[1]).toContain(`id="${result.anchor}"`)
  })

  it('sends a page whose headings do not skip exactly as stored', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const html = '<h2>A</h2><p>a</p><h3>B</h3><p>b</p><h2>C</h2><h3>D</h3><h4>E</h4>'
    const saved = await uploadPage(ctx.app, cookie, html, { title: 'Korras', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const { id, content } = saved.json() as { id: number; content: string }
    expect(await readAllChunks(other.app, id, READER_CHUNK_SIZE)).toEqual([content])
  })
})

describe('an outline being read when a save sets it', () => {
  it('gives the readers waiting on the read the outline the save set, not an error', async () => {
    const cookie = await loginAs(ctx)
    const chapter = await makeChapter(ctx.database)
    const saved = await uploadPage(ctx.app, cookie, pageHtml('kolmas'), { title: 'Võidujooks', chapterId: chapter.id })
    expect(saved.statusCode, saved.body).toBe(200)
    const page = saved.json() as { buildId: number }
    // The other instance has no outline of this new build: its read starts now, and before it ends a
    // save of the same build sets the outline it made (as savePage does after its commit).
    const content = other.app.state.content
    const reading = fetchOutline(content, page.buildId, BLOCKS)
    processedBodyOfSave(content, page.buildId, ['<h2>Üks</h2>', '<p>tekst</p>', '<h4>Kaks</h4>'])
    const outline = await reading
    expect(outline?.blocks.length).toBe(2)
  })
})
