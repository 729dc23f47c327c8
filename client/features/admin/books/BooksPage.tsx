// /admin and /admin/books: 'Raamatud', every book with its order, edit and delete.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { Book } from '#shared/api/books.ts'
import { texts } from '#shared/texts.ts'
import { bookQueries } from '#client/api/books.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/Table.tsx'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { FailureMessage } from '../ScreenMessage.tsx'
import { BookFormDialog } from './BookFormDialog.tsx'
import { DeleteBookDialog } from './DeleteBookDialog.tsx'

export function BooksPage() {
  const books = useQuery(bookQueries.list())
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={texts.admin.books.heading}>{texts.admin.books.heading}</PageHeading>
        <BookFormDialog trigger={<Button>{texts.admin.books.add}</Button>} />
      </div>
      {books.isPending ? <LoadingStatus /> : null}
      {books.isError ? <FailureMessage>{texts.admin.books.fetchFailed}</FailureMessage> : null}
      {books.data ? <BooksTable books={books.data} /> : null}
    </div>
  )
}

function BooksTable({ books }: { books: Book[] }) {
  const columns = texts.admin.books.columns
  return (
    <Table label={texts.admin.books.heading}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.title}</TableHead>
          <TableHead>{columns.description}</TableHead>
          <TableHead>{columns.order}</TableHead>
          <TableHead>{columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {books.length === 0 ? <TableEmptyRow columns={4}>{texts.admin.books.empty}</TableEmptyRow> : null}
        {books.map((book) => (
          <BookRow key={book.id} book={book} />
        ))}
      </TableBody>
    </Table>
  )
}

function BookRow({ book }: { book: Book }) {
  return (
    <TableRow>
      <TableCell className="font-medium">
        <Link
          to={`/admin/books/${book.id}/chapters`}
          className="rounded underline underline-offset-4 hover:text-stone-600"
        >
          {book.title}
        </Link>
      </TableCell>
      <TableCell className="max-w-md text-stone-700">
        <span className="line-clamp-2">{book.description}</span>
      </TableCell>
      <TableCell className="tabular-nums">{book.order}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          <BookFormDialog
            book={book}
            trigger={
              <Button variant="ghost">
                {texts.admin.books.editAction}
                <span className="sr-only">: {book.title}</span>
              </Button>
            }
          />
          <DeleteBookDialog book={book} />
        </div>
      </TableCell>
    </TableRow>
  )
}
