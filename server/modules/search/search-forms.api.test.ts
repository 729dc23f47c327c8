// Search by any form (issue 29): a word that is a form of a lexicon term finds the passages holding
// the term's other forms too, those holding the typed form first, with the other forms marked in the
// snippets; a visitor's search widens only with published terms; a reference or a short word is
// never widened. Both databases.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SearchAnswer } from '#shared/api/search.ts'
import { makeBook, makeChapter } from '../../test/factories.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()
let cookie: string

async function post(url: string, payload: object) {
  const answer = await ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } })
  expect(answer.statusCode, answer.body).toBeLessThan(300)
  return answer.json() as { id: number }
}

async function search(q: string, asAdmin = false) {
  const answer = await ctx.app.inject({
    url: `/api/search?q=${encodeURIComponent(q)}&includeLexicon=true`,
    headers: asAdmin ? { cookie } : {},
  })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<SearchAnswer>().results
}

const filler = 'Tavaline täitetekst, mis räägib muust. '.repeat(4)

beforeAll(async () => {
  cookie = await loginAs(ctx)
  const book = await makeBook(ctx.database, { title: 'Vormide raamat' })
  const chapter = await makeChapter(ctx.database, { bookId: book.id })
  const page = (title: string, text: string) =>
    post('/api/content', { title, chapterId: chapter.id, content: `<p>${text} ${filler}</p>`, published: true })
  // made in this order so that the page first made is not the one first found
  await page('Janu tõttu', 'Olendid rändavad taṇhāya tõttu edasi.')
  await page('Janu sihitisena', 'Ta jättis taṇhaṁ maha.')
  await page('Janu ise', 'Siin on taṇhā ise, sõna algkujul.')
  await page('Õpetuse kohta', 'See on dhammassa seletus.')
  await page('Ratta kohta', 'Ja cakkassa pöörlemine.')
  await post('/api/terms', { term: 'taṇhā', description: '<p>Janu, iha.</p>', published: true })
  await post('/api/terms', { term: 'dhammo', description: '<p>Õpetus.</p>', published: true })
  // unpublished: a visitor's search does not widen with its forms
  await post('/api/terms', { term: 'cakkaṃ', description: '<p>Ratas.</p>', published: false })
})

const pageTitles = (results: SearchAnswer['results']) =>
  results.filter((result) => result.type === 'content').map((result) => result.title)

describe('search by any form of a term', () => {
  it('taṇhā finds the passages with taṇhāya and taṇhaṁ, the typed form first', async () => {
    const titles = pageTitles(await search('taṇhā'))
    expect(titles[0]).toBe('Janu ise')
    expect(titles.slice(1).sort()).toEqual(['Janu sihitisena', 'Janu tõttu'])
    // without diacritics too, and marked where the other form stands
    const results = await search('tanha')
    expect(pageTitles(results)[0]).toBe('Janu ise')
    const other = results.find((result) => result.type === 'content' && result.title === 'Janu tõttu')
    expect(other?.snippet?.filter((part) => part.match).map((part) => part.text)).toEqual(['taṇhāya'])
  })

  it('an inflected form finds the citation form and the other forms, its own first', async () => {
    const titles = pageTitles(await search('taṇhāya'))
    expect(titles[0]).toBe('Janu tõttu')
    expect(titles.slice(1).sort()).toEqual(['Janu ise', 'Janu sihitisena'])
  })

  it('a citation form finds forms that do not begin with it (dhammo → dhammassa)', async () => {
    expect(pageTitles(await search('dhammo'))).toEqual(['Õpetuse kohta'])
  })

  it("a visitor's search widens only with published terms; an administrator's with every term", async () => {
    expect(pageTitles(await search('cakkaṃ'))).toEqual([])
    expect(pageTitles(await search('cakkam', true))).toEqual(['Ratta kohta'])
  })

  it('a reference is never widened', async () => {
    expect(pageTitles(await search('SN 55.37'))).toEqual([])
  })

  it('a word that is no form of a term finds what it found before', async () => {
    expect(pageTitles(await search('rändavad'))).toEqual(['Janu tõttu'])
    expect(pageTitles(await search('taṇhā rändavad'))).toEqual(['Janu tõttu'])
    expect(pageTitles(await search('taṇhāya rändavad'))).toEqual(['Janu tõttu'])
  })

  it('a query of several words finds the other forms of each, the passages with the typed forms first', async () => {
    // taṇhā → taṇhāya, dhammo → dhammassa: words each in another form than typed
    expect(pageTitles(await search('dhammo seletus'))).toEqual(['Õpetuse kohta'])
    const chapter = await makeChapter(ctx.database)
    for (const [title, text] of [
      ['Mõlemad teisel kujul', 'Taṇhāya ja dhammassa vahe.'],
      ['Mõlemad algkujul', 'Taṇhā ja dhammo vahe.'],
      ['Üks teisel kujul', 'Taṇhaṁ ja dhammo vahe.'],
    ]) {
      await post('/api/content', { title, chapterId: chapter.id, content: `<p>${text} ${filler}</p>`, published: true })
    }
    const results = await search('taṇhā dhammo vahe')
    expect(pageTitles(results)[0]).toBe('Mõlemad algkujul')
    expect(pageTitles(results).slice(1).sort()).toEqual(['Mõlemad teisel kujul', 'Üks teisel kujul'])
    // the other forms are marked in the snippet
    const other = results.find((result) => result.type === 'content' && result.title === 'Mõlemad teisel kujul')
    expect(other?.snippet?.filter((part) => part.match).map((part) => part.text)).toEqual([
      'Taṇhāya',
      'dhammassa',
      'vahe',
    ])
    // quoted, the words are searched as typed
    expect(pageTitles(await search('"taṇhā ja dhammo"'))).toEqual(['Mõlemad algkujul'])
  })
})
