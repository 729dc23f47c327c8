// The export pool's threads: a worker kept idle for its program's next build makes way for another
// program's build, so the pool never holds more threads than builds it may run at once (an idle
// worker still holds the heap of its last build). The builds here only hold their worker.
import { afterEach, describe, expect, it } from 'vitest'
import { EPUB_PROGRAM, ExportBuilder, type ExportProgram } from './export-builder.ts'

const builders: ExportBuilder[] = []
afterEach(async () => {
  for (const builder of builders.splice(0)) await builder.close()
})

const held = () => {
  let release!: () => void
  const promise = new Promise<void>((resolve) => (release = resolve))
  return { promise, release }
}

describe('the export pool’s threads', () => {
  it('stops an idle worker of another program rather than start a thread beyond its limit', async () => {
    const builder = new ExportBuilder({ concurrency: 2, queue: 4, waitMs: 30_000 })
    builders.push(builder)
    const other: ExportProgram = { ...EPUB_PROGRAM }
    const first = held()
    const second = held()
    const builds = [builder.run(() => first.promise), builder.run(() => second.promise)]
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(builder.threads).toBe(2)
    first.release()
    second.release()
    await Promise.all(builds)
    // Both kept idle for the next EPUB.
    expect(builder.threads).toBe(2)
    await builder.run(async () => {
      expect(builder.threads).toBe(2)
    }, other)
    // An EPUB now takes the idle EPUB worker left: still two threads.
    await builder.run(async () => {
      expect(builder.threads).toBe(2)
    })
    expect(builder.load).toEqual({ running: 0, waiting: 0 })
  })
})
