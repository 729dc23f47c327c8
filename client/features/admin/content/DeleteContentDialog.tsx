// 'Delete Content': asks before deleting one page of a chapter.
import { adminTexts } from '#client/texts/admin.ts'
import { useDeleteContent } from '#client/api/content.ts'
import type { ContentListItem } from '#client/api/content.ts'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'

export function DeleteContentDialog({ page }: { page: ContentListItem }) {
  const deleteContent = useDeleteContent()
  return (
    <DeleteItemDialog
      name={page.title}
      texts={adminTexts.pages}
      remove={() => deleteContent.mutateAsync(page.id)}
      isPending={deleteContent.isPending}
      failureText={() => adminTexts.pages.deleteFailed}
    />
  )
}
