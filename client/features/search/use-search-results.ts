// What the search dialog shows for the words typed: the words wait SEARCH_DEBOUNCE_MS, then are
// searched in the chosen books (and the lexicon) once they are long enough.
import { useQuery } from '@tanstack/react-query'
import type { SearchResult } from '#shared/api/search.ts'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '#shared/limits.ts'
import { readerQueries } from '#client/api/reader.ts'
import { searchQueries } from '#client/api/search.ts'
import { chosenBookIds } from './search-navigation.ts'
import { useDebouncedValue } from './use-debounced-value.ts'

export interface SearchFilterState {
  untickedBooks: ReadonlySet<number>
  includeLexicon: boolean
}

export function useSearchResults(typed: string, { untickedBooks, includeLexicon }: SearchFilterState) {
  const q = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS)

  // the side panel's book tree: the same answer, already in the cache
  const books = useQuery(readerQueries.books())
  const bookIds = chosenBookIds(
    books.data?.map((book) => book.id),
    untickedBooks,
  )
  const noBooks = bookIds !== null && bookIds.length === 0
  const searchable = q.length >= SEARCH_MIN_CHARS && !noBooks
  const search = useQuery({ ...searchQueries.results({ q, bookIds, includeLexicon }), enabled: searchable })

  const results: readonly SearchResult[] = searchable && search.data ? search.data.results : []
  return {
    books: books.data,
    booksFailed: books.isError,
    noBooks,
    searchable,
    pending: search.isFetching,
    failed: search.isError,
    results,
    /** Every result the query has; the dialog shows the first page of them. */
    total: searchable && search.data ? search.data.pagination.total : 0,
    /** What was asked, for the search page's address. */
    request: { q, bookIds, includeLexicon },
  }
}
