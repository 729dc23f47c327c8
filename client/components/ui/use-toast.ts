// The toast store: one toast at a time; a dismissed toast closes at once and is
// removed from memory TOAST_REMOVE_DELAY_MS later. The reducer is pure; timers live in dispatch.
import { useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/limits.ts'

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  /** milliseconds; the provider's 5000 ms when absent */
  duration?: number
}

export interface ToastEntry extends ToastInput {
  id: string
  open: boolean
}

export interface ToastState {
  toasts: ToastEntry[]
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToastEntry }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastEntry> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string }

export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) }
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      }
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      }
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      }
  }
}

let state: ToastState = { toasts: [] }
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()
let nextId = 0

function scheduleRemoval(toastId: string) {
  if (removalTimers.has(toastId)) return
  const timer = setTimeout(() => {
    removalTimers.delete(toastId)
    dispatch({ type: 'REMOVE_TOAST', toastId })
  }, TOAST_REMOVE_DELAY_MS)
  removalTimers.set(toastId, timer)
}

function dispatch(action: ToastAction) {
  if (action.type === 'DISMISS_TOAST') {
    const ids = action.toastId === undefined ? state.toasts.map((t) => t.id) : [action.toastId]
    ids.forEach(scheduleRemoval)
  }
  state = toastReducer(state, action)
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToastState(): ToastState {
  return state
}

export function dismissToast(toastId?: string) {
  dispatch({ type: 'DISMISS_TOAST', toastId })
}

/** Shows a toast and returns its id; it replaces any toast already showing. */
export function toast(input: ToastInput): string {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER
  const id = String(nextId)
  dispatch({ type: 'ADD_TOAST', toast: { ...input, id, open: true } })
  return id
}

export function useToasts(): ToastState {
  return useSyncExternalStore(subscribe, getToastState, getToastState)
}
