// 'Kustuta raamat': asks before deleting a book with its chapters and pages.
import type { Book } from '#shared/api/books.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { useDeleteBook } from '#client/api/books.ts'
import { failureText } from '#client/api/http.ts'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'

export function DeleteBookDialog({ book }: { book: Pick<Book, 'id' | 'title'> }) {
  const deleteBook = useDeleteBook()
  return (
    <DeleteItemDialog
      name={book.title}
      texts={adminTexts.books}
      remove={() => deleteBook.mutateAsync(book.id)}
      isPending={deleteBook.isPending}
      failureText={failureText}
    />
  )
}
