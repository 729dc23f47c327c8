// References read by any name of their collection (the collections table, decision 056), on pages
// built as the corpus builds them: a page 'Saṁyutta Nikāya: …' whose sections are headed 'Linked
// Discourses 55.37', range headings ('AN 1.41–50'), and the fallback to the text search.
import { describe, expect, it } from 'vitest'
import { makeBook, makeChapter } from '../../test/factories.ts'
import { loginAs, useSecondApp, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()
const other = useSecondApp(ctx)

interface Result {
  type: string
  id: number
  anchor: string | null
  heading: string | null
  title?: string
}

const search = async (q: string, app = ctx.app) => {
  const response = await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().results as Result[]
}

let cookie: string
let pages: Awaited<ReturnType<typeof setUp>>
async function setUp() {
  cookie = await loginAs(ctx)
  const book = await makeBook(ctx.database, { title: 'Sutta Piṭaka' })
  const chapter = await makeChapter(ctx.database, { bookId: book.id, title: 'Collections' })
  const post = async (title: string, content: string) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie },
      payload: { title, chapterId: chapter.id, content, published: true },
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.json() as { id: number }
  }
  const samyutta = await post(
    'Saṁyutta Nikāya: Linked Discourses',
    [
      '<h2>Linked Discourses 55.36 Sahāyasutta</h2><p>Companions.</p>',
      '<h2>Linked Discourses 55.37 With Mahānāma</h2><p>At one time the Buddha was staying near Kapilavatthu.</p>',
      '<h2>55.38 Vassasutta</h2><p>Rain on the mountain top.</p>',
      '<h2>55.39 Kāḷigodhāsutta</h2><p>With Kāḷigodhā.</p>',
    ].join('\n'),
  )
  const anguttara = await post(
    'Aṅguttara Nikāya: Numbered Discourses',
    [
      '<h2>AN 1.31–40 Adantavagga</h2><p>Untamed.</p>',
      '<h2>AN 1.41–50 Paṇihitaacchavagga</h2><p>Aimed wrong, like a spike of rice.</p>',
      '<h2>AN 1.51–60 Accharāsaṅghātavagga</h2><p>A finger snap.</p>',
      '<h2>Nuns’ Rules and Their Analysis 3</h2><p>A name with an apostrophe.</p>',
    ].join('\n'),
  )
  const majjhima = await post(
    'MN 28 Mahāhatthipadopamasutta: The Longer Simile of the Elephant’s Footprint',
    '<h1>Middle Discourses 28 — The Longer Simile of the Elephant’s Footprint</h1><p>Sāriputta said.</p>',
  )
  const essay = await post(
    'On citing the suttas',
    '<p>As the Linked Discourses 12.2 explain, and as AN 10.101 says, dependent origination is deep.</p>',
  )
  return { samyutta, anguttara, majjhima, essay }
}

describe('references by any name of their collection', () => {
  it('finds the section headed "Linked Discourses 55.37" inside "Saṁyutta Nikāya: …", however typed', async () => {
    pages = await setUp()
    for (const q of [
      'SN 55.37',
      'sn55.37',
      'Linked Discourses 55.37',
      'linked discourses 55.37',
      'Saṃyutta Nikāya 55.37',
      'Saṁyutta Nikāya 55.37',
      'samyutta nikaya 55.37',
      'Seotud jutlused 55.37',
    ]) {
      const [first] = await search(q)
      expect(first, q).toMatchObject({ id: pages.samyutta.id, heading: 'Linked Discourses 55.37 With Mahānāma' })
      expect(first!.anchor, q).toBeTruthy()
    }
  })

  it('finds a heading of the number alone on the page whose title names the collection', async () => {
    const [first] = await search('Linked Discourses 55.38')
    expect(first).toMatchObject({ id: pages.samyutta.id, heading: '55.38 Vassasutta' })
    const [abbreviated] = await search('SN 55.39')
    expect(abbreviated).toMatchObject({ id: pages.samyutta.id, heading: '55.39 Kāḷigodhāsutta' })
  })

  it('finds AN 1.45 in the range heading "AN 1.41–50", by any name', async () => {
    for (const q of ['AN 1.45', 'an1.45', 'Numbered Discourses 1.45', 'Aṅguttara Nikāya 1.41', 'AN 1.50']) {
      const [first] = await search(q)
      expect(first, q).toMatchObject({ id: pages.anguttara.id, heading: 'AN 1.41–50 Paṇihitaacchavagga' })
    }
    const [next] = await search('AN 1.51')
    expect(next).toMatchObject({ heading: 'AN 1.51–60 Accharāsaṅghātavagga' })
    // A name with an apostrophe.
    const [nuns] = await search('Bi 3')
    expect(nuns).toMatchObject({ id: pages.anguttara.id, heading: 'Nuns’ Rules and Their Analysis 3' })
  })

  it('offers a page whose title names the reference, opened at its top', async () => {
    for (const q of ['MN 28', 'Middle Discourses 28', 'Majjhima Nikāya 28']) {
      const [first] = await search(q)
      expect(first, q).toMatchObject({ id: pages.majjhima.id, anchor: null })
    }
  })

  it('falls back to the text search when no place names the reference', async () => {
    for (const q of ['Linked Discourses 12.2', 'SN 12.2', 'AN 10.101', 'Numbered Discourses 10.101']) {
      const results = await search(q)
      expect(
        results.map((r) => r.id),
        q,
      ).toContain(pages.essay.id)
      // Nothing is offered as the named place: the page only mentions it.
      expect(results.filter((r) => r.anchor === null && r.type === 'content' && r.id !== pages.essay.id)).toHaveLength(
        0,
      )
    }
    // A reference nothing holds finds nothing, named or not.
    expect(await search('SN 56.99')).toEqual([])
  })

  it('reads a collection an administrator adds, in this process at once and in another within ~2 s', async () => {
    const essay = await search('Vimuttimagga 3.1')
    expect(essay.filter((r) => r.anchor === null && r.type === 'content')).toHaveLength(0)
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/collections',
      headers: { cookie },
      payload: {
        abbreviation: 'Vism',
        paliName: 'Visuddhimagga',
        englishName: 'The Path of Purification',
        estonianName: 'Puhastumise tee',
        aliases: ['Vimuttimagga'],
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie },
      payload: {
        title: 'Visuddhimagga: The Path of Purification',
        chapterId: (await makeChapter(ctx.database, { bookId: (await makeBook(ctx.database)).id })).id,
        content: '<h2>The Path of Purification 3.1</h2><p>Taking a meditation subject.</p>',
        published: true,
      },
    })
    expect(page.statusCode, page.body).toBe(201)
    const id = (page.json() as { id: number }).id
    expect((await search('Vism 3.1'))[0]).toMatchObject({ id, heading: 'The Path of Purification 3.1' })
    expect((await search('vimuttimagga 3.1'))[0]).toMatchObject({ id })
    // The other process checks the table at most once a second.
    const started = Date.now()
    let seen: Result | undefined
    while (Date.now() - started < 2500) {
      seen = (await search('Visuddhimagga 3.1', other.app))[0]
      if (seen?.heading) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(seen).toMatchObject({ id, heading: 'The Path of Purification 3.1' })
    expect(Date.now() - started).toBeLessThan(2500)
  })
})
