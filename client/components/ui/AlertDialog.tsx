// A question before something that cannot be taken back (Radix AlertDialog): focus starts on
// Cancel, Escape cancels, and the dialog stays open while the action runs. With a trigger it opens
// from its button; without one the caller opens it (a blocked navigation, a save conflict).
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog'
import type { ReactNode } from 'react'
import { commonTexts } from '#client/texts/common.ts'
import { Button } from './Button.tsx'
import { DialogFooter, overlayClass, panelClass } from './Dialog.tsx'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opens the dialog; focus returns to it on close. */
  trigger?: ReactNode
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  cancelLabel?: string
  pendingLabel?: string
  isPending?: boolean
  variant?: 'destructive' | 'primary'
  onConfirm: () => void
}

export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = commonTexts.cancel,
  pendingLabel,
  isPending = false,
  variant = 'destructive',
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        // No closing half-way: the outcome arrives as a toast and the dialog closes on success.
        if (!isPending) onOpenChange(next)
      }}
    >
      {trigger ? <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger> : null}
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
              <Button variant="secondary" disabled={isPending}>
                {cancelLabel}
              </Button>
            </AlertDialogPrimitive.Cancel>
            {/* A plain button, not AlertDialog.Action: Action would close before the call ends. */}
            <Button variant={variant} disabled={isPending} aria-busy={isPending} onClick={onConfirm}>
              {isPending ? (pendingLabel ?? confirmLabel) : confirmLabel}
            </Button>
          </DialogFooter>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  )
}
