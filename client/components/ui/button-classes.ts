// The button look as class names, for Button.tsx and for the page frame written into index.html
// before any script runs (client/features/first-view/frame.ts), which must look exactly the same.
import { clsx } from 'clsx'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive'

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-stone-800 text-stone-50 hover:bg-stone-700',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  destructive: 'bg-red-700 text-white hover:bg-red-600',
}

export function buttonClasses(variant: ButtonVariant = 'primary', className?: string) {
  return clsx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium',
    'transition-colors disabled:pointer-events-none disabled:opacity-60',
    variantClasses[variant],
    className,
  )
}
