// 'Delete Chapter': warns that the chapter's content pages are deleted with it.
import { useState } from 'react'
import type { Chapter } from '#shared/api/chapters.ts'
import { fill } from '#shared/text/fill.ts'
import { texts } from '#shared/texts.ts'
import { useDeleteChapter } from '#client/api/chapters.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export function DeleteChapterDialog({ chapter }: { chapter: Chapter }) {
  const [open, setOpen] = useState(false)
  const deleteChapter = useDeleteChapter()

  // mutateAsync, not mutate's callbacks: the row (and this dialog) unmounts as soon as the list
  // refreshes, and mutate's own callbacks never run for an unmounted component.
  async function confirm() {
    try {
      await deleteChapter.mutateAsync(chapter.id)
    } catch {
      toast({ variant: 'destructive', title: texts.toast.error, description: texts.admin.chapters.deleteFailed })
      return
    }
    setOpen(false)
    toast({ title: texts.toast.success, description: texts.admin.chapters.deleted })
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" className="text-red-700">
          {texts.admin.chapters.deleteAction}
          <span className="sr-only">: {chapter.title}</span>
        </Button>
      }
      title={texts.admin.chapters.delete}
      description={fill(texts.admin.chapters.deleteWarning, { title: chapter.title })}
      confirmLabel={texts.admin.chapters.deleteAction}
      pendingLabel={texts.admin.chapters.deleting}
      isPending={deleteChapter.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
