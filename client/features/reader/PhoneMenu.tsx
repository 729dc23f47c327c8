// On phones the side panel becomes a menu that slides in from the left (a Radix dialog as a sheet).
import { useState } from 'react'
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { commonTexts } from '#client/texts/common.ts'
import { sidePanelTexts } from '#client/texts/reader.ts'
import { overlayClass } from '#client/components/ui/Dialog.tsx'
import { SidePanel } from './SidePanel.tsx'
import './reader.css'
import { layoutClasses } from './layout-classes.ts'

export function PhoneMenu({ contentId }: { contentId: number | null }) {
  const [open, setOpen] = useState(false)
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger className={layoutClasses.menuButton}>
        <span aria-hidden="true">☰</span>
        {sidePanelTexts.menu}
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClass} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
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
          <SidePanel contentId={contentId} onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
