// "Taasta see versioon": asks first, then saves the revision as the page's new version; the
// outcome is a toast. A page saved meanwhile (409) is said plainly and the history reloads.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { fill } from '#shared/text/fill.ts'
import { ApiError, failureText } from '#client/api/http.ts'
import { revisionQueries, useRestoreRevision } from '#client/api/revisions.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { toastTexts } from '#client/texts/common.ts'
import { revisionTexts as t } from '#client/texts/revisions.ts'

interface RestoreRevisionDialogProps {
  id: number
  revisionId: number
  version: number
  /** The current version as the history shows it: the restore is refused if the page moved on. */
  baseVersion: number
}

export function RestoreRevisionDialog({ id, revisionId, version, baseVersion }: RestoreRevisionDialogProps) {
  const [open, setOpen] = useState(false)
  const restore = useRestoreRevision(id)
  const queryClient = useQueryClient()

  async function confirm() {
    try {
      await restore.mutateAsync({ revisionId, baseVersion })
    } catch (failure) {
      const conflict = failure instanceof ApiError && failure.code === 'edit_conflict'
      toast({
        variant: 'destructive',
        title: toastTexts.error,
        description: conflict ? t.restoreConflict : failureText(failure),
      })
      setOpen(false)
      if (conflict) await queryClient.invalidateQueries({ queryKey: revisionQueries.all(id) })
      return
    }
    setOpen(false)
    toast({ title: toastTexts.success, description: fill(t.restored, { version }) })
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost">
          {t.restore}
          <span className="sr-only">: {fill(t.versionNumber, { version })}</span>
        </Button>
      }
      title={fill(t.restoreTitle, { version })}
      description={fill(t.restoreWarning, { version })}
      confirmLabel={t.restore}
      pendingLabel={t.restoring}
      isPending={restore.isPending}
      variant="primary"
      onConfirm={() => void confirm()}
    />
  )
}
