// 'Delete Content': asks before deleting one page of a chapter.
import { texts } from '#shared/texts.ts'
import { useDeleteContent } from '#client/api/content.ts'
import type { ContentListItem } from '#client/api/content.ts'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'

export function DeleteContentDialog({ page }: { page: ContentListItem }) {
  const deleteContent = useDeleteContent()
  return (
    <DeleteItemDialog
      name={page.title}
      texts={texts.admin.pages}
      remove={() => deleteContent.mutateAsync(page.id)}
      isPending={deleteContent.isPending}
      failureText={() => texts.admin.pages.deleteFailed}
    />
  )
}
