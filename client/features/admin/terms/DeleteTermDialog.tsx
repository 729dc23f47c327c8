// Asks before deleting a lexicon term.
import { useState } from 'react'
import type { Term } from '#shared/api/terms.ts'
import { fill } from '#shared/text/fill.ts'
import { texts } from '#shared/texts.ts'
import { useDeleteTerm } from '#client/api/terms.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export function DeleteTermDialog({ term }: { term: Pick<Term, 'id' | 'term'> }) {
  const [open, setOpen] = useState(false)
  const deleteTerm = useDeleteTerm()
  const t = texts.admin.lexicon
  // mutateAsync, not mutate's callbacks: the row (and this dialog) unmounts as soon as the list
  // refreshes, and mutate's own callbacks never run for an unmounted component.
  async function confirm() {
    try {
      await deleteTerm.mutateAsync(term.id)
    } catch {
      toast({ variant: 'destructive', title: texts.toast.error, description: t.deleteFailed })
      return
    }
    setOpen(false)
    toast({ title: texts.toast.success, description: t.deleted })
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" className="text-red-700">
          {t.deleteAction}
          <span className="sr-only">: {term.term}</span>
        </Button>
      }
      title={t.delete}
      description={fill(t.deleteWarning, { term: term.term })}
      confirmLabel={t.deleteAction}
      pendingLabel={t.deleting}
      isPending={deleteTerm.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
