import { afterAll, describe, expect, it } from 'vitest'
import { processPage } from './process-page.ts'
import { ProcessingWorker } from './run-in-worker.ts'
import { toStoredPage } from './stored-page.ts'

const worker = new ProcessingWorker()
const processPageInWorker = (input: Parameters<ProcessingWorker['process']>[0]) => worker.process(input)
afterAll(() => worker.close())

const page = '<h2>Rock &amp; Roll</h2><p>MN 10 says <a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a></p>'

describe('ProcessingWorker', () => {
  it('answers what processPage answers, in the form the database stores', async () => {
    await expect(processPageInWorker({ content: page, linksContent: '<p>x</p>' })).resolves.toEqual(
      toStoredPage(processPage({ content: page, linksContent: '<p>x</p>' })),
    )
  }, 30_000)

  it('rejects a failing job and still runs the next one', async () => {
    const failing = processPageInWorker({ content: 42 as unknown as string })
    const next = processPageInWorker({ content: '<p>after</p>' })
    await expect(failing).rejects.toThrow('content as a string')
    await expect(next).resolves.toMatchObject({ headers: [], blocks: [expect.stringContaining('after')] })
  }, 30_000)

  it('rejects an input that cannot be sent to the worker and goes on', async () => {
    const unsendable = processPageInWorker({ content: (() => 'x') as unknown as string })
    await expect(unsendable).rejects.toThrow()
    await expect(processPageInWorker({ content: '<p>next</p>' })).resolves.toMatchObject({
      blocks: [expect.any(String)],
    })
  }, 30_000)

  it('runs queued jobs in order and all of them', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((n) => processPageInWorker({ content: `<h1>Part ${n}</h1>` })))
    expect(pages.map((processed) => processed.headers[0]?.id)).toEqual(['part-1', 'part-2', 'part-3', 'part-4'])
  }, 30_000)

  it('starts a new worker after the old one was stopped', async () => {
    const interrupted = expect(processPageInWorker({ content: '<p>interrupted</p>' })).rejects.toThrow('closed')
    await worker.close()
    await interrupted
    await expect(processPageInWorker({ content: '<h1>Again</h1>' })).resolves.toMatchObject({
      headers: [{ text: 'Again', level: 1, id: 'again' }],
    })
  }, 30_000)

  it('stops an idle worker, which gives its heap back, and starts a new one for the next job', async () => {
    const quick = new ProcessingWorker(100)
    try {
      await quick.process({ content: '<p>one</p>' })
      expect(quick.started).toBe(true)
      // a job that comes in time keeps the same worker going
      await new Promise((r) => setTimeout(r, 50))
      await quick.process({ content: '<p>two</p>' })
      await new Promise((r) => setTimeout(r, 60))
      expect(quick.started).toBe(true)
      await new Promise((r) => setTimeout(r, 300))
      expect(quick.started).toBe(false)
      await expect(quick.process({ content: '<h1>Three</h1>' })).resolves.toMatchObject({
        headers: [{ text: 'Three', level: 1, id: 'three' }],
      })
    } finally {
      await quick.close()
    }
  }, 30_000)

  it('keeps two instances apart: closing one leaves the other working', async () => {
    const other = new ProcessingWorker()
    try {
      await other.process({ content: '<p>warm</p>' })
      await worker.process({ content: '<p>warm</p>' })
      await other.close()
      expect(other.started).toBe(false)
      expect(worker.started).toBe(true)
      await expect(worker.process({ content: '<h1>Still</h1>' })).resolves.toMatchObject({
        headers: [{ text: 'Still', level: 1, id: 'still' }],
      })
    } finally {
      await other.close()
    }
  }, 30_000)
})
