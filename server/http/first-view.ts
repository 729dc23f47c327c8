// The page's first view in its HTML: the public frame with, in its main area, the home page's text or
// a reader page's title bar and first chunk, so text paints before any script runs. The templates
// come from the client's build (dist/client/first-view.json, see client/features/first-view/frame.ts);
// the client takes the page over without redrawing the chunk (client/features/first-view/first-view.ts).
// The templates' slots, the reader's data and the keys both sides find: shared/first-view.ts.
import fs from 'node:fs'
import path from 'node:path'
import type { PageLink } from '#shared/api/content.ts'
import {
  EMPTY_ROOT,
  FIRST_VIEW_DATA_ID,
  ROOT_OPEN_TAG,
  SLOT_TOKEN,
  type FirstViewData,
  type FirstViewSlot,
  type FirstViewTemplateName,
  type FirstViewTemplates,
  type ReaderFirstView,
} from '#shared/first-view.ts'

export type FirstViewPage = { kind: 'home' } | { kind: 'reader'; view: ReaderFirstView }

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** JSON that is safe inside a <script> element: no '<' can close it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029')

/** Fills a template's slots; a function replacement, so `$&` and the like in page text stay as they are. */
function fill<Name extends FirstViewTemplateName>(
  templates: FirstViewTemplates,
  name: Name,
  values: Record<FirstViewSlot<Name>, string>,
): string {
  const byName: Record<string, string> = values
  return templates[name].replace(SLOT_TOKEN, (token, slot: string) => byName[slot] ?? token)
}

export function loadFirstViewTemplates(clientDir: string | undefined): FirstViewTemplates | undefined {
  const file = clientDir && path.join(clientDir, 'first-view.json')
  if (!file || !fs.existsSync(file)) return undefined
  return JSON.parse(fs.readFileSync(file, 'utf8')) as FirstViewTemplates
}

/** The pathname's first view, if it has one: the home page and `/content/{id}`. */
export function firstViewTarget(pathname: string): { kind: 'home' } | { kind: 'reader'; id: number } | undefined {
  if (pathname === '/') return { kind: 'home' }
  const match = /^\/content\/([1-9][0-9]{0,9})$/.exec(pathname)
  const id = match ? Number(match[1]) : NaN
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { kind: 'reader', id } : undefined
}

/** The title bar's previous and next links, as TitleBar draws them; nothing at all without either. */
function pager(templates: FirstViewTemplates, previous: PageLink | null, next: PageLink | null) {
  const link = (name: 'previousLink' | 'nextLink', page: PageLink | null) =>
    page ? fill(templates, name, { id: String(page.id), title: escapeHtml(page.title) }) : ''
  if (!previous && !next) return ''
  return fill(templates, 'pager', { links: link('previousLink', previous) + link('nextLink', next) })
}

/** index.html with the frame and the page's first view in its root element (and the reader's data beside it). */
export function withFirstView(indexHtml: string, templates: FirstViewTemplates, page: FirstViewPage): string {
  let main: string
  let data = ''
  if (page.kind === 'home') {
    main = templates.home
  } else {
    const { summary, chunk } = page.view
    main = fill(templates, 'reader', {
      crumb: escapeHtml(`${summary.chapter.bookTitle} › ${summary.chapter.title}`),
      pager: pager(templates, summary.previous, summary.next),
      title: escapeHtml(summary.title),
      id: String(summary.id),
      // sanitised by the pipeline, as the chunk route sends it
      chunk: chunk.chunk,
    })
    const { chunk: _html, ...rest } = chunk
    const firstViewData: FirstViewData = { summary, chunk: rest }
    data = `<script type="application/json" id="${FIRST_VIEW_DATA_ID}">${scriptJson(firstViewData)}</script>`
  }
  const frame = fill(templates, 'frame', {
    homeClass: page.kind === 'home' ? templates.homeLinkActive : templates.homeLink,
    main,
  })
  return indexHtml.replace(EMPTY_ROOT, () => `${ROOT_OPEN_TAG}${frame}</div>${data}`)
}
