// /admin/books/:bookId/chapters/:chapterId/edit: the chapter edit form; back to the list once saved.
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router'
import type { Chapter } from '#shared/api/chapters.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts, toastTexts } from '#client/texts/common.ts'
import { chapterQueries, useUpdateChapter } from '#client/api/chapters.ts'
import { failureText } from '#client/api/http.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { AdminBreadcrumb } from '../AdminBreadcrumb.tsx'
import { isNotFound, parseRouteId } from '../route-ids.ts'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { BackToBooks } from './BookScreen.tsx'
import { ChapterForm } from './ChapterForm.tsx'

export function EditChapterPage() {
  const chapterId = parseRouteId(useParams().chapterId)
  if (chapterId === null) return <ChapterNotFound />
  return <LoadedChapter chapterId={chapterId} />
}

function LoadedChapter({ chapterId }: { chapterId: number }) {
  const chapter = useQuery(chapterQueries.detail(chapterId))
  if (chapter.isPending) return <LoadingMessage>{siteTexts.loading}</LoadingMessage>
  if (chapter.isError) {
    return isNotFound(chapter.error) ? (
      <ChapterNotFound />
    ) : (
      <FailureMessage>{adminTexts.chapters.fetchChapterFailed}</FailureMessage>
    )
  }
  return <EditChapter chapter={chapter.data} />
}

function EditChapter({ chapter }: { chapter: Chapter }) {
  const navigate = useNavigate()
  const updateChapter = useUpdateChapter()
  const chaptersPath = `/admin/books/${chapter.bookId}/chapters`
  return (
    <div className="grid max-w-2xl gap-6">
      <AdminBreadcrumb
        crumbs={[
          { label: adminTexts.chapters.booksCrumb, to: '/admin/books' },
          { label: chapter.book?.title ?? adminTexts.chapters.heading, to: chaptersPath },
          { label: chapter.title },
        ]}
      />
      <PageHeading title={adminTexts.chapterEdit.heading}>{adminTexts.chapterEdit.heading}</PageHeading>
      <ChapterForm
        bookId={chapter.bookId}
        chapter={chapter}
        saving={updateChapter.isPending}
        submitLabel={adminTexts.chapters.save}
        cancel={
          <Button asChild variant="secondary">
            <Link to={chaptersPath}>{adminTexts.chapters.cancel}</Link>
          </Button>
        }
        onSave={(values) =>
          updateChapter.mutate(
            { id: chapter.id, chapter: values },
            {
              onSuccess: () => {
                toast({ title: toastTexts.success, description: adminTexts.chapters.updated })
                void navigate(chaptersPath)
              },
              onError: (failure) =>
                toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) }),
            },
          )
        }
      />
    </div>
  )
}

function ChapterNotFound() {
  return (
    <div className="grid justify-items-start gap-4">
      <BackToBooks />
      <h1 className="font-serif text-2xl font-semibold text-stone-900">{adminTexts.chapters.chapterNotFound}</h1>
    </div>
  )
}
