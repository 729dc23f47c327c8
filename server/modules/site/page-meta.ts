// The title, description and canonical link that the HTML for /content/{id} and /term/{id} carries,
// so shared links preview well and search engines can index the page without running its script.
// The search page (/otsing) gets its name and `noindex`: a page of results is not content of its own
// (decision 027).
import { IdString } from '#shared/api/common.ts'
import type { Db } from '../../db/client.ts'
import { cutText as cutPlainText, shortText as shortPlainText } from '../../lib/html-text.ts'
import { LRUCache } from 'lru-cache'
import { findBuildOpening, findPublishedPageSummary, findPublishedTerm } from './site.repo.ts'

const SITE_NAME = 'Õpetuste entsüklopeedia'
const DESCRIPTION_CHARS = 200

export interface PageMeta {
  title: string
  description: string
  canonicalPath: string
  /** Kept out of search engines' indexes (they may still follow its links). */
  noindex?: boolean
}

/** The search page's meta: the same for every query, so its HTML does not repeat what was typed. */
const SEARCH_PAGE_META: PageMeta = {
  title: 'Otsing',
  description: 'Otsing Õpetuste entsüklopeedia raamatutest ja leksikonist.',
  canonicalPath: '/otsing',
  noindex: true,
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** Plain text cut at a word near 200 characters (a description's length). */
export const cutText = (text: string, limit = DESCRIPTION_CHARS) => cutPlainText(text, limit)

/** Plain text of stored (already sanitised) HTML, cut at a word near 200 characters. */
export const shortText = (html: string, limit = DESCRIPTION_CHARS) => shortPlainText(html, limit)

export async function metaFor(db: Db, pathname: string): Promise<PageMeta | undefined> {
  if (/^\/otsing\/?$/.test(pathname)) return SEARCH_PAGE_META
  const match = /^\/(content|term)\/([1-9][0-9]{0,9})$/.exec(pathname)
  const parsed = match && IdString.safeParse(match[2])
  if (!match || !parsed?.success) return undefined
  const id = parsed.data
  if (match[1] === 'content') {
    const page = await findPublishedPageSummary(db, id)
    // Passages are plain text already: a `<` in them is a character, not the start of a tag.
    return page && { title: page.title, description: cutText(page.text), canonicalPath: pathname }
  }
  const term = await findPublishedTerm(db, id)
  return term && { title: term.term, description: shortText(term.description), canonicalPath: pathname }
}

/**
 * The meta of a published page whose title and build are known (the reader's summary): the
 * description is cut from the build's opening text, which never changes for a build, so each
 * build's is read once and kept. One per app: build ids belong to one database.
 */
export function pageMetaByBuild(db: Db) {
  const descriptions = new LRUCache<number, string>({ max: 4096 })
  return async (pathname: string, page: { title: string; buildId: number | null }): Promise<PageMeta> => {
    let description = page.buildId === null ? cutText('') : descriptions.get(page.buildId)
    if (description === undefined) {
      description = cutText(await findBuildOpening(db, page.buildId!))
      descriptions.set(page.buildId!, description)
    }
    return { title: page.title, description, canonicalPath: pathname }
  }
}

/** index.html with the page's own title and meta tags in place of the generic title and description. */
export function withMeta(indexHtml: string, meta: PageMeta, origin: string) {
  const title = `${meta.title} · ${SITE_NAME}`
  const url = `${origin}${meta.canonicalPath}`
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ].join('\n    ')
  // A function, not a string: in a replacement string `$&`, `$'` and `` $` `` would splice in parts of
  // index.html wherever a title contains them.
  // The site's own description (for pages without one of their own) goes with the title.
  return indexHtml.replace(/<title>[^<]*<\/title>(\s*<meta\s+name="description"[^>]*>)?/, () => tags)
}
