// @vitest-environment happy-dom
// The reader takes over a page made from the build's own templates by the keys of
// shared/first-view.ts (the server's side of it: scripts/first-view-contract.test.ts).
import { describe, expect, it } from 'vitest'
import { FIRST_VIEW_DATA_ID, ROOT_OPEN_TAG, SLOT_TOKEN, type FirstViewData } from '#shared/first-view.ts'
import { adoptChunk, captureFirstView, claimFirstView } from './first-view.ts'
import { firstViewTemplates } from './frame.ts'

const templates = firstViewTemplates()
const fill = (template: string, values: Record<string, string>) =>
  template.replace(SLOT_TOKEN, (token, name: string) => values[name] ?? token)

const data: FirstViewData = {
  summary: {
    id: 7,
    chapterId: 3,
    title: 'Sutta',
    buildId: 11,
    chapter: { id: 3, title: 'Peatükk', bookId: 2, bookTitle: 'Raamat' },
    previous: null,
    next: null,
  },
  chunk: { totalChunks: 2, hasMore: true, buildId: 11 },
}

describe('captureFirstView', () => {
  it("finds the frame's first chunk and the data beside it, and hands the chunk's nodes over once", () => {
    const main = fill(templates.reader, {
      crumb: '',
      pager: '',
      title: 'Sutta',
      id: '7',
      chunk: '<p>Esimene lõik.</p>',
    })
    const frame = fill(templates.frame, { homeClass: templates.homeLink, main })
    const script = `<script type="application/json" id="${FIRST_VIEW_DATA_ID}">${JSON.stringify(data)}</script>`
    document.body.innerHTML = `${ROOT_OPEN_TAG}${frame}</div>${script}`
    captureFirstView(document.getElementById('root')!)

    expect(claimFirstView(8)).toBeNull()
    const view = claimFirstView(7)!
    expect({ summary: view.summary, chunk: view.chunk }).toEqual(data)
    const paragraph = view.element.firstChild
    const target = document.createElement('div')
    adoptChunk(target, view)
    expect(target.firstChild).toBe(paragraph)
    expect(claimFirstView(7)).toBeNull()
  })
})
