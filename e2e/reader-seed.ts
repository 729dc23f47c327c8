// Arranges the test library's pages for the reader's browser tests through the API, as an
// administrator would: the tiny lexicon (its terms linked from the pages), a book, chapters and
// pages. The library is generated (test-support/), or with CORPUS_DIR set the real corpus, read
// where it lives and never copied into the repository.
import { expect, request as playwrightRequest } from '@playwright/test'
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { E2E_ADMIN } from '../playwright.config.ts'
import { largestPage, testLibrary } from '../test-support/library-source.ts'

/** A published term of the tiny lexicon, starting with 'a' (the lexicon tests open it). */
export const sampleTerm = () => testLibrary('tiny').sampleTerm.term
/** The tiny lexicon as a file to upload. */
export const tinyLexiconFile = () => ({
  name: 'lexicon.csv',
  mimeType: 'text/csv',
  buffer: testLibrary('tiny').lexiconCsv,
})

export interface SeededPage {
  id: number
  title: string
  published: boolean
  content: string
}

async function ok<T>(response: APIResponse): Promise<T> {
  expect(
    response.ok(),
    `${response.url()} answered ${response.status()}: ${(await response.text()).slice(0, 300)}`,
  ).toBe(true)
  return (await response.json()) as T
}

export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL })
  await ok(await api.post('/api/login', { data: E2E_ADMIN }))
  return api
}

/** Imports the tiny lexicon and returns each term's id. */
export async function importTinyLexicon(
  api: APIRequestContext,
): Promise<Map<string, { id: number; published: boolean }>> {
  await ok(
    await api.post('/api/terms/import', {
      multipart: { file: tinyLexiconFile() },
    }),
  )
  const terms = await ok<Array<{ id: number; term: string; published: boolean }>>(await api.get('/api/terms'))
  return new Map(terms.map((term) => [term.term, { id: term.id, published: term.published }]))
}

/** `<a data-term="X">` → `<a href="/term/ID" data-term="X">`, as the product's importer does. */
export function linkTerms(html: string, terms: Map<string, { id: number }>): string {
  return html.replace(/<a data-term="([^"]*)">/g, (whole, term: string) => {
    const found = terms.get(term.replace(/&amp;/g, '&'))
    return found ? `<a href="/term/${found.id}" data-term="${term}">` : whole
  })
}

async function createPages(
  api: APIRequestContext,
  bookTitle: string,
  chapters: Array<{ title: string; pages: Array<{ title: string; content: string; published: boolean }> }>,
) {
  const book = await ok<{ id: number }>(await api.post('/api/books', { data: { title: bookTitle, order: 0 } }))
  const pages: SeededPage[] = []
  const chapterIds: number[] = []
  for (const [chapterOrder, chapter] of chapters.entries()) {
    const created = await ok<{ id: number }>(
      await api.post('/api/chapters', { data: { title: chapter.title, bookId: book.id, order: chapterOrder } }),
    )
    chapterIds.push(created.id)
    for (const [order, page] of chapter.pages.entries()) {
      const saved = await ok<{ id: number }>(
        await api.post('/api/content', {
          data: { title: page.title, chapterId: created.id, content: page.content, published: page.published, order },
          timeout: 120_000,
        }),
      )
      pages.push({ id: saved.id, title: page.title, published: page.published, content: page.content })
    }
  }
  return { bookId: book.id, chapterIds, pages }
}

/** The tiny corpus under a book title of its own, its terms linked. */
export async function seedTinyCorpus(baseURL: string, bookTitle: string) {
  const api = await adminApi(baseURL)
  try {
    const terms = await importTinyLexicon(api)
    const [book] = testLibrary('tiny').corpus.books
    const chapters = book!.chapters.map((chapter) => ({
      title: chapter.title,
      pages: chapter.pages.map((page) => ({ ...page, content: linkTerms(page.content, terms) })),
    }))
    return { ...(await createPages(api, bookTitle, chapters)), terms }
  } finally {
    await api.dispose()
  }
}

/** The 9 MB page (the Khuddaka Nikāya in the real corpus), alone in a book of its own. */
export async function seedKhuddaka(baseURL: string, bookTitle: string) {
  const api = await adminApi(baseURL)
  try {
    const { corpus } = testLibrary('full')
    const page = largestPage(corpus)
    const chapter = corpus.books.flatMap((book) => book.chapters).find((c) => c.pages.includes(page))!
    const seeded = await createPages(api, bookTitle, [
      {
        title: chapter.title,
        pages: [{ title: `${page.title} ${bookTitle}`, content: page.content, published: true }],
      },
    ])
    return seeded.pages[0]!
  } finally {
    await api.dispose()
  }
}
