// What an admin screen says instead of its content: a load in progress, a failure, a missing thing.
import type { ReactNode } from 'react'

export function LoadingMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-4 text-sm text-stone-600">
      {children}
    </p>
  )
}

export function FailureMessage({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </p>
  )
}
