import { afterAll, describe, expect, it } from 'vitest'
import { processPage } from './process-page.ts'
import { closeProcessingWorker, processPageInWorker } from './run-in-worker.ts'
import { toStoredPage } from './stored-page.ts'

afterAll(() => closeProcessingWorker())

const page = '<h2>Rock &amp; Roll</h2><p>MN 10 says <a href="#_ftn1" name="_ftnref1" id="_ftnref1">[1]</a></p>'

describe('processPageInWorker', () => {
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
    await closeProcessingWorker()
    await interrupted
    await expect(processPageInWorker({ content: '<h1>Again</h1>' })).resolves.toMatchObject({
      headers: [{ text: 'Again', level: 1, id: 'again' }],
    })
  }, 30_000)
})
