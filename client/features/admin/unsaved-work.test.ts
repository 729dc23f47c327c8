import { afterEach, describe, expect, it } from 'vitest'
import { announceLogout, listenForLogout } from './unsaved-work.ts'

const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** What the listener heard once messages had time to arrive. */
async function heardAfter(send: () => void, userId: number) {
  const heard: number[] = []
  stops.push(listenForLogout(userId, () => heard.push(userId)))
  send()
  await new Promise((resolve) => setTimeout(resolve, 50))
  return heard
}

describe('a logout told to the other tabs', () => {
  it('is heard from another tab, for that user only', async () => {
    const otherTab = new BroadcastChannel('admin-session')
    stops.push(() => otherTab.close())
    expect(await heardAfter(() => otherTab.postMessage({ type: 'logged-out', userId: 7 }), 7)).toEqual([7])
    expect(await heardAfter(() => otherTab.postMessage({ type: 'logged-out', userId: 8 }), 7)).toEqual([])
    expect(await heardAfter(() => otherTab.postMessage({ type: 'logged-out', userId: '7' }), 7)).toEqual([])
    expect(await heardAfter(() => otherTab.postMessage('logged-out'), 7)).toEqual([])
  })

  it('is not heard by the tab that logged out (its own screen follows the logout itself)', async () => {
    expect(await heardAfter(() => announceLogout(7), 7)).toEqual([])
  })

  it('reaches the other tabs', async () => {
    const otherTab = new BroadcastChannel('admin-session')
    stops.push(() => otherTab.close())
    const received: unknown[] = []
    otherTab.onmessage = (event: MessageEvent<unknown>) => received.push(event.data)
    announceLogout(7)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(received).toEqual([{ type: 'logged-out', userId: 7 }])
  })
})
