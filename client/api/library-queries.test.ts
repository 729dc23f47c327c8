// Every query that shows books, chapters or pages, the admin's and the reader's, goes stale after a
// library change; the user's, the lexicon's and the site's do not.
import type { QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '#client/query-client.ts'
import { contentEditorQueries } from '#client/features/admin/content/content-editor/queries.ts'
import { userQueries } from './auth.ts'
import { bookQueries } from './books.ts'
import { chapterQueries } from './chapters.ts'
import { contentQueries } from './content.ts'
import { refreshLibrary } from './library-queries.ts'
import { readerQueries } from './reader.ts'
import { searchQueries } from './search.ts'
import { termQueries } from './terms.ts'

const library: QueryKey[] = [
  bookQueries.list().queryKey,
  bookQueries.detail(1).queryKey,
  chapterQueries.listByBook(1).queryKey,
  chapterQueries.detail(2).queryKey,
  contentQueries.listByChapter(2).queryKey,
  contentEditorQueries.chapterChoices().queryKey,
  contentEditorQueries.page(3).queryKey,
  readerQueries.books().queryKey,
  readerQueries.chapterPages(2).queryKey,
  readerQueries.content(3).queryKey,
]
const others: QueryKey[] = [
  userQueries.current().queryKey,
  termQueries.detail(4).queryKey,
  readerQueries.term(4).queryKey,
  readerQueries.site().queryKey,
  searchQueries.results({ q: 'metta', bookIds: null, includeLexicon: true }).queryKey,
]

describe('refreshLibrary', () => {
  it('marks every book, chapter and page query stale, and nothing else', async () => {
    const queryClient = createQueryClient()
    for (const key of [...library, ...others]) queryClient.setQueryData(key, 'cached')
    const stale = () =>
      [...library, ...others]
        .filter((key) => queryClient.getQueryState(key)?.isInvalidated)
        .map((key) => JSON.stringify(key))
    expect(stale()).toEqual([])

    await refreshLibrary(queryClient)

    expect(stale()).toEqual(library.map((key) => JSON.stringify(key)))
  })
})
