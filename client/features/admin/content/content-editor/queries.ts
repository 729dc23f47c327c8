// What the content editor loads: every chapter grouped by book (for the chapter field) and the page
// being edited, which is always fetched fresh so that its version is the one saved last.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { BookWithChapters } from '#shared/api/books.ts'
import { Content } from '#shared/api/content.ts'
import { bookQueries } from '#client/api/books.ts'
import { contentQueries } from '#client/api/content.ts'
import { getJson } from '#client/api/http.ts'

/** The fields of GET /api/content/{id} that the editor uses. */
export const EditedPage = Content.pick({
  id: true,
  chapterId: true,
  title: true,
  content: true,
  linksContent: true,
  order: true,
  published: true,
  version: true,
})
export type EditedPage = z.infer<typeof EditedPage>

export const ChapterChoices = z.array(BookWithChapters.pick({ id: true, title: true, order: true, chapters: true }))
export type ChapterChoices = z.infer<typeof ChapterChoices>

export const contentEditorQueries = {
  chapterChoices: () =>
    queryOptions({
      queryKey: [...bookQueries.all(), 'list', 'with-chapters'] as const,
      queryFn: async () => ChapterChoices.parse(await getJson<unknown>('/api/books')),
    }),
  page: (id: number) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'editor', id] as const,
      queryFn: async () => EditedPage.parse(await getJson<unknown>(`/api/content/${id}`)),
      // Up to 10 MB of HTML: never kept once the editor closes, never reused stale.
      staleTime: 0,
      gcTime: 0,
    }),
}
