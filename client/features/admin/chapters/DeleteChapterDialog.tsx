// 'Delete Chapter': warns that the chapter's content pages are deleted with it.
import type { Chapter } from '#shared/api/chapters.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { useDeleteChapter } from '#client/api/chapters.ts'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'

export function DeleteChapterDialog({ chapter }: { chapter: Chapter }) {
  const deleteChapter = useDeleteChapter()
  return (
    <DeleteItemDialog
      name={chapter.title}
      texts={adminTexts.chapters}
      remove={() => deleteChapter.mutateAsync(chapter.id)}
      isPending={deleteChapter.isPending}
      failureText={() => adminTexts.chapters.deleteFailed}
    />
  )
}
