// What logging out must know about the work open on screen (decision 044): each editor says, while
// it is mounted, whether it holds unsaved changes, and is told to let them go once its user has
// logged out, so no draft is written after the user's drafts were cleared and no "leave this page?"
// question holds up the way out. A logout in another tab of the same browser ends this tab's
// session too: it is told over a BroadcastChannel and does the same.
import { useEffect, useRef } from 'react'

interface OpenWork {
  dirty: () => boolean
  letGo: () => void
}

const open = new Set<OpenWork>()

/** Whether any editor on this screen holds changes not saved yet. */
export function anyUnsavedWork(): boolean {
  for (const work of open) if (work.dirty()) return true
  return false
}

/** Every open editor stops keeping drafts and lets navigation through. */
export function letGoOfOpenWork(): void {
  for (const work of open) work.letGo()
}

/**
 * Registers an editor for as long as it is mounted. `letGo` is called when its user logs out;
 * editors that keep no draft need none.
 */
export function useOpenWork(dirty: boolean, letGo?: () => void): void {
  const latest = useRef({ dirty, letGo })
  useEffect(() => {
    latest.current = { dirty, letGo }
  })
  useEffect(() => {
    const work: OpenWork = { dirty: () => latest.current.dirty, letGo: () => latest.current.letGo?.() }
    open.add(work)
    return () => {
      open.delete(work)
    }
  }, [])
}

const CHANNEL = 'admin-session'

interface LoggedOut {
  type: 'logged-out'
  userId: number
}

const isLoggedOut = (data: unknown): data is LoggedOut =>
  typeof data === 'object' &&
  data !== null &&
  (data as Partial<LoggedOut>).type === 'logged-out' &&
  typeof (data as Partial<LoggedOut>).userId === 'number'

/** One channel per tab, for sending and listening alike: a channel never hears its own messages. */
let channel: BroadcastChannel | null = null
function tabChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null
  channel ??= new BroadcastChannel(CHANNEL)
  return channel
}

/** Tells the other tabs of this browser that the user has logged out. */
export function announceLogout(userId: number): void {
  tabChannel()?.postMessage({ type: 'logged-out', userId } satisfies LoggedOut)
}

/** Calls `onLogout` when another tab says this user logged out; returns the function that stops listening. */
export function listenForLogout(userId: number, onLogout: () => void): () => void {
  const listening = tabChannel()
  if (!listening) return () => undefined
  const heard = (event: MessageEvent<unknown>) => {
    if (isLoggedOut(event.data) && event.data.userId === userId) onLogout()
  }
  listening.addEventListener('message', heard)
  return () => listening.removeEventListener('message', heard)
}
