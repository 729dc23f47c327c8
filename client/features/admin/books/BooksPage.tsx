// /admin and /admin/books: 'Raamatud', every book with its order, edit and delete.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { BookWithChapters } from '#shared/api/books.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { bookQueries } from '#client/api/books.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { FailureMessage } from '../ScreenMessage.tsx'
import { BookFormDialog } from './BookFormDialog.tsx'
import { DeleteBookDialog } from './DeleteBookDialog.tsx'

export function BooksPage() {
  const books = useQuery(bookQueries.list())
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={adminTexts.books.heading}>{adminTexts.books.heading}</PageHeading>
        <BookFormDialog trigger={<Button>{adminTexts.books.add}</Button>} />
      </div>
      {books.isPending ? <LoadingStatus /> : null}
      {books.isError ? <FailureMessage>{adminTexts.books.fetchFailed}</FailureMessage> : null}
      {books.data ? <BooksTable books={books.data} /> : null}
    </div>
  )
}

function BooksTable({ books }: { books: BookWithChapters[] }) {
  const columns = adminTexts.books.columns
  return (
    <ListTable
      label={adminTexts.books.heading}
      columns={[columns.title, columns.description, columns.order, columns.actions]}
      empty={books.length === 0 ? adminTexts.books.empty : null}
    >
      {books.map((book) => (
        <BookRow key={book.id} book={book} />
      ))}
    </ListTable>
  )
}

function BookRow({ book }: { book: BookWithChapters }) {
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
                {adminTexts.books.editAction}
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
