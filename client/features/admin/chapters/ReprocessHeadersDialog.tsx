// 'Reprocess All Headers': rebuilds the headings of every page on the site, after a confirmation.
import { useState } from 'react'
import { adminTexts } from '#client/texts/admin.ts'
import { toastTexts } from '#client/texts/common.ts'
import { useReprocessHeaders } from '#client/api/content.ts'
import { ApiError } from '#client/api/http.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export function ReprocessHeadersDialog() {
  const [open, setOpen] = useState(false)
  const reprocess = useReprocessHeaders()
  const t = adminTexts.reprocessHeaders
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" disabled={reprocess.isPending} aria-busy={reprocess.isPending}>
          {reprocess.isPending ? t.running : t.button}
        </Button>
      }
      title={t.title}
      description={t.description}
      variant="primary"
      confirmLabel={t.confirm}
      pendingLabel={t.running}
      isPending={reprocess.isPending}
      onConfirm={() =>
        reprocess.mutate(undefined, {
          onSuccess: (result) => {
            setOpen(false)
            toast({ title: toastTexts.success, description: result.message || t.success })
          },
          onError: (failure) => {
            setOpen(false)
            const serverError = failure instanceof ApiError ? failure.serverMessage : undefined
            toast({ variant: 'destructive', title: toastTexts.error, description: serverError || t.failure })
          },
        })
      }
    />
  )
}
