// The export pool's limits per program: a program may run fewer builds at once than the pool (the
// Word export: one, for its memory), its further builds wait in the queue while other programs'
// builds go on. The builds here only hold their worker; no export is made.
import { describe, expect, it } from 'vitest'
import { EPUB_PROGRAM, ExportBuilder, type ExportProgram } from './export-builder.ts'

const held = () => {
  let release!: (value: string) => void
  const promise = new Promise<string>((resolve) => (release = resolve))
  return { promise, release }
}

describe('export builds by program', () => {
  it('runs at most a program’s own number of its builds at once; the others wait, other programs go on', async () => {
    const builder = new ExportBuilder({ concurrency: 2, queue: 4, waitMs: 30_000 })
    const single: ExportProgram = { ...EPUB_PROGRAM, concurrency: 1 }
    try {
      const first = held()
      const started: string[] = []
      const firstBuild = builder.run(() => {
        started.push('first')
        return first.promise
      }, single)
      const secondBuild = builder.run(async () => {
        started.push('second')
        return 'second'
      }, single)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(started).toEqual(['first'])
      expect(builder.load).toEqual({ running: 1, waiting: 1 })
      // A build of another program takes the pool's free place at once.
      expect(
        await builder.run(async () => {
          started.push('epub')
          return 'epub'
        }),
      ).toBe('epub')
      expect(started).toEqual(['first', 'epub'])
      first.release('first')
      expect(await firstBuild).toBe('first')
      expect(await secondBuild).toBe('second')
      expect(started).toEqual(['first', 'epub', 'second'])
      expect(builder.load).toEqual({ running: 0, waiting: 0 })
    } finally {
      await builder.close()
    }
  })

  it('lets a waiting build of another program past one that must still wait', async () => {
    const builder = new ExportBuilder({ concurrency: 2, queue: 4, waitMs: 30_000 })
    const single: ExportProgram = { ...EPUB_PROGRAM, concurrency: 1 }
    try {
      const a = held()
      const b = held()
      const singleFirst = builder.run(() => a.promise, single)
      const epubFirst = builder.run(() => b.promise)
      // The pool is full: both wait, the single program's first.
      const singleSecond = builder.run(async () => 'single second', single)
      const epubSecond = builder.run(async () => 'epub second')
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(builder.load).toEqual({ running: 2, waiting: 2 })
      // The EPUB's place frees: the single program is still at its limit, so the EPUB goes first.
      b.release('epub first')
      expect(await epubFirst).toBe('epub first')
      expect(await epubSecond).toBe('epub second')
      expect(builder.load).toEqual({ running: 1, waiting: 1 })
      a.release('single first')
      expect(await singleFirst).toBe('single first')
      expect(await singleSecond).toBe('single second')
      expect(builder.load).toEqual({ running: 0, waiting: 0 })
    } finally {
      await builder.close()
    }
  })
})
