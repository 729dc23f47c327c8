// 'Edit Chapter' from a row of the chapters list; closes after a successful update.
import { useState } from 'react'
import type { Chapter } from '#shared/api/chapters.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { toastTexts } from '#client/texts/common.ts'
import { useUpdateChapter } from '#client/api/chapters.ts'
import { failureText } from '#client/api/http.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ChapterForm } from './ChapterForm.tsx'

export function EditChapterDialog({ chapter }: { chapter: Chapter }) {
  const [open, setOpen] = useState(false)
  const updateChapter = useUpdateChapter()
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost">
          {adminTexts.chapters.editAction}
          <span className="sr-only">: {chapter.title}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={adminTexts.chapters.edit}>
        <ChapterForm
          bookId={chapter.bookId}
          chapter={chapter}
          saving={updateChapter.isPending}
          submitLabel={adminTexts.chapters.save}
          cancel={
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {adminTexts.chapters.cancel}
              </Button>
            </DialogClose>
          }
          onSave={(values) =>
            updateChapter.mutate(
              { id: chapter.id, chapter: values },
              {
                onSuccess: () => {
                  setOpen(false)
                  toast({ title: toastTexts.success, description: adminTexts.chapters.updated })
                },
                onError: (failure) =>
                  toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) }),
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  )
}
