// The contract between the client's build (first-view.json, from client/features/first-view/frame.ts)
// and the server that fills it (server/http/first-view.ts), tested here as the tools may see both sides.
// Both keep to shared/first-view.ts: the templates hold exactly the slots named there, and the page
// the server makes holds what the client's reader looks for. The first view written into index.html:
// page text escaped where it is text, the first chunk as the pipeline sanitised it, and the reader's
// data safe inside its <script> element.
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  EMPTY_ROOT,
  FIRST_CHUNK_ATTRIBUTE,
  FIRST_VIEW_DATA_ID,
  FIRST_VIEW_SLOTS,
  FRAME_ATTRIBUTE,
  ROOT_OPEN_TAG,
  SLOT_TOKEN,
  type FirstViewTemplateName,
} from '#shared/first-view.ts'
import { firstViewTemplates } from '#client/features/first-view/frame.ts'
import { firstViewTarget, withFirstView } from '#server/http/first-view.ts'

const INDEX =
  '<!doctype html><html><head><title>T</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>'
const templates = firstViewTemplates()

type Link = { id: number; title: string } | null

const view = (title: string, chunk = '<p id="p1">Esimene lõik.</p>', previous: Link = null, next: Link = null) => ({
  summary: {
    id: 7,
    title,
    chapterId: 3,
    buildId: 11,
    chapter: { id: 3, title: 'Peatükk & co', bookId: 2, bookTitle: 'Raamat "1"' },
    previous,
    next,
  },
  chunk: { chunk, totalChunks: 4, hasMore: true, buildId: 11 },
})

describe('withFirstView', () => {
  it('puts the frame, title bar and first chunk in #root, and the data beside it', () => {
    const html = withFirstView(INDEX, templates, { kind: 'reader', view: view('Sutta') })
    expect(html).toContain('<div id="root"><div class="flex h-dvh flex-col" data-first-view="">')
    expect(html).toContain(
      '<h1 class="font-serif text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">Sutta</h1>',
    )
    expect(html).toContain('Raamat &quot;1&quot; › Peatükk &amp; co')
    expect(html).toContain('<div class="reader-chunk reader-prose" data-chunk="0"><p id="p1">Esimene lõik.</p></div>')
    expect(html).toContain('href="/content/7?print=1"')
    const data = /<script type="application\/json" id="first-view-data">(.*?)<\/script>/.exec(html)
    expect(JSON.parse(data![1]!)).toEqual({
      summary: view('Sutta').summary,
      chunk: { totalChunks: 4, hasMore: true, buildId: 11 },
    })
    expect(html).not.toContain('{{')
  })

  it('escapes page text and keeps replacement patterns and script ends harmless', () => {
    const title = '</script><script>alert(1)</script> $& $` {{chunk}}'
    const html = withFirstView(INDEX, templates, { kind: 'reader', view: view(title, "<p>$' $& {{title}}</p>") })
    expect(html).not.toContain('<script>alert(1)')
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $` {{chunk}}')
    expect(html).toContain("<p>$' $& {{title}}</p>")
    // only the two script elements of the page: the data cannot close its own
    expect(html.match(/<\/script>/g)).toHaveLength(2)
  })

  it('puts the previous and next page in the title bar, titles escaped, and no pager without either', () => {
    const title = '"Teine" <b>{{links}}</b> $&'
    const html = withFirstView(INDEX, templates, {
      kind: 'reader',
      view: view('Sutta', undefined, { id: 6, title }, { id: 8, title: 'Kolmas' }),
    })
    expect(html).toContain(
      '<a href="/content/6" rel="prev" aria-label="Eelmine lehekülg: &quot;Teine&quot; &lt;b&gt;{{links}}&lt;/b&gt; $&amp;"',
    )
    expect(html).toContain('<a href="/content/8" rel="next" aria-label="Järgmine lehekülg: Kolmas"')
    expect(html).toContain('<nav aria-label="Eelmine ja järgmine lehekülg"')
    const onlyNext = withFirstView(INDEX, templates, {
      kind: 'reader',
      view: view('x', undefined, null, { id: 8, title: 'K' }),
    })
    expect(onlyNext).not.toContain('rel="prev"')
    expect(onlyNext).toContain('rel="next"')
    const none = withFirstView(INDEX, templates, { kind: 'reader', view: view('x') })
    expect(none).not.toContain('<nav aria-label="Eelmine ja järgmine lehekülg"')
    expect(none).not.toContain('{{')
  })

  it('marks Home as the current page on the home page only', () => {
    const home = withFirstView(INDEX, templates, { kind: 'home' })
    expect(home).toContain(`<a class="${templates.homeLinkActive}" href="/">`)
    expect(home).toContain('Tere tulemast')
    expect(home).not.toContain('first-view-data')
    const page = withFirstView(INDEX, templates, { kind: 'reader', view: view('x') })
    expect(page).toContain(`<a class="${templates.homeLink}" href="/">`)
  })
})

describe('the keys of shared/first-view.ts', () => {
  it('the client build writes every template named there, each with exactly its slots', () => {
    expect(Object.keys(templates).sort()).toEqual(Object.keys(FIRST_VIEW_SLOTS).sort())
    for (const name of Object.keys(FIRST_VIEW_SLOTS) as FirstViewTemplateName[]) {
      const held = [...templates[name].matchAll(SLOT_TOKEN)].map((match) => match[1])
      expect(new Set(held), name).toEqual(new Set(FIRST_VIEW_SLOTS[name]))
    }
  })

  it("index.html has the one empty root the server fills, and the page has what the client's reader finds", () => {
    const index = fs.readFileSync('client/index.html', 'utf8')
    expect(index.split(EMPTY_ROOT)).toHaveLength(2)
    const html = withFirstView(index, templates, { kind: 'reader', view: view('Sutta') })
    expect(html).toMatch(new RegExp(`${ROOT_OPEN_TAG}<div [^>]*\\b${FRAME_ATTRIBUTE}=""`))
    expect(html).toMatch(new RegExp(`<div [^>]*\\b${FIRST_CHUNK_ATTRIBUTE}><p id="p1">`))
    const data = new RegExp(`<script type="application/json" id="${FIRST_VIEW_DATA_ID}">(.*?)</script>`).exec(html)
    expect(Object.keys(JSON.parse(data![1]!) as object)).toEqual(['summary', 'chunk'])
  })
})

describe('firstViewTarget', () => {
  it.each([
    ['/', { kind: 'home' }],
    ['/content/12', { kind: 'reader', id: 12 }],
    ['/content/012', undefined],
    ['/content/12/', undefined],
    ['/content/99999999999', undefined],
    ['/content/x', undefined],
    ['/lexicon', undefined],
  ])('%s', (pathname, expected) => {
    expect(firstViewTarget(pathname)).toEqual(expected)
  })
})
