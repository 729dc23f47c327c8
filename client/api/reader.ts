// What the public reader asks the server: the book tree, a chapter's pages, a page's metadata, its
// chunks and jumps, the site's settings, and sending feedback.
import { queryOptions, useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { BookWithChapters } from '#shared/api/books.ts'
import { ChapterContentItems, Content, LocateAnswer, ReaderChunk } from '#shared/api/content.ts'
import type { FeedbackInput } from '#shared/api/feedback.ts'
import { Term } from '#shared/api/terms.ts'
import { CHAPTER_CONTENT_CACHE_MS, READER_CHUNK_SIZE } from '#shared/limits.ts'
import { ApiError, getJson, postJson } from './http.ts'

const SiteSettings = z.object({ donationUrl: z.string().nullable() })
export type SiteSettings = z.infer<typeof SiteSettings>

export const readerQueries = {
  /** Under 'books' and 'content' so the admin's changes refresh the reader's views too. */
  books: () =>
    queryOptions({
      queryKey: ['books', 'reader-tree'] as const,
      queryFn: async () => z.array(BookWithChapters).parse(await getJson<unknown>('/api/books')),
    }),
  chapterPages: (chapterId: number) =>
    queryOptions({
      queryKey: ['content', 'reader-chapter', chapterId] as const,
      queryFn: async () =>
        ChapterContentItems.parse(await getJson<unknown>(`/api/chapters/${chapterId}/content`)).items,
      staleTime: CHAPTER_CONTENT_CACHE_MS,
    }),
  content: (id: number) =>
    queryOptions({
      queryKey: ['content', 'reader-page', id] as const,
      // The body comes in chunks; asking for the page without it saves up to 10 MB per visit.
      queryFn: async () => Content.parse(await getJson<unknown>(`/api/content/${id}?body=false`)),
    }),
  term: (id: number) =>
    queryOptions({
      queryKey: ['terms', 'reader-term', id] as const,
      queryFn: async () => Term.parse(await getJson<unknown>(`/api/terms/${id}`)),
    }),
  site: () =>
    queryOptions({
      queryKey: ['site'] as const,
      queryFn: async (): Promise<SiteSettings> => {
        try {
          return SiteSettings.parse(await getJson<unknown>('/api/site'))
        } catch (failure) {
          // a server without the settings route has no donation link
          if (failure instanceof ApiError && failure.status === 404) return { donationUrl: null }
          throw failure
        }
      },
    }),
}

/** One part of a page's body. Not kept in the query cache: the browser's HTTP cache (ETag) keeps it. */
export async function fetchReaderChunk(contentId: number, chunk: number): Promise<ReaderChunk> {
  const query = new URLSearchParams({ chunk: String(chunk), size: String(READER_CHUNK_SIZE) })
  return ReaderChunk.parse(await getJson<unknown>(`/api/content/${contentId}/chunks?${query}`))
}

/** The chunk that holds the element with this id, or null when the server does not know one. */
export async function locateAnchor(contentId: number, anchor: string): Promise<number | null> {
  const query = new URLSearchParams({ anchor, size: String(READER_CHUNK_SIZE) })
  try {
    return LocateAnswer.parse(await getJson<unknown>(`/api/content/${contentId}/locate?${query}`)).chunk
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
