// The page shell of each of the app's pages (static.ts sends it): the page's own title and meta
// tags, and on the home page and a published reader page its first view, so text paints before any
// script runs (first-view.ts, decision 022). A reader page's HTML is kept per summary and build
// (decision 039), and its summary while nothing changes (decision 040): a visitor's /content/{id}
// then costs no query, and no JSON parsing, templating or hashing of the first chunk (~250 KB).
// What it is made from is the modules' and comes in as `PageSources` (this layer imports no module).
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import { IdString } from '#shared/api/common.ts'
import type { ReaderFirstView } from '#shared/first-view.ts'
import { firstViewTarget, loadFirstViewTemplates, withFirstView } from './first-view.ts'
import { namedPlugin } from './named-plugin.ts'
import { registerClient, type CompressedShells } from './static.ts'

/** A published page's title bar, as its first view shows it. */
type TitleBar = ReaderFirstView['summary']

/** What the page shells are made from (wired in app.ts). */
export interface PageSources {
  /** `shellHtml` with the title and meta tags of the page at `pathname`; undefined when it has none of its own. */
  withMeta(shellHtml: string, pathname: string, origin: string): Promise<string | undefined>
  /** `shellHtml` with a reader page's title and meta tags, from its title bar (and its build's text). */
  withReaderMeta(shellHtml: string, pathname: string, origin: string, titleBar: TitleBar): Promise<string>
  /** A published page's title bar, kept while nothing changes; undefined for any other page. */
  titleBar(id: number): Promise<TitleBar | undefined>
  /** The page's first view from its title bar (its first chunk, usually from memory); undefined once it is gone. */
  firstView(titleBar: TitleBar): Promise<ReaderFirstView | undefined>
  /** Whether a page exists at all, a draft too. */
  pageExists(id: number): Promise<boolean>
  termExists(id: number): Promise<boolean>
}

/** Reader pages' HTML as made from a summary and build (the app state's `readerPages`). */
export type ReaderPageCache = LRUCache<string, string>

export function readerPageCache(): ReaderPageCache {
  return new LRUCache<string, string>({
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (page) => page.length,
  })
}

export interface ReaderPageOptions {
  /** The client build's index.html (static.ts readIndexHtml); undefined without a client build. */
  indexHtml: string | undefined
  /** Where the client build's first-view templates are (first-view.ts). */
  clientDir: string | undefined
  sources: PageSources
  kept: ReaderPageCache
  /** The shells compressed per encoding (static.ts compressedShells, one per app state). */
  shells: CompressedShells
  isAdministrator: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
}

/**
 * After auth and the route costs, which must see its route; after compression, which leaves alone
 * the shells compressed here (static.ts).
 */
export const readerPage = namedPlugin<ReaderPageOptions>(
  'reader-page',
  ['auth', 'route-costs', 'compression'],
  async (app, { indexHtml, clientDir, sources, kept, shells, isAdministrator }) => {
    const firstViews = loadFirstViewTemplates(clientDir)
    // The client build's shell, named by its hash (made once: the same bytes serve every page).
    const shellId = indexHtml === undefined ? '' : createHash('sha256').update(indexHtml).digest('base64url')
    // The page shell of each of the app's pages (static.ts answers every other path 404 itself).
    const bare = (html: string, { missing }: { missing: boolean }) => ({ html, identity: html, missing })
    await registerClient(
      app,
      indexHtml,
      async (shellHtml, page, pathname, origin, askAdministrator) => {
        // A reader path names a page, term, book or chapter by its id: anything else there is no page.
        const idText = page.area === 'public' ? page.params.id : undefined
        const id = idText === undefined ? undefined : IdString.safeParse(idText)
        if (id && !id.success) return bare(shellHtml, { missing: true })
        // Pages and terms that do not exist, or are unpublished, are 404 for visitors (page states
        // are in memory, decision 021; a term's meta is read anyway); an administrator's draft is a
        // page, and their 404 is for what does not exist at all (the session is resolved only then).
        const pageMissing = async (pageId: number) => !(await askAdministrator()) || !(await sources.pageExists(pageId))
        if (page.route === 'term' && id?.success) {
          const html = await sources.withMeta(shellHtml, `/term/${id.data}`, origin)
          if (html === undefined) {
            return bare(shellHtml, { missing: !(await askAdministrator()) || !(await sources.termExists(id.data)) })
          }
          return { html, identity: html }
        }
        if (page.route === 'content' && id?.success && pathname !== `/content/${id.data}`) {
          // Another spelling of a reader page (a trailing slash, another case): its status, the bare shell.
          return bare(shellHtml, { missing: !(await sources.titleBar(id.data)) && (await pageMissing(id.data)) })
        }
        // The home page's text, or a published page's title bar and first chunk, before any script runs.
        const target = firstViewTarget(pathname)
        if (target?.kind !== 'reader') {
          const html = (await sources.withMeta(shellHtml, pathname, origin)) ?? shellHtml
          const made = firstViews && target ? withFirstView(html, firstViews, target) : html
          return { html: made, identity: made }
        }
        // A draft or a missing page gets the bare shell: the client shows whatever the API says.
        const summary = await sources.titleBar(target.id)
        if (!summary) return bare(shellHtml, { missing: await pageMissing(target.id) })
        const html = await sources.withReaderMeta(shellHtml, pathname, origin, summary)
        if (!firstViews) return { html, identity: html }
        // The shell names the client's build, origin and path the meta tags, the summary the title bar
        // and the page's build, which names the chunk and the description.
        const identity = `${shellId}\n${origin}\n${pathname}\n${JSON.stringify(summary)}`
        const known = kept.get(identity)
        if (known !== undefined) return { html: known, identity }
        const view = await sources.firstView(summary)
        if (!view) return { html, identity: html }
        const made = withFirstView(html, firstViews, { kind: 'reader', view })
        // A build made meanwhile: the page is right, but not the one the summary names.
        if (view.summary.buildId !== summary.buildId) return { html: made, identity: made }
        kept.set(identity, made)
        return { html: made, identity }
      },
      isAdministrator,
      shells,
    )
  },
)
