import { describe, expect, it } from 'vitest'
import { contentPages, terms } from '../../db/schema.ts'
import { makeBook, makeChapter, showProcessed } from '../../test/factories.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'
import { processPage } from '../content/processing/process-page.ts'

const ctx = useTestApp()

async function makePage(chapterId: number, title: string, html: string, published = true) {
  const processed = processPage({ content: html })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({ chapterId, title, content: processed.processedContent, published, blockCount: processed.blocks.length })
    .returning()
  await showProcessed(ctx.database.db, page!.id, processed)
  // Written around the app's requests: its kept search answers are told, as a write request tells them.
  ctx.app.state.content.pageStates.outdate()
  return page!
}

const search = async (q: string, extra = '', cookie?: string) => {
  const response = await ctx.app.inject({
    url: `/api/search?q=${encodeURIComponent(q)}${extra}`,
    headers: cookie ? { cookie } : {},
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().results as Array<Record<string, unknown> & { snippet: { text: string; match: boolean }[] }>
}

let fixtures: Awaited<ReturnType<typeof setUp>>
async function setUp() {
  const suttas = await makeBook(ctx.database, { title: 'Majjhima Nikāya' })
  const other = await makeBook(ctx.database, { title: 'Other book' })
  const chapter = await makeChapter(ctx.database, { bookId: suttas.id, title: 'Mūlapariyāyavagga' })
  const otherChapter = await makeChapter(ctx.database, { bookId: other.id, title: 'Elsewhere' })
  const mn10 = await makePage(
    chapter.id,
    'MN 10 Satipaṭṭhānasutta: Mindfulness Meditation',
    '<h1>Mindfulness Meditation</h1><p>So I have heard.</p><h2>Observing the body</h2><p>A mendicant practices satipaṭṭhāna with mettā for all.</p>',
  )
  const long = await makePage(
    otherChapter.id,
    'A long collection',
    [
      '<h1>Collection</h1>',
      ...Array.from({ length: 40 }, (_, i) => `<p>Filler paragraph number ${i} about ordinary things.</p>`),
      '<h2>The simile of the saw</h2><p>Even if bandits were to sever you limb by limb with a two-handled saw.</p>',
      '<p>Õige kõne ja õige tegu on osa teest.</p>',
    ].join('\n'),
  )
  const draft = await makePage(chapter.id, 'Hidden draft', '<p>Unpublished words about satipaṭṭhāna.</p>', false)
  await ctx.database.db.insert(terms).values([
    { term: 'mettā', description: '<p>Friendliness, good will.</p>', published: true },
    { term: 'mettāvihārī', description: '<p>Living in kindness.</p>', published: true },
    { term: 'avijjā', description: '<p>Ignorance; not knowing mettā.</p>', published: false },
  ])
  return { suttas, other, mn10, long, draft }
}

describe('search', () => {
  it('matches regardless of case and diacritics, and word prefixes as you type', async () => {
    fixtures = await setUp()
    for (const q of ['satipatthana', 'SATIPAṬṬHĀNA', 'satipat']) {
      const results = await search(q)
      expect(results[0]).toMatchObject({ type: 'content', id: fixtures.mn10.id })
    }
    const estonian = await search('oige kone')
    expect(estonian[0]).toMatchObject({ type: 'content', id: fixtures.long.id })
  })

  it('opens a text match at the passage that matched, with the words marked', async () => {
    const [hit] = await search('bandits sever')
    expect(hit).toMatchObject({
      type: 'content',
      id: fixtures.long.id,
      bookTitle: 'Other book',
      chapterTitle: 'Elsewhere',
    })
    expect(hit!.anchor).toBe('the-simile-of-the-saw')
    expect(hit!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['bandits', 'sever'])
    expect(hit!.preview).toContain('bandits were to sever')
  })

  it('supports a quoted phrase', async () => {
    expect((await search('"two-handled saw"'))[0]).toMatchObject({ id: fixtures.long.id })
    expect(await search('"saw two-handled"')).toEqual([])
  })

  it('ranks passages where the words stand together first, and shows them together in the snippet', async () => {
    const book = await makeBook(ctx.database, { title: 'Rukkha book' })
    const chapter = await makeChapter(ctx.database, { bookId: book.id, title: 'Rukkha chapter' })
    const filler = 'ordinary filler words '.repeat(20)
    const scattered = await makePage(chapter.id, 'Scattered', `<p>The kiṁsuka ${filler} and a bodhirukkha.</p>`)
    const together = await makePage(chapter.id, 'Together', '<p>A kiṁsuka grew beside the bodhirukkha.</p>')
    const results = await search('kimsuka bodhirukkha')
    const order = results.map((r) => r.id)
    expect(order.indexOf(together.id)).toBeGreaterThanOrEqual(0)
    expect(order.indexOf(together.id)).toBeLessThan(order.indexOf(scattered.id))

    // Named apart first, then together: the snippet starts where they stand together.
    const both = await makePage(
      chapter.id,
      'Both',
      `<p>A kiṁsuka first, ${filler} then a bodhirukkha; ${filler} at last the kiṁsuka near the bodhirukkha ${filler}</p>`,
    )
    const hit = (await search('kimsuka bodhirukkha')).find((r) => r.id === both.id)
    expect(hit!.snippet.filter((p) => p.match).map((p) => p.text)).toEqual(['kiṁsuka', 'bodhirukkha'])
    expect(hit!.preview).toContain('the kiṁsuka near the bodhirukkha')
  })

  it('finds canonical references by title, whole numbers only', async () => {
    const results = await search('MN 10')
    expect(results[0]).toMatchObject({ type: 'content', id: fixtures.mn10.id, anchor: null })
    expect(await search('MN 1')).toEqual([])
  })

  it('ranks an exact term first, then titles and headings, then text', async () => {
    const results = await search('metta', '&includeLexicon=true')
    expect(results[0]).toMatchObject({ type: 'term', term: 'mettā' })
    expect(results.map((r) => r.type)).toContain('content')
    const heading = await search('observing body')
    expect(heading[0]).toMatchObject({ id: fixtures.mn10.id, anchor: 'observing-the-body' })
  })

  it('includes terms only when asked, and only published ones for visitors', async () => {
    expect((await search('metta')).some((r) => r.type === 'term')).toBe(false)
    const visitor = await search('ignorance', '&includeLexicon=true')
    expect(visitor.some((r) => r.term === 'avijjā')).toBe(false)
    const cookie = await loginAs(ctx)
    const admin = await search('ignorance', '&includeLexicon=true', cookie)
    expect(admin.some((r) => r.term === 'avijjā')).toBe(true)
  })

  it('searches only the chosen books and hides unpublished pages from visitors', async () => {
    expect(await search('bandits', `&books=${fixtures.suttas.id}`)).toEqual([])
    expect((await search('bandits', `&books=${fixtures.suttas.id},${fixtures.other.id}`)).length).toBeGreaterThan(0)
    expect((await search('unpublished')).length).toBe(0)
    const cookie = await loginAs(ctx)
    expect((await search('unpublished', '', cookie))[0]).toMatchObject({ id: fixtures.draft.id })
  })

  it('answers an empty or symbol-only query with no results, and bad filters with 400', async () => {
    expect(await search('')).toEqual([])
    expect(await search('!!! & | :* ()')).toEqual([])
    expect((await ctx.app.inject({ url: '/api/search?q=x&books=1,abc' })).statusCode).toBe(400)
    expect((await ctx.app.inject({ url: '/api/search?q=x&includeLexicon=maybe' })).statusCode).toBe(400)
  })
})
