// 'Delete Content': asks before deleting one page of a chapter.
import { useState } from 'react'
import { fill } from '#shared/text/fill.ts'
import { texts } from '#shared/texts.ts'
import { useDeleteContent } from '#client/api/content.ts'
import type { ContentListItem } from '#client/api/content.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export function DeleteContentDialog({ page }: { page: ContentListItem }) {
  const [open, setOpen] = useState(false)
  const deleteContent = useDeleteContent()

  // mutateAsync, not mutate's callbacks: the row (and this dialog) unmounts as soon as the list
  // refreshes, and mutate's own callbacks never run for an unmounted component.
  async function confirm() {
    try {
      await deleteContent.mutateAsync(page.id)
    } catch {
      toast({ variant: 'destructive', title: texts.toast.error, description: texts.admin.pages.deleteFailed })
      return
    }
    setOpen(false)
    toast({ title: texts.toast.success, description: texts.admin.pages.deleted })
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" className="text-red-700">
          {texts.admin.pages.deleteAction}
          <span className="sr-only">: {page.title}</span>
        </Button>
      }
      title={texts.admin.pages.delete}
      description={fill(texts.admin.pages.deleteWarning, { title: page.title })}
      confirmLabel={texts.admin.pages.deleteAction}
      pendingLabel={texts.admin.pages.deleting}
      isPending={deleteContent.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
