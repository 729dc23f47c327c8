import { describe, expect, it } from 'vitest'
import { makeBook, makeChapter } from '../../test/factories.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

const search = async (q: string, extra = '', cookie?: string) => {
  const response = await ctx.app.inject({
    url: `/api/search?q=${encodeURIComponent(q)}${extra}`,
    headers: cookie ? { cookie } : {},
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().results as Array<{ type: string; id: number; anchor: string | null; heading: string | null }>
}

let pages: Awaited<ReturnType<typeof setUp>>
async function setUp() {
  const cookie = await loginAs(ctx)
  const book = await makeBook(ctx.database, { title: 'Saṁyutta Nikāya' })
  const other = await makeBook(ctx.database, { title: 'Khuddaka Nikāya' })
  const chapter = await makeChapter(ctx.database, { bookId: book.id, title: 'Sotāpattisaṁyutta' })
  const otherChapter = await makeChapter(ctx.database, { bookId: other.id, title: 'All of it' })
  // Saved as an editor saves them, so headings and passages come from the real pipeline.
  const post = async (chapterId: number, title: string, content: string, published = true) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie },
      payload: { title, chapterId, content, published },
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.json() as { id: number }
  }
  const sn5537 = await post(
    chapter.id,
    'SN 55.37 Mahānāmasutta: With Mahānāma',
    '<h1>With Mahānāma</h1><p>At one time the Buddha was staying near Kapilavatthu.</p>',
  )
  const sn553 = await post(chapter.id, 'SN 55.3 Dīghāvusutta', '<p>Dīghāvu was sick. As in SN 55.37, faith.</p>')
  const khuddaka = await post(
    otherChapter.id,
    'Khuddaka Nikāya in one document',
    [
      '<h2>Sayings of the Dhamma</h2>',
      '<h4>Dhp 1–20 Yamakavagga: Pairs</h4><p>Mind is the forerunner of all things.</p>',
      '<h4>Dhp 21–32 Appamādavagga: Diligence</h4><p>Diligence is the path to the deathless.</p>',
      '<h2>Anthology of Discourses</h2>',
      '<h4>Snp 4.6 Jarāsutta: Old Age</h4><p>Short indeed is this life.</p>',
      '<h4>Snp 4.7 Tissametteyyasutta</h4><p>For one given to sex.</p>',
    ].join('\n'),
  )
  const draft = await post(chapter.id, 'SN 55.38 Vassasutta', '<p>A draft.</p>', false)
  return { cookie, book, other, sn5537, sn553, khuddaka, draft }
}

describe('canonical references in the search', () => {
  it('offers the page a reference names first, however it is typed', async () => {
    pages = await setUp()
    for (const q of ['SN 55.37', 'sn55.37', 'Sn 55.37 ', 'SN.55.37']) {
      const results = await search(q)
      expect(results[0], q).toMatchObject({ type: 'content', id: pages.sn5537.id, anchor: null })
    }
  })

  it('offers the section a heading names, also inside a range', async () => {
    const [snp] = await search('snp 4.6')
    expect(snp).toMatchObject({ id: pages.khuddaka.id, heading: 'Snp 4.6 Jarāsutta: Old Age' })
    expect(snp!.anchor).toBeTruthy()
    const [dhp] = await search('Dhp 5')
    expect(dhp).toMatchObject({ id: pages.khuddaka.id, heading: 'Dhp 1–20 Yamakavagga: Pairs' })
    const [later] = await search('dhp 21')
    expect(later).toMatchObject({ id: pages.khuddaka.id, heading: 'Dhp 21–32 Appamādavagga: Diligence' })
  })

  it('does not mistake a neighbouring number for the reference', async () => {
    const results = await search('SN 55.3')
    expect(results[0]).toMatchObject({ id: pages.sn553.id, anchor: null })
    expect(results.filter((r) => r.id === pages.sn5537.id && r.anchor === null)).toHaveLength(0)
    // A page that only mentions a reference is found by the text search, after the named place.
    const mentions = await search('SN 55.37')
    expect(mentions.map((r) => r.id)).toContain(pages.sn553.id)
    expect(mentions.findIndex((r) => r.id === pages.sn553.id)).toBeGreaterThan(0)
  })

  it('keeps drafts to administrators and follows the book filter', async () => {
    expect((await search('SN 55.38')).map((r) => r.id)).not.toContain(pages.draft.id)
    expect((await search('SN 55.38', '', pages.cookie))[0]).toMatchObject({ id: pages.draft.id })
    expect((await search('Snp 4.6', `&books=${pages.book.id}`)).map((r) => r.id)).not.toContain(pages.khuddaka.id)
  })

  it('finds nothing named for a reference no page or heading names', async () => {
    const results = await search('AN 10.101')
    expect(results.filter((r) => r.anchor === null && r.type === 'content')).toHaveLength(0)
  })
})
