// Radix Dialog styled for the site: a modal with a title, an optional description, focus trapped
// inside while open and returned to the trigger when it closes.
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { clsx } from 'clsx'
import type { ComponentProps, ReactNode } from 'react'
import { commonTexts } from '#client/texts/common.ts'

export const Dialog = DialogPrimitive.Root
export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export const overlayClass = 'fixed inset-0 z-40 bg-stone-900/50'
export const panelClass = clsx(
  'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
  'gap-4 overflow-y-auto rounded-lg border border-stone-200 bg-white p-5 shadow-xl outline-none sm:p-6',
)

interface DialogContentProps extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> {
  title: ReactNode
  /** Read out when the dialog opens; omit only when the title says it all. */
  description?: ReactNode
}

export function DialogContent({ title, description, className, children, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        className={clsx(panelClass, className)}
        // Without a description Radix warns unless aria-describedby is explicitly undefined.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="grid gap-1 pr-8">
          <DialogPrimitive.Title className="font-serif text-xl font-semibold text-stone-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-stone-600">{description}</DialogPrimitive.Description>
          ) : null}
        </div>
        {children}
        <DialogPrimitive.Close
          aria-label={commonTexts.close}
          className="absolute right-3 top-3 rounded p-1 leading-none text-stone-500 hover:text-stone-900"
        >
          <span aria-hidden="true" className="text-xl">
            ×
          </span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

/** The row of buttons at the bottom of a dialog: stacked on a phone, right-aligned otherwise. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={clsx('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}
