// What the public reader asks the server: the book tree, a chapter's pages, a page's metadata, its
// chunks and jumps, the site's settings, and sending feedback. Answers are checked by hand
// (answer-shape.ts), not with zod: this module is in every visitor's first page.
import { queryOptions, useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { BookWithChapters } from '#shared/api/books.ts'
import type { Chapter } from '#shared/api/chapters.ts'
import type {
  ChapterContentItems as ChapterContentItemsSchema,
  Content,
  ContentSummary,
  PageLink,
  ContentToc,
  FindAnswer,
  LocateAnswer as LocateAnswerSchema,
  ReaderChunk,
} from '#shared/api/content.ts'
import type { FeedbackInput } from '#shared/api/feedback.ts'
import type {
  Term,
  TermForm,
  TermLookup,
  TermLookupMatch,
  TermUsage,
  TermUsagePage,
  TermWithForms,
} from '#shared/api/terms.ts'
import { CHAPTER_CONTENT_CACHE_MS, READER_CHUNK_SIZE } from '#shared/limits.ts'
import {
  arrayOf,
  expectAnswer,
  isBoolean,
  isId,
  isInteger,
  isString,
  nullable,
  objectOf,
  optional,
} from './answer-shape.ts'
import { ApiError, getJson, postJson } from './http.ts'
import { libraryRoots } from './library-queries.ts'

/** A word's lookup is asked again only after this long (the lexicon changes rarely). */
const TERM_LOOKUP_FRESH_MS = 5 * 60_000

type LocateAnswer = z.infer<typeof LocateAnswerSchema>
type ChapterContentItems = z.infer<typeof ChapterContentItemsSchema>

export interface SiteSettings {
  donationUrl: string | null
}

const isChapterSummary = objectOf<BookWithChapters['chapters'][number]>({
  id: isId,
  title: isString,
  contentCount: isInteger,
})
const isBookTree = arrayOf(
  objectOf<BookWithChapters>({
    id: isId,
    title: isString,
    description: nullable(isString),
    coverUrl: nullable(isString),
    chapters: arrayOf(isChapterSummary),
  }),
)
const isChapter = objectOf<Chapter>({
  id: isId,
  bookId: isId,
  title: isString,
  description: nullable(isString),
  book: objectOf<NonNullable<Chapter['book']>>({ id: isId, title: isString }),
})
const isChapterPages = objectOf<ChapterContentItems>({
  items: arrayOf(objectOf<ChapterContentItems['items'][number]>({ id: isId, title: isString })),
})
const isChapterRef = objectOf<Content['chapter']>({ id: isId, title: isString, bookId: isId, bookTitle: isString })
const isContent = objectOf<Content>({
  id: isId,
  chapterId: isId,
  title: isString,
  linksContent: nullable(isString),
  headers: arrayOf(objectOf<Content['headers'][number]>({ text: isString, level: isInteger, id: isString })),
  chapter: isChapterRef,
})
const isPageLink = objectOf<PageLink>({ id: isId, title: isString })
const isContentSummary = objectOf<ContentSummary>({
  id: isId,
  chapterId: isId,
  title: isString,
  buildId: nullable(isInteger),
  chapter: isChapterRef,
  previous: nullable(isPageLink),
  next: nullable(isPageLink),
})
const isContentToc = objectOf<ContentToc>({
  headers: arrayOf(objectOf<ContentToc['headers'][number]>({ text: isString, level: isInteger, id: isString })),
})
const isTermUsagePage = objectOf<TermUsagePage>({ id: isId, title: isString, places: isInteger, anchor: isString })
const isTermUsage = objectOf<TermUsage>({ total: isInteger, pages: arrayOf(isTermUsagePage) })

/** Terms as the reader shows them (popup, term page, lexicon). */
const termFields = { id: isId, term: isString, description: isString, published: isBoolean }
export const isTerm = objectOf<Term>(termFields)
const isTermForm = objectOf<TermForm>({ form: isString, grammar: isString })
/** One term (GET /api/terms/{id}), with its forms. */
const isTermWithForms = objectOf<TermWithForms>({ ...termFields, forms: optional(arrayOf(isTermForm)) })
const isSiteSettings = objectOf<SiteSettings>({ donationUrl: nullable(isString) })
const isReaderChunk = objectOf<ReaderChunk>({
  chunk: isString,
  hasMore: isBoolean,
  totalChunks: isInteger,
  buildId: nullable(isInteger),
  linksContent: (value) => value === undefined || value === null || isString(value),
})
const isLocateAnswer = objectOf<LocateAnswer>({ chunk: isInteger })
const isFindAnswer = objectOf<FindAnswer>({
  buildId: nullable(isInteger),
  total: isInteger,
  capped: isBoolean,
  occurrences: arrayOf(
    objectOf<FindAnswer['occurrences'][number]>({
      block: isString,
      position: isInteger,
      index: isInteger,
      note: optional(isInteger),
    }),
  ),
})

/** GET /api/terms/lookup: how a word of a text is read as lexicon terms. */
export const isTermLookup = objectOf<TermLookup>({
  word: isString,
  matches: arrayOf(
    objectOf<TermLookupMatch>({
      id: isId,
      term: isString,
      form: isString,
      grammar: isString,
      via: (value) => value === 'whole' || value === 'enclitic' || value === 'sandhi' || value === 'compound',
      part: optional(isInteger),
      note: isString,
      published: isBoolean,
    }),
  ),
  parts: optional(arrayOf(isString)),
  similar: arrayOf(objectOf<TermLookup['similar'][number]>({ id: isId, term: isString })),
})

export const readerQueries = {
  /** Under 'books' and 'content' so the admin's changes refresh the reader's views too. */
  books: () =>
    queryOptions({
      queryKey: [...libraryRoots.books, 'reader-tree'] as const,
      queryFn: async () =>
        expectAnswer<BookWithChapters[]>(await getJson<unknown>('/api/books'), isBookTree, 'GET /api/books'),
    }),
  chapterPages: (chapterId: number) =>
    queryOptions({
      queryKey: [...libraryRoots.content, 'reader-chapter', chapterId] as const,
      queryFn: async () =>
        expectAnswer<ChapterContentItems>(
          await getJson<unknown>(`/api/chapters/${chapterId}/content`),
          isChapterPages,
          'GET /api/chapters/{id}/content',
        ).items,
      staleTime: CHAPTER_CONTENT_CACHE_MS,
    }),
  /** A chapter with its description and book (the chapter page). */
  chapter: (id: number) =>
    queryOptions({
      queryKey: [...libraryRoots.books, 'reader-chapter-about', id] as const,
      queryFn: async () =>
        expectAnswer<Chapter>(await getJson<unknown>(`/api/chapters/${id}`), isChapter, 'GET /api/chapters/{id}'),
    }),
  content: (id: number) =>
    queryOptions({
      queryKey: [...libraryRoots.content, 'reader-page', id] as const,
      // The body comes in chunks; asking for the page without it saves up to 10 MB per visit.
      queryFn: async () =>
        expectAnswer<Content>(
          await getJson<unknown>(`/api/content/${id}?body=false`),
          isContent,
          'GET /api/content/{id}',
        ),
    }),
  /** The reader's title bar: a few hundred bytes (the body comes in chunks, the footnotes with the last one). */
  summary: (id: number) =>
    queryOptions({
      queryKey: [...libraryRoots.content, 'reader-summary', id] as const,
      queryFn: async () =>
        expectAnswer<ContentSummary>(
          await getJson<unknown>(`/api/content/${id}/summary`),
          isContentSummary,
          'GET /api/content/{id}/summary',
        ),
    }),
  /** The table of contents, asked for when the reader opens it. */
  toc: (id: number) =>
    queryOptions({
      queryKey: [...libraryRoots.content, 'reader-toc', id] as const,
      queryFn: async () =>
        expectAnswer<ContentToc>(
          await getJson<unknown>(`/api/content/${id}/toc`),
          isContentToc,
          'GET /api/content/{id}/toc',
        ).headers,
    }),
  /** Find in page: every occurrence of `query` in the whole page, loaded or not (the find bar). */
  find: (id: number, query: string) =>
    queryOptions({
      queryKey: [...libraryRoots.content, 'reader-find', id, query] as const,
      queryFn: async () =>
        expectAnswer<FindAnswer>(
          await getJson<unknown>(`/api/content/${id}/find?${new URLSearchParams({ q: query })}`),
          isFindAnswer,
          'GET /api/content/{id}/find',
        ),
    }),
  term: (id: number) =>
    queryOptions({
      queryKey: ['terms', 'reader-term', id] as const,
      queryFn: async () =>
        // forms: optional here, so an answer kept from before them still shows
        expectAnswer<Omit<TermWithForms, 'forms'> & Partial<Pick<TermWithForms, 'forms'>>>(
          await getJson<unknown>(`/api/terms/${id}`),
          isTermWithForms,
          'GET /api/terms/{id}',
        ),
    }),
  /** The pages linking to a term (visitors: published pages); the term page and its admin screen show them. */
  termUsage: (id: number) =>
    queryOptions({
      queryKey: ['terms', 'usage', id] as const,
      queryFn: async () =>
        expectAnswer<TermUsage>(
          await getJson<unknown>(`/api/terms/${id}/usage`),
          isTermUsage,
          'GET /api/terms/{id}/usage',
        ),
    }),
  /** A word of a page's text read as lexicon terms (the term popup's lookup). */
  termLookup: (word: string) =>
    queryOptions({
      queryKey: ['terms', 'lookup', word] as const,
      queryFn: async () =>
        expectAnswer<TermLookup>(
          await getJson<unknown>(`/api/terms/lookup?${new URLSearchParams({ word })}`),
          isTermLookup,
          'GET /api/terms/lookup',
        ),
      staleTime: TERM_LOOKUP_FRESH_MS,
    }),
  site: () =>
    queryOptions({
      queryKey: ['site'] as const,
      queryFn: async (): Promise<SiteSettings> => {
        try {
          return expectAnswer<SiteSettings>(await getJson<unknown>('/api/site'), isSiteSettings, 'GET /api/site')
        } catch (failure) {
          // a server without the settings route has no donation link
          if (failure instanceof ApiError && failure.code === 'not_found') return { donationUrl: null }
          throw failure
        }
      },
    }),
}

/**
 * One part of a page's body. Not kept in the query cache: the browser's HTTP cache keeps it — for a
 * year when asked for by `build` (the build an earlier chunk named; a page saved since answers 409),
 * else revalidated by its ETag.
 */
export async function fetchReaderChunk(contentId: number, chunk: number, build?: number | null): Promise<ReaderChunk> {
  const query = new URLSearchParams({ chunk: String(chunk), size: String(READER_CHUNK_SIZE) })
  if (build) query.set('build', String(build))
  return expectAnswer<ReaderChunk>(
    await getJson<unknown>(`/api/content/${contentId}/chunks?${query}`),
    isReaderChunk,
    'GET /api/content/{id}/chunks',
  )
}

/** The chunk that holds the element with this id, or null when the server does not know one. */
export async function locateAnchor(contentId: number, anchor: string): Promise<number | null> {
  const query = new URLSearchParams({ anchor, size: String(READER_CHUNK_SIZE) })
  try {
    return expectAnswer<LocateAnswer>(
      await getJson<unknown>(`/api/content/${contentId}/locate?${query}`),
      isLocateAnswer,
      'GET /api/content/{id}/locate',
    ).chunk
  } catch (failure) {
    console.warn(`Could not locate #${anchor}`, failure)
    return null
  }
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: (feedback: FeedbackInput) => postJson<unknown>('/api/feedback', feedback),
  })
}
