// The book an admin chapter screen belongs to; a 404 is "no book", any other failure is `failed`.
import { useQuery } from '@tanstack/react-query'
import { bookQueries } from '#client/api/books.ts'
import { isNotFound } from '../route-ids.ts'

export function useBook(bookId: number) {
  const book = useQuery(bookQueries.detail(bookId))
  return {
    book: book.data,
    loading: book.isPending,
    failed: book.isError && !isNotFound(book.error),
  }
}
