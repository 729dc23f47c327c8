import { clsx } from 'clsx'
import type { ComponentProps } from 'react'
import { controlClass } from './Input.tsx'

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={clsx(controlClass, 'resize-y', className)} {...props} />
}
