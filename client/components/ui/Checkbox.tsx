// Radix Checkbox: a real role="checkbox" button that a Label (htmlFor) names.
import * as CheckboxPrimitive from '@radix-ui/react-checkbox'
import { clsx } from 'clsx'
import type { ComponentProps } from 'react'

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={clsx(
        'inline-flex size-5 shrink-0 items-center justify-center rounded border border-stone-400 bg-white',
        'data-[state=checked]:border-stone-800 data-[state=checked]:bg-stone-800 data-[state=checked]:text-white',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator aria-hidden="true" className="text-xs leading-none">
        ✓
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  )
}
