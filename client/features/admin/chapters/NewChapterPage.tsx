// /admin/books/:bookId/chapters/new: the chapter create form; back to the list once created.
import { Link, useNavigate } from 'react-router'
import type { Book } from '#shared/api/books.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { toastTexts } from '#client/texts/common.ts'
import { useCreateChapter } from '#client/api/chapters.ts'
import { failureText } from '#client/api/http.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { AdminBreadcrumb } from '../AdminBreadcrumb.tsx'
import { BookScreen } from './BookScreen.tsx'
import { ChapterForm } from './ChapterForm.tsx'

export function NewChapterPage() {
  return <BookScreen>{(book) => <NewChapter book={book} />}</BookScreen>
}

function NewChapter({ book }: { book: Book }) {
  const navigate = useNavigate()
  const createChapter = useCreateChapter()
  const chaptersPath = `/admin/books/${book.id}/chapters`
  return (
    <div className="grid max-w-2xl gap-6">
      <AdminBreadcrumb
        crumbs={[
          { label: adminTexts.chapters.booksCrumb, to: '/admin/books' },
          { label: book.title, to: chaptersPath },
          { label: adminTexts.chapterNew.heading },
        ]}
      />
      <PageHeading title={adminTexts.chapterNew.heading}>{adminTexts.chapterNew.heading}</PageHeading>
      <ChapterForm
        bookId={book.id}
        saving={createChapter.isPending}
        submitLabel={adminTexts.chapters.create}
        cancel={
          <Button asChild variant="secondary">
            <Link to={chaptersPath}>{adminTexts.chapters.cancel}</Link>
          </Button>
        }
        onSave={(values) =>
          createChapter.mutate(values, {
            onSuccess: () => {
              toast({ title: toastTexts.success, description: adminTexts.chapters.created })
              void navigate(chaptersPath)
            },
            onError: (failure) =>
              toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) }),
          })
        }
      />
    </div>
  )
}
