// The Word worker makes the 9 MB page (the generated one: thousands of footnotes) within its own heap
// limits (WORD_PROGRAM, 256 MB of old space): the document is held as its XML text while it is made
// (docx-parts.ts). The docx object tree it held before needed more than 512 MB for this page.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { generatePage } from '../../../../test-support/generated-page.ts'
import { splitLinks } from '#shared/text/links-section.ts'
import { ExportBuilder } from '../../export/export-builder.ts'
import { WORD_PROGRAM } from './word-export.service.ts'
import type { WordWorkerRequest } from './word-export.worker.ts'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'word-worker-'))
const builder = new ExportBuilder()
afterAll(async () => {
  await builder.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

describe('the Word worker', () => {
  it('makes the 9 MB page within its heap limits, every note a Word footnote', async () => {
    const page = generatePage()
    const { main, links } = splitLinks(page.content)
    const blocks = main.split(/\n(?=<)/)
    const file = path.join(tmp, 'large.docx')
    const bytes = await builder.run<number | undefined, WordWorkerRequest>(async (worker) => {
      await worker.call({ op: 'start', contents: { title: 'Suur', subject: '', origin: 'https://example.org' } })
      for (let at = 0; at < blocks.length; at += 500)
        await worker.call({ op: 'blocks', blocks: blocks.slice(at, at + 500) })
      if (links) await worker.call({ op: 'links', links })
      return worker.call({ op: 'finish', file })
    }, WORD_PROGRAM)
    expect(bytes).toBe(fs.statSync(file).size)
    const parts = unzipSync(fs.readFileSync(file), {
      filter: ({ name }) => name === 'word/footnotes.xml' || name === 'word/document.xml',
    })
    const notes = strFromU8(parts['word/footnotes.xml']!).match(/<w:footnote w:id="[1-9]\d*">/g) ?? []
    expect(notes).toHaveLength(page.footnotes)
    const references = strFromU8(parts['word/document.xml']!).match(/<w:footnoteReference w:id=/g) ?? []
    expect(references).toHaveLength(page.footnotes)
  }, 120_000)
})
