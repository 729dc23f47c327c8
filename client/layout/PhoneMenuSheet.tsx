// The phone menu's sheet (a Radix dialog sliding in from the left), loaded when the menu is first
// wanted; PhoneMenu.tsx keeps its button in the header.
import type { RefObject } from 'react'
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { commonTexts } from '#client/texts/common.ts'
import { sidePanelTexts } from '#client/texts/reader.ts'
import { overlayClass } from '#client/components/ui/Dialog.tsx'
import { SidePanel } from './SidePanel.tsx'

export interface PhoneMenuSheetProps {
  contentId: number | null
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The menu button: focus returns there when the sheet closes, as to a Radix trigger. */
  trigger: RefObject<HTMLButtonElement | null>
}

export function PhoneMenuSheet({ contentId, open, onOpenChange, trigger }: PhoneMenuSheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClass} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
          className="sheet fixed inset-y-0 left-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-stone-50 shadow-xl outline-none"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <DialogPrimitive.Title className="font-serif text-lg font-semibold">
              {sidePanelTexts.menu}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label={commonTexts.close}
              className="rounded p-1 text-xl leading-none text-stone-600"
            >
              <span aria-hidden="true">×</span>
            </DialogPrimitive.Close>
          </div>
          <SidePanel contentId={contentId} onNavigate={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
