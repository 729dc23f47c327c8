// The public reader checks answers by hand instead of with zod (answer-shape.ts). Every answer the
// shared contract accepts must pass (the hand checks are never stricter than the schemas), and an
// answer without the fields the screens use must fail with AnswerShapeError.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { CurrentUser } from '#shared/api/auth.ts'
import { SIGNED_IN_COOKIE } from '#shared/signed-in.ts'
import { BookWithChapters } from '#shared/api/books.ts'
import { ChapterContentItems, Content, LocateAnswer, ReaderChunk } from '#shared/api/content.ts'
import { SearchAnswer } from '#shared/api/search.ts'
import { Letters, Term, TermWithForms, TermsPage } from '#shared/api/terms.ts'
import { AnswerShapeError } from './answer-shape.ts'
import { userQueries } from './auth.ts'
import { lexiconQueries } from './lexicon.ts'
import { fetchReaderChunk, locateAnchor, readerQueries } from './reader.ts'
import { searchQueries } from './search.ts'

afterEach(() => vi.unstubAllGlobals())

function answer(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  )
}

const stamp = '2024-05-01T10:00:00.000Z'
const term = {
  id: 3,
  term: 'dukkha',
  description: '<p>suffering</p>',
  published: true,
  createdAt: stamp,
  updatedAt: stamp,
  pattern: null,
  extraForms: [],
}
const content = {
  id: 7,
  chapterId: 2,
  title: 'MN 1',
  content: '',
  processedContent: '',
  linksContent: null,
  headers: [{ text: 'Translation', level: 2, id: 'translation' }],
  citations: '',
  published: true,
  order: 0,
  version: 4,
  buildId: 12,
  sizeBytes: 1234,
  updatedBy: null,
  createdAt: stamp,
  updatedAt: stamp,
  chapter: { id: 2, title: 'Chapter', bookId: 1, bookTitle: 'Book' },
}
const books = [
  {
    id: 1,
    title: 'Book',
    description: null,
    order: 0,
    coverImage: null,
    coverUrl: null,
    createdAt: stamp,
    updatedAt: stamp,
    chapters: [{ id: 2, title: 'Chapter', contentCount: 3 }],
  },
]
const search = {
  results: [
    {
      type: 'content',
      id: 7,
      title: 'MN 1',
      bookTitle: 'Book',
      chapterTitle: 'Chapter',
      preview: 'the root',
      snippet: [{ text: 'root', match: true }],
      anchor: 'p-3',
      heading: null,
    },
    {
      type: 'term',
      id: 3,
      term: 'dukkha',
      bookTitle: null,
      chapterTitle: null,
      preview: 'suffering',
      snippet: [],
      anchor: null,
      heading: null,
    },
  ],
  pagination: { page: 1, total: 2, totalPages: 1, hasNext: false, hasPrev: false },
}
const termsPage = {
  data: [term],
  pagination: { page: 1, total: 1, totalPages: 1, hasNext: false, hasPrev: false },
}

