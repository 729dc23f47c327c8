// A question with two answers that has no trigger of its own (a blocked navigation, a save
// conflict): Radix AlertDialog, focus on the safe answer, Escape means the safe answer.
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog'
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/Button.tsx'
import { DialogFooter, overlayClass, panelClass } from '#client/components/ui/Dialog.tsx'

interface ChoiceDialogProps {
  open: boolean
  title: ReactNode
  description: ReactNode
  cancelLabel: string
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
}

export function ChoiceDialog({
  open,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: ChoiceDialogProps) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClass} />
        <AlertDialogPrimitive.Content className={panelClass}>
          <div className="grid gap-2">
            <AlertDialogPrimitive.Title className="font-serif text-xl font-semibold text-stone-900">
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-stone-700">
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          <DialogFooter>
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </AlertDialogPrimitive.Cancel>
            <Button variant="destructive" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogFooter>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  )
}
