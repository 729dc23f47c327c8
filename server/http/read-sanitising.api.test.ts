// Stored HTML is sanitised again on every path that sends it, not only when saving: hostile markup
// written straight into the database (around the save pipeline) reaches no reader unclean.
import { describe, expect, it } from 'vitest'
import { makeChapter } from '../test/factories.ts'
import { loginAs, useTestApp } from '../test/test-app.ts'

const ctx = useTestApp()

const HOSTILE =
  '<p id="intro" onclick="alert(1)" style="position: fixed; top: 0; color: red">Hostile <b>text</b> zanzibarx' +
  '<script>alert(2)</script><img src="x.png" onerror="alert(3)"><a href="javascript:alert(4)">one</a>' +
  '<a href=" JaVaScRiPt&colon;alert(5)">two</a><a href="data:text/html,<script>alert(6)</script>">three</a>' +
  '<iframe src="https://evil.example/"></iframe><form action="/api/logout"><input name="a"><button>go</button></form>' +
  '<svg onload="alert(7)"><circle r="1"/></svg><span style="background: url(javascript:alert(8))">u</span>' +
  '<style>body { display: none }</style></p>'
/** A block that leaves tags open must not swallow the blocks after it. */
const UNCLOSED = '<div style="position:absolute"><blockquote>open <b>ended zanzibarx'

/** What must never reach a browser from stored HTML; `kept` is readable text that must survive. */
function expectClean(html: string, kept = ['Hostile', 'zanzibarx']) {
  expect(html).not.toMatch(/<(script|iframe|form|input|button|svg|style|object|embed)\b/i)
  expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  expect(html).not.toMatch(/javascript|data:text|alert\(/i)
  expect(html).not.toMatch(/position|fixed|absolute|url\(/i)
  for (const text of kept) expect(html).toContain(text)
}

/** Plain-text previews: no markup at all. */
function expectCleanText(text: string) {
  expect(text).not.toMatch(/[<>]/)
  expect(text).not.toMatch(/javascript|alert\(|onerror|onclick/i)
}

let fixture: Awaited<ReturnType<typeof insertHostileRows>>
/**
 * A page and a term saved through the API, then their stored HTML overwritten with SQL, the way a
 * restore, a manual fix or an older rule could leave it. Rows are found by their marker text, so
 * the test does not depend on how reader blocks and passages are keyed.
 */
async function insertHostileRows() {
  const cookie = await loginAs(ctx)
  const chapter = await makeChapter(ctx.database)
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/content',
    headers: { cookie },
    payload: {
      title: 'Hostile page',
      chapterId: chapter.id,
      published: true,
      content: '<p>marker-block-0</p><p>marker-block-1</p><p>after</p>',
      linksContent: '<p>marker-links</p>',
    },
  })
  expect(saved.statusCode, saved.body).toBe(201)
  const pageId = saved.json().id as number
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/terms',
    headers: { cookie },
    payload: { term: 'Zanzibarterm', description: '<p>marker-term</p>', published: true },
  })
  expect(created.statusCode, created.body).toBe(201)
  const termId = created.json().id as number
  const { pool } = ctx.database
  const overwrite = async (statement: string, values: unknown[]) => {
    const result = await pool.query(statement, values)
    expect(result.rowCount, statement).toBeGreaterThan(0)
  }
  await overwrite('UPDATE content SET content = $1, links_content = $2 WHERE id = $3', [
    [HOSTILE, UNCLOSED, '<p>after</p>'].join('\n'),
    HOSTILE,
    pageId,
  ])
  await overwrite("UPDATE reader_blocks SET html = $1 WHERE html LIKE '%marker-block-0%'", [HOSTILE])
  await overwrite("UPDATE reader_blocks SET html = $1 WHERE html LIKE '%marker-block-1%'", [UNCLOSED])
  await overwrite("UPDATE search_passages SET text = $1, heading = $2 WHERE text LIKE '%marker-block-0%'", [
    HOSTILE,
    '<img src=x onerror="alert(9)">Heading zanzibarx',
  ])
  await overwrite('UPDATE terms SET description = $1 WHERE id = $2', [HOSTILE, termId])
  return { pageId, termId }
}

describe('stored HTML is sanitised again on the way out', () => {
  it('reader chunks: every block cleaned, none left open, the same on a cached repeat', async () => {
    fixture = await insertHostileRows()
    const url = `/api/content/${fixture.pageId}/chunks?chunk=0`
    const first = await ctx.app.inject({ url })
    expect(first.statusCode).toBe(200)
    const chunk = first.json().chunk as string
    expectClean(chunk)
    expect(chunk).toContain('color: red') // the allowlist keeps what is safe
    const blocks = chunk.split('\n')
    expect(blocks).toHaveLength(3)
    // the unclosed block is closed within itself and does not swallow the next one
    expect(blocks[1]).toBe('<div><blockquote>open <b>ended zanzibarx</b></blockquote></div>')
    expect(blocks[2]).toMatch(/^<p id="[^"]+">after<\/p>$/)
    const again = await ctx.app.inject({ url })
    expect(again.body).toBe(first.body)
  })

  it('a page: its links section and its body (GET /api/content/{id}), for visitors and editors', async () => {
    const cookie = await loginAs(ctx)
    for (const headers of [{}, { cookie }]) {
      const response = await ctx.app.inject({ url: `/api/content/${fixture.pageId}`, headers })
      expect(response.statusCode).toBe(200)
      const page = response.json()
      expectClean(page.linksContent)
      expectClean(page.content)
      const metadataOnly = await ctx.app.inject({ url: `/api/content/${fixture.pageId}?body=false`, headers })
      expect(metadataOnly.json().content).toBe('')
      expectClean(metadataOnly.json().linksContent)
    }
  })

  it('term descriptions: one term, the lists, the letter and the admin list', async () => {
    const cookie = await loginAs(ctx)
    const one = await ctx.app.inject({ url: `/api/terms/${fixture.termId}` })
    expectClean(one.json().description)
    const lists = [
      (await ctx.app.inject({ url: '/api/terms' })).json(),
      (await ctx.app.inject({ url: '/api/terms?page=1&limit=10' })).json().data,
      (await ctx.app.inject({ url: '/api/terms/by-letter/Z' })).json(),
      (await ctx.app.inject({ url: '/api/admin/terms', headers: { cookie } })).json().data,
    ] as { id: number; description: string }[][]
    for (const list of lists) {
      const term = list.find((t) => t.id === fixture.termId)
      expect(term).toBeDefined()
      expectClean(term!.description)
    }
  })

  it('search previews, snippets and headings: plain text, markup and script gone', async () => {
    const response = await ctx.app.inject({ url: '/api/search?q=zanzibarx&includeLexicon=true' })
    expect(response.statusCode).toBe(200)
    const results = response.json().results as {
      type: string
      id: number
      preview: string
      heading: string | null
      snippet: { text: string }[]
    }[]
    expect(results.some((r) => r.type === 'content' && r.id === fixture.pageId)).toBe(true)
    expect(results.some((r) => r.type === 'term' && r.id === fixture.termId)).toBe(true)
    for (const result of results) {
      expectCleanText(result.preview)
      expect(result.preview).toContain('zanzibarx')
      for (const part of result.snippet) expectCleanText(part.text)
      if (result.heading) expectCleanText(result.heading)
    }
    const titled = await ctx.app.inject({ url: '/api/search?q=hostile' })
    const hit = (titled.json().results as { id: number; preview: string }[]).find((r) => r.id === fixture.pageId)
    expect(hit).toBeDefined()
    expectCleanText(hit!.preview)
  })
})
