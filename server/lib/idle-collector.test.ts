import { describe, expect, it } from 'vitest'
import { exposedGc, IdleCollector } from './idle-collector.ts'

const MB = 1024 * 1024

function collectorWith(heap: { used: number }) {
  const runs: number[] = []
  const collector = new IdleCollector(
    {
      collect: () => {
        runs.push(heap.used)
        heap.used = 10 * MB
      },
      heapUsed: () => heap.used,
      idleMs: 5_000,
      minGrowthBytes: 16 * MB,
    },
    0,
  )
  return { collector, runs }
}

describe('the idle collector', () => {
  it('collects once the server is idle after work, and not again until there was more', () => {
    const heap = { used: 10 * MB }
    const { collector, runs } = collectorWith(heap)
    collector.touch()
    heap.used = 80 * MB
    collector.check(1_000) // a request came since the last look: not idle
    collector.check(5_000) // idle for 4 s
    expect(runs).toEqual([])
    collector.check(6_000) // idle for 5 s
    expect(runs).toEqual([80 * MB])
    collector.check(20_000)
    expect(runs).toHaveLength(1)
    expect(collector.collections).toBe(1)
  })

  it('never collects while requests keep coming', () => {
    const heap = { used: 200 * MB }
    const { collector, runs } = collectorWith(heap)
    for (let t = 0; t < 60_000; t += 1_000) {
      collector.touch()
      collector.check(t)
    }
    expect(runs).toEqual([])
  })

  it('leaves a heap that hardly grew alone', () => {
    const heap = { used: 10 * MB }
    const { collector, runs } = collectorWith(heap)
    heap.used = 20 * MB
    collector.check(10_000)
    expect(runs).toEqual([])
  })

  it('lets waiting work go at the first quiet moment, or when its wait is up', async () => {
    const { collector } = collectorWith({ used: 10 * MB })
    const gone: string[] = []
    void collector.whenIdle(60_000, 0).then((idle) => gone.push(`backup ${idle}`))
    void collector.whenIdle(3_000, 0).then((idle) => gone.push(`impatient ${idle}`))
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    collector.touch()
    collector.check(1_000)
    collector.touch()
    collector.check(2_000)
    await settle()
    expect(gone).toEqual([])
    collector.touch()
    collector.check(3_000) // busy, but the second's wait is up
    await settle()
    expect(gone).toEqual(['impatient false'])
    collector.check(7_000) // idle for 4 s
    await settle()
    expect(gone).toEqual(['impatient false'])
    collector.check(8_000) // idle for 5 s
    await settle()
    expect(gone).toEqual(['impatient false', 'backup true'])
  })

  it("runs V8's own full collection", () => {
    const gc = exposedGc()
    let garbage: unknown[] | null = Array.from({ length: 200_000 }, (_, i) => ({ i }))
    const before = process.memoryUsage().heapUsed
    garbage = null
    gc()
    expect(garbage).toBeNull()
    expect(process.memoryUsage().heapUsed).toBeLessThan(before)
  })
})
