// The confirmation every admin list uses before deleting a row (book, chapter, page, term).
import { useState } from 'react'
import { fill } from '#shared/text/fill.ts'
import { toastTexts } from '#client/texts/common.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export interface DeleteTexts {
  delete: string
  deleteAction: string
  deleteWarning: string
  deleting: string
  deleted: string
}

interface DeleteItemDialogProps {
  /** The row's name, for the warning ({title} or {term}) and the button's screen-reader label. */
  name: string
  placeholder?: 'title' | 'term'
  texts: DeleteTexts
  remove: () => Promise<unknown>
  isPending: boolean
  /** The failure toast's text for this error (a fixed text, or the server's words). */
  failureText: (failure: unknown) => string
}

export function DeleteItemDialog({
  name,
  placeholder = 'title',
  texts: t,
  remove,
  isPending,
  failureText,
}: DeleteItemDialogProps) {
  const [open, setOpen] = useState(false)

  // Awaiting here, not mutate's callbacks: the row (and this dialog) unmounts as soon as the list
  // refreshes, and mutate's own callbacks never run for an unmounted component.
  async function confirm() {
    try {
      await remove()
    } catch (failure) {
      toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) })
      return
    }
    setOpen(false)
    toast({ title: toastTexts.success, description: t.deleted })
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" className="text-red-700">
          {t.deleteAction}
          <span className="sr-only">: {name}</span>
        </Button>
      }
      title={t.delete}
      description={fill(t.deleteWarning, { [placeholder]: name })}
      confirmLabel={t.deleteAction}
      pendingLabel={t.deleting}
      isPending={isPending}
      onConfirm={() => void confirm()}
    />
  )
}
