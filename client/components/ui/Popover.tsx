// Radix Popover styled for the public screens (the reader's contents, the reading settings): modal
// (focus stays inside and returns to the trigger).
import * as PopoverPrimitive from '@radix-ui/react-popover'
import { clsx } from 'clsx'
import type { ComponentProps } from 'react'
import { commonTexts } from '#client/texts/common.ts'

export const Popover = PopoverPrimitive.Root
export const PopoverTrigger = PopoverPrimitive.Trigger
export const PopoverAnchor = PopoverPrimitive.Anchor

export function PopoverContent({ className, children, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={6}
        align="start"
        collisionPadding={8}
        className={clsx(
          'z-50 max-h-[min(70dvh,var(--radix-popover-content-available-height))] w-[min(26rem,calc(100vw-1rem))]',
          'overflow-y-auto rounded-lg border border-stone-200 bg-white p-4 shadow-xl outline-none',
          className,
        )}
        {...props}
      >
        {children}
        <PopoverPrimitive.Close
          aria-label={commonTexts.close}
          className="absolute right-2 top-2 rounded p-1 leading-none text-stone-500 hover:text-stone-900"
        >
          <span aria-hidden="true" className="text-xl">
            ×
          </span>
        </PopoverPrimitive.Close>
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  )
}
