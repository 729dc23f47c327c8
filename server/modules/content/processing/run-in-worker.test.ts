import { afterAll, describe, expect, it } from 'vitest'
import { processPage } from './process-page.ts'
import { ProcessingWorker } from './run-in-worker.ts'
import { toStoredPage } from './stored-page.ts'
import { blockHash, changeSummaryAgainst, compareBlocks } from './revision-diff.ts'

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

  it("works out a save's change summary and compares two versions in the worker (decision 042)", async () => {
    const before = processPage({ content: '<h2>Pealkiri</h2><p>Üks kaks</p><p>Kolm</p>' }).blocks
    const input = { content: '<h2>Pealkiri</h2><p>Üks KAKS</p><p>Kolm</p><p>Neli</p>' }
    const hashes = before.map(blockHash).join('')
    const { page: processed, changeSummary } = await worker.processForSave(input, hashes)
    expect(processed).toEqual(toStoredPage(processPage(input)))
    expect(changeSummary).toEqual(changeSummaryAgainst(hashes, processed.blocks))
    expect(changeSummary).toEqual({ added: 1, removed: 0, changed: 1 })

    const options = { context: 1, maxChangedBlocks: 10 }
    const text = (blocks: string[]) => ({
      content: blocks.join('\n'),
      blockBytes: blocks.map((b) => Buffer.byteLength(b)),
    })
    const expected = compareBlocks(before, processed.blocks, options)
    await expect(worker.compare({ from: text(before), to: text(processed.blocks), options })).resolves.toEqual(expected)
    // A version kept without block lengths is processed again in the worker.
    const unknown = { content: before.join('\n'), blockBytes: null }
    await expect(worker.compare({ from: unknown, to: text(processed.blocks), options })).resolves.toEqual(expected)
    await expect(worker.processForSave(input, 'not md5s')).rejects.toThrow('md5')
  }, 30_000)

  it('sends a save its passages ahead of the page, the same as the page has', async () => {
    const input = { content: '<h2>Pealkiri</h2><p>Üks kaks</p><p>Kolm</p><h2>Teine</h2><p>Neli</p>' }
    let ahead: unknown = null
    const saving = worker.processForSave(input, null, {
      passagesFirst: (passages) => {
        ahead = passages
      },
    })
    const { page, changeSummary } = await saving
    expect(ahead).not.toBeNull()
    expect(ahead).toEqual(page.passages)
    expect(page).toEqual(toStoredPage(processPage(input)))
    expect(changeSummary).toBeNull()
    // A job that fails after its passages were sent ahead still fails.
    const failing = worker.processForSave(input, 'not md5s', { passagesFirst: () => {} })
    await expect(failing).rejects.toThrow('md5')
  }, 30_000)
})
