// A question with two answers that has no trigger of its own (a blocked navigation, a save
// conflict): the shared confirmation, opened by the editor; Escape and Cancel mean the safe answer.
import type { ReactNode } from 'react'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'

interface ChoiceDialogProps {
  open: boolean
  title: ReactNode
  description: ReactNode
  cancelLabel: string
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
}

export function ChoiceDialog({ onCancel, ...props }: ChoiceDialogProps) {
  return <ConfirmDialog {...props} onOpenChange={(next) => (next ? undefined : onCancel())} />
}
