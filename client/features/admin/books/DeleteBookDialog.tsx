// 'Kustuta raamat': asks before deleting a book with its chapters and pages.
import { useState } from 'react'
import type { Book } from '#shared/api/books.ts'
import { fill } from '#shared/text/fill.ts'
import { texts } from '#shared/texts.ts'
import { useDeleteBook } from '#client/api/books.ts'
import { failureText } from '#client/api/http.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export function DeleteBookDialog({ book }: { book: Book }) {
  const [open, setOpen] = useState(false)
  const deleteBook = useDeleteBook()

  // mutateAsync, not mutate's callbacks: the row (and this dialog) unmounts as soon as the list
  // refreshes, and mutate's own callbacks never run for an unmounted component.
  async function confirm() {
    try {
      await deleteBook.mutateAsync(book.id)
    } catch (failure) {
      toast({ variant: 'destructive', title: texts.toast.error, description: failureText(failure) })
      return
    }
    setOpen(false)
    toast({ title: texts.toast.success, description: texts.admin.books.deleted })
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" className="text-red-700">
          {texts.admin.books.deleteAction}
          <span className="sr-only">: {book.title}</span>
        </Button>
      }
      title={texts.admin.books.delete}
      description={fill(texts.admin.books.deleteWarning, { title: book.title })}
      confirmLabel={texts.admin.books.deleteAction}
      pendingLabel={texts.admin.books.deleting}
      isPending={deleteBook.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
