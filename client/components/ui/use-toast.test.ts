import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_REMOVE_DELAY_MS } from '#shared/limits.ts'
import { dismissToast, getToastState, toast, toastReducer } from './use-toast.ts'
import type { ToastEntry } from './use-toast.ts'

const entry = (id: string): ToastEntry => ({ id, open: true, title: `toast ${id}` })

describe('toastReducer', () => {
  it('keeps only the newest toast when a second one is added', () => {
    const one = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: entry('1') })
    const two = toastReducer(one, { type: 'ADD_TOAST', toast: entry('2') })
    expect(two.toasts.map((t) => t.id)).toEqual(['2'])
  })

  it('closes a dismissed toast but keeps it until it is removed', () => {
    const shown = { toasts: [entry('1')] }
    const dismissed = toastReducer(shown, { type: 'DISMISS_TOAST', toastId: '1' })
    expect(dismissed.toasts).toEqual([{ ...entry('1'), open: false }])
    expect(toastReducer(dismissed, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([])
  })

  it('dismisses and removes every toast when no id is given', () => {
    const shown = { toasts: [entry('1'), entry('2')] }
    expect(toastReducer(shown, { type: 'DISMISS_TOAST' }).toasts.every((t) => !t.open)).toBe(true)
    expect(toastReducer(shown, { type: 'REMOVE_TOAST' }).toasts).toEqual([])
  })

  it('updates only the named toast', () => {
    const shown = { toasts: [entry('1')] }
    const updated = toastReducer(shown, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'new' } })
    expect(updated.toasts[0]?.title).toBe('new')
    expect(toastReducer(shown, { type: 'UPDATE_TOAST', toast: { id: '9', title: 'x' } })).toEqual(shown)
  })

  it('does not change the state it is given', () => {
    const shown = { toasts: [entry('1')] }
    toastReducer(shown, { type: 'DISMISS_TOAST', toastId: '1' })
    expect(shown.toasts[0]?.open).toBe(true)
  })
})

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    dismissToast()
    vi.runAllTimers()
    vi.useRealTimers()
  })

  it('shows one toast at a time, the latest', () => {
    toast({ title: 'Viga' })
    const id = toast({ title: 'Sisselogimine õnnestus' })
    expect(getToastState().toasts).toEqual([{ id, open: true, title: 'Sisselogimine õnnestus' }])
  })

  it('removes a dismissed toast after 1,000,000 ms, not before', () => {
    const id = toast({ title: 'Error', variant: 'destructive' })
    dismissToast(id)
    expect(getToastState().toasts).toEqual([{ id, open: false, title: 'Error', variant: 'destructive' }])
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1)
    expect(getToastState().toasts).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(getToastState().toasts).toEqual([])
  })
})
