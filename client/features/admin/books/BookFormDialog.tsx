// 'Lisa raamat' and 'Muuda raamatut': one dialog with the book form; it closes after a successful save.
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { Controller, useForm } from 'react-hook-form'
import { BookInput } from '#shared/api/books.ts'
import type { Book, BookValues } from '#shared/api/books.ts'
import { DEFAULT_ORDER } from '#shared/limits.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { commonTexts, toastTexts } from '#client/texts/common.ts'
import { bookQueries, useCreateBook, useUpdateBook } from '#client/api/books.ts'
import { failureText } from '#client/api/http.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Textarea } from '#client/components/ui/Textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { FailureMessage } from '../ScreenMessage.tsx'
import { CoverImageField } from './CoverImageField.tsx'

interface BookFormDialogProps {
  /** The book to edit (the form reads it whole, cover included); without it the dialog adds a new book. */
  book?: Pick<Book, 'id'>
  trigger: ReactNode
}

export function BookFormDialog({ book, trigger }: BookFormDialogProps) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={book ? adminTexts.books.edit : adminTexts.books.add}>
        {/* Mounted only while open, so every opening starts from the book as saved. */}
        {book ? (
          <EditBookForm id={book.id} onSaved={() => setOpen(false)} />
        ) : (
          <BookForm book={undefined} onSaved={() => setOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  )
}

/**
 * The list of books carries no cover picture (only its address), so editing reads the book itself:
 * the form must send the cover back unchanged when it is not touched.
 */
function EditBookForm({ id, onSaved }: { id: number; onSaved: () => void }) {
  const book = useQuery(bookQueries.detail(id))
  // When the book arrives after the dialog opened, the title field takes the focus it would have had.
  const [arrivedLater] = useState(() => book.data === undefined)
  if (book.isError) return <FailureMessage>{adminTexts.chapters.fetchBookFailed}</FailureMessage>
  if (!book.data) return <LoadingStatus />
  return <BookForm book={book.data} onSaved={onSaved} focusTitle={arrivedLater} />
}

function BookForm({
  book,
  onSaved,
  focusTitle = false,
}: {
  book: Book | undefined
  onSaved: () => void
  focusTitle?: boolean
}) {
  const createBook = useCreateBook()
  const updateBook = useUpdateBook()
  const saving = createBook.isPending || updateBook.isPending
  const form = useForm<BookInput, unknown, BookValues>({
    resolver: zodResolver(BookInput),
    defaultValues: {
      title: book?.title ?? '',
      description: book?.description ?? '',
      order: book?.order ?? DEFAULT_ORDER,
      coverImage: book?.coverImage ?? null,
    },
  })
  const { errors } = form.formState
  useEffect(() => {
    if (focusTitle) form.setFocus('title')
  }, [focusTitle, form])

  function save(values: BookValues) {
    const input: BookValues = {
      ...values,
      description: values.description?.trim() ? values.description : null,
      coverImage: values.coverImage || null,
    }
    const callbacks = {
      onSuccess: () => {
        toast({ title: toastTexts.success, description: book ? adminTexts.books.updated : adminTexts.books.created })
        onSaved()
      },
      onError: (failure: unknown) => {
        toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) })
      },
    }
    if (book) updateBook.mutate({ id: book.id, book: input }, callbacks)
    else createBook.mutate(input, callbacks)
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(save)}>
      <FormField label={adminTexts.books.fields.title} error={errors.title?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
      </FormField>
      <FormField label={adminTexts.books.fields.description} error={errors.description?.message}>
        {(control) => <Textarea {...control} {...form.register('description')} />}
      </FormField>
      <FormField label={adminTexts.books.fields.order} error={errors.order?.message}>
        {(control) => <Input {...control} type="number" inputMode="numeric" step={1} {...form.register('order')} />}
      </FormField>
      <Controller
        control={form.control}
        name="coverImage"
        render={({ field, fieldState }) => (
          <CoverImageField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            {commonTexts.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? adminTexts.books.saving : adminTexts.books.save}
        </Button>
      </DialogFooter>
    </form>
  )
}
