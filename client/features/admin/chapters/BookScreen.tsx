// The frame of the screens under /admin/books/:bookId: reads the id, loads the book, and shows
// 'Loading book details...', 'Book not found' or 'Failed to fetch book' until the book is there.
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { Book } from '#shared/api/books.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts } from '#client/texts/common.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { parseRouteId } from '../route-ids.ts'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { useBook } from './use-book.ts'

export function BookScreen({ children }: { children: (book: Book) => ReactNode }) {
  const bookId = parseRouteId(useParams().bookId)
  if (bookId === null) return <BookNotFound />
  return <LoadedBook bookId={bookId}>{children}</LoadedBook>
}

function LoadedBook({ bookId, children }: { bookId: number; children: (book: Book) => ReactNode }) {
  const { book, loading, failed } = useBook(bookId)
  if (loading) return <LoadingMessage>{adminTexts.chapters.loadingBook}</LoadingMessage>
  if (failed) return <FailureMessage>{adminTexts.chapters.fetchBookFailed}</FailureMessage>
  if (!book) return <BookNotFound />
  return children(book)
}

function BookNotFound() {
  return (
    <div className="grid justify-items-start gap-4">
      <BackToBooks />
      <title>{`${adminTexts.chapters.bookNotFound} · ${siteTexts.name}`}</title>
      <h1 className="font-serif text-2xl font-semibold text-stone-900">{adminTexts.chapters.bookNotFound}</h1>
    </div>
  )
}

export function BackToBooks() {
  return (
    <Button asChild variant="secondary">
      <Link to="/admin/books">
        <span aria-hidden="true">←</span> {adminTexts.chapters.backToBooks}
      </Link>
    </Button>
  )
}
