// Previous and next page (issue 16, Navigating): the published pages around a page in the side
// tree's order, across chapter and book ends, in the summary and in the page's HTML.
import { describe, expect, it } from 'vitest'
import { contentPages } from '../../../db/schema.ts'
import { makeBook, makeChapter, showProcessed } from '../../../test/factories.ts'
import { clientDirWithFirstView } from '../../../test/client-dir.ts'
import { loginAs, useTestApp } from '../../../test/test-app.ts'
import { processPage } from '../processing/process-page.ts'

const ctx = useTestApp({ clientDir: clientDirWithFirstView('neighbours-client') })

async function makePage(chapterId: number, title: string, order: number, published = true) {
  const processed = processPage({ content: `<p>${title}: tekst.</p>` })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({
      chapterId,
      title,
      order,
      content: processed.processedContent,
      published,
      blockCount: processed.blocks.length,
    })
    .returning()
  await showProcessed(ctx.database.db, page!.id, processed)
  return page!
}

const summaryOf = async (id: number, cookie?: string) => {
  const answer = await ctx.app.inject({ url: `/api/content/${id}/summary`, headers: cookie ? { cookie } : {} })
  expect(answer.statusCode, answer.body).toBe(200)
  const { previous, next } = answer.json() as { previous: { title: string } | null; next: { title: string } | null }
  return [previous?.title ?? null, next?.title ?? null]
}

describe('previous and next page', () => {
  it('follow the side tree across chapters and books, skipping drafts and empty chapters', async () => {
    // Book order first (the later book is made first), then chapter order, then page order and title.
    const later = await makeBook(ctx.database, { title: 'Teine raamat', order: 2 })
    const first = await makeBook(ctx.database, { title: 'Esimene raamat', order: 1 })
    const two = await makeChapter(ctx.database, { bookId: first.id, title: 'Teine peatükk', order: 2 })
    const one = await makeChapter(ctx.database, { bookId: first.id, title: 'Esimene peatükk', order: 1 })
    const empty = await makeChapter(ctx.database, { bookId: first.id, title: 'Ainult mustand', order: 3 })
    const three = await makeChapter(ctx.database, { bookId: later.id, title: 'Kolmas peatükk', order: 1 })
    const p3 = await makePage(one.id, 'Kolmas', 3)
    const p1 = await makePage(one.id, 'Esimene', 1)
    const draft = await makePage(one.id, 'Mustand', 2, false)
    const p4 = await makePage(two.id, 'Neljas', 1)
    await makePage(empty.id, 'Teine mustand', 1, false)
    const beta = await makePage(three.id, 'Beta', 0)
    const alpha = await makePage(three.id, 'Alfa', 0)

    expect(await summaryOf(p1.id)).toEqual([null, 'Kolmas'])
    expect(await summaryOf(p3.id)).toEqual(['Esimene', 'Neljas'])
    expect(await summaryOf(p4.id)).toEqual(['Kolmas', 'Alfa'])
    expect(await summaryOf(alpha.id)).toEqual(['Neljas', 'Beta'])
    expect(await summaryOf(beta.id)).toEqual(['Alfa', null])
    // An administrator reading a draft gets the published pages around it.
    expect(await summaryOf(draft.id, await loginAs(ctx))).toEqual(['Esimene', 'Kolmas'])

    // The page's HTML carries them too, as links in the title bar.
    const html = (await ctx.app.inject({ url: `/content/${p4.id}` })).body
    expect(html).toMatch(new RegExp(`<a [^>]*href="/content/${p3.id}"[^>]*rel="prev"`))
    expect(html).toMatch(new RegExp(`<a [^>]*href="/content/${alpha.id}"[^>]*rel="next"`))
    const atEnd = (await ctx.app.inject({ url: `/content/${beta.id}` })).body
    expect(atEnd).toMatch(/rel="prev"/)
    expect(atEnd).not.toMatch(/rel="next"/)
  })
})
