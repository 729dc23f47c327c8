import { clsx } from 'clsx'
import type { ComponentProps } from 'react'

export const controlClass = clsx(
  'w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 sm:text-sm',
  'placeholder:text-stone-400 aria-[invalid=true]:border-red-700 disabled:opacity-60',
)

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={clsx(controlClass, 'min-h-10', className)} {...props} />
}
