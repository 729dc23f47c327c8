// /admin/books/:bookId/chapters/new: the chapter create form; back to the list once created.
import { Link, useNavigate } from 'react-router'
import type { Book } from '#shared/api/books.ts'
import { texts } from '#shared/texts.ts'
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
          { label: texts.admin.chapters.booksCrumb, to: '/admin/books' },
          { label: book.title, to: chaptersPath },
          { label: texts.admin.chapterNew.heading },
        ]}
      />
      <PageHeading title={texts.admin.chapterNew.heading}>{texts.admin.chapterNew.heading}</PageHeading>
      <ChapterForm
        bookId={book.id}
        saving={createChapter.isPending}
        submitLabel={texts.admin.chapters.create}
        cancel={
          <Button asChild variant="secondary">
            <Link to={chaptersPath}>{texts.admin.chapters.cancel}</Link>
          </Button>
        }
        onSave={(values) =>
          createChapter.mutate(values, {
            onSuccess: () => {
              toast({ title: texts.toast.success, description: texts.admin.chapters.created })
              void navigate(chaptersPath)
            },
            onError: (failure) =>
              toast({ variant: 'destructive', title: texts.toast.error, description: failureText(failure) }),
          })
        }
      />
    </div>
  )
}