/** Each public query: a valid answer (checked against the shared schema too) and a broken one. */
const cases: Array<{
  name: string
  schema: z.ZodType
  valid: unknown
  broken: unknown
  run: () => Promise<unknown>
}> = [
  {
    name: 'the book tree',
    schema: z.array(BookWithChapters),
    valid: books,
    broken: [{ ...books[0], chapters: null }],
    run: async () => readerQueries.books().queryFn!({} as never),
  },
  {
    name: "a chapter's pages",
    schema: ChapterContentItems,
    valid: { items: [{ id: 7, title: 'MN 1' }] },
    broken: [{ id: 7, title: 'MN 1' }],
    run: async () => readerQueries.chapterPages(2).queryFn!({} as never),
  },
  {
    name: 'a page',
    schema: Content,
    valid: content,
    broken: { ...content, headers: 'none' },
    run: async () => readerQueries.content(7).queryFn!({} as never),
  },
  {
    name: 'a term',
    schema: TermWithForms,
    valid: { ...term, forms: [{ form: 'dukkhassa', grammar: 'gen./dat. ainsus' }] },
    broken: { ...term, description: undefined },
    run: async () => readerQueries.term(3).queryFn!({} as never),
  },
  {
    name: 'a reader chunk',
    schema: ReaderChunk,
    valid: { chunk: '<p id="p-1">x</p>', hasMore: true, totalChunks: 3, buildId: 12 },
    broken: { chunk: null, hasMore: true, totalChunks: 3, buildId: 12 },
    run: async () => fetchReaderChunk(7, 0),
  },
  {
    name: 'the letters',
    schema: Letters,
    valid: ['A', 'Ä'],
    broken: { letters: ['A'] },
    run: async () => lexiconQueries.letters().queryFn!({} as never),
  },
  {
    name: 'the terms under a letter',
    schema: z.array(Term),
    valid: [term],
    broken: termsPage,
    run: async () => lexiconQueries.byLetter('D').queryFn!({} as never),
  },
  {
    name: 'a page of terms',
    schema: TermsPage,
    valid: termsPage,
    broken: [term],
    run: async () => lexiconQueries.search('duk').queryFn!({ pageParam: 1 } as never),
  },
  {
    name: 'search results',
    schema: SearchAnswer,
    valid: search,
    broken: { results: [{ ...search.results[0], snippet: 'root' }], pagination: search.pagination },
    run: async () => searchQueries.results({ q: 'root', bookIds: null, includeLexicon: true }).queryFn!({} as never),
  },
  {
    name: 'the current user',
    schema: CurrentUser,
    valid: { id: 1, username: 'admin' },
    broken: { id: '1', username: 'admin' },
    // Asked only with the signed-in hint (decision 047).
    run: async () => {
      vi.stubGlobal('document', { cookie: `other=1; ${SIGNED_IN_COOKIE}=1` })
      return userQueries.current().queryFn!({} as never)
    },
  },
]

describe('public answers checked by hand', () => {
  it.each(cases)('accept $name as the contract gives it', async ({ schema, valid, run }) => {
    expect(schema.safeParse(valid).success).toBe(true)
    answer(valid)
    await expect(run()).resolves.toBeDefined()
  })

  it.each(cases)('refuse $name without the fields the screens use', async ({ schema, broken, run }) => {
    expect(schema.safeParse(broken).success).toBe(false)
    answer(broken)
    await expect(run()).rejects.toBeInstanceOf(AnswerShapeError)
  })

  it('refuse search results without their pagination (the total the dialog and page show)', async () => {
    const { results } = search
    expect(SearchAnswer.safeParse({ results }).success).toBe(false)
    answer({ results })
    await expect(
      searchQueries.results({ q: 'root', bookIds: null, includeLexicon: true }).queryFn!({} as never),
    ).rejects.toBeInstanceOf(AnswerShapeError)
  })

  it('ask nobody who is logged in without the signed-in hint, and take a 401 for nobody', async () => {
    const fetch = vi.fn(async () => Response.json({ error: 'Not logged in', code: 'unauthenticated' }, { status: 401 }))
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', { cookie: 'other=1' })
    await expect(userQueries.current().queryFn!({} as never)).resolves.toBeNull()
    expect(fetch).not.toHaveBeenCalled()
    vi.stubGlobal('document', { cookie: `${SIGNED_IN_COOKIE}=1` })
    await expect(userQueries.current().queryFn!({} as never)).resolves.toBeNull()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]).toEqual(['/api/user', expect.objectContaining({ credentials: 'include' })])
  })

  it('give back the whole answer, every field kept', async () => {
    answer(content)
    await expect(readerQueries.content(7).queryFn!({} as never)).resolves.toEqual(content)
  })

  it('turn an unlocatable anchor into "not known" instead of a failure', async () => {
    expect(LocateAnswer.safeParse({ chunk: 4 }).success).toBe(true)
    answer({ chunk: 4 })
    await expect(locateAnchor(7, 'p-9')).resolves.toBe(4)
    answer({ chunk: 'four' })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await expect(locateAnchor(7, 'p-9')).resolves.toBeNull()
  })
})
