// Radix Toast styled for the site: the provider, viewport and one toast with its parts.
import * as ToastPrimitive from '@radix-ui/react-toast'
import { clsx } from 'clsx'
import type { ComponentProps } from 'react'
import { toastTexts } from '#client/texts/common.ts'
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_DIRECTION, TOAST_SWIPE_THRESHOLD_PX } from '#shared/limits.ts'
import type { ToastVariant } from './use-toast.ts'

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  )
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={[...TOAST_HOTKEY]}
      label={toastTexts.regionLabel}
      className={clsx(
        'fixed bottom-0 right-0 z-50 m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm',
        className,
      )}
      {...props}
    />
  )
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-stone-200 bg-white text-stone-900',
  destructive: 'border-red-800 bg-red-700 text-white',
}

interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant
}

export function Toast({ variant = 'default', className, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      className={clsx(
        'toast relative flex items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  )
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={clsx('text-sm font-semibold', className)} {...props} />
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={clsx('mt-1 text-sm opacity-90', className)} {...props} />
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label={toastTexts.close}
      className={clsx('absolute right-2 top-2 rounded p-1 leading-none opacity-70 hover:opacity-100', className)}
      {...props}
    >
      <span aria-hidden="true">×</span>
    </ToastPrimitive.Close>
  )
}
