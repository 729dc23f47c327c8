import { Slot } from '@radix-ui/react-slot'
import { clsx } from 'clsx'
import type { ComponentProps } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive'

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-stone-800 text-stone-50 hover:bg-stone-700',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  destructive: 'bg-red-700 text-white hover:bg-red-600',
}

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  /** Render the single child (e.g. a router Link) with the button's look. */
  asChild?: boolean
}

export function Button({ variant = 'primary', asChild = false, className, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      className={clsx(
        'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium',
        'transition-colors disabled:pointer-events-none disabled:opacity-60',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  )
}
