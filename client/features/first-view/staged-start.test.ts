import { describe, expect, it, vi } from 'vitest'
import { startInStages } from './staged-start.ts'

describe('startInStages', () => {
  it('runs each stage in a task of its own, in order', async () => {
    const seen: string[] = []
    let tick = 0
    const stage = (name: string) => () => {
      seen.push(`${name}@${tick}`)
      return Promise.resolve()
    }
    // a task boundary counter: bumped by a timer queued right after each stage starts
    const counting = setInterval(() => (tick += 1), 0)
    try {
      expect(await startInStages([stage('a'), stage('b'), stage('c')])).toBe(true)
    } finally {
      clearInterval(counting)
    }
    expect(seen.map((entry) => entry.split('@')[0])).toEqual(['a', 'b', 'c'])
    const ticks = seen.map((entry) => Number(entry.split('@')[1]))
    expect(new Set(ticks).size).toBe(3)
  })

  it('stops at a stage that fails, and says so', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const after = vi.fn()
    const ok = await startInStages([() => Promise.reject(new Error('offline')), after])
    expect(ok).toBe(false)
    expect(after).not.toHaveBeenCalled()
    expect(error).toHaveBeenCalledOnce()
    error.mockRestore()
  })
})
