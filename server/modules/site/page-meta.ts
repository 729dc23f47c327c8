// The title, description and canonical link that the HTML for /content/{id} and /term/{id} carries,
// so shared links preview well and search engines can index the page without running its script.
import type { Db } from '../../db/client.ts'
import { findPublishedPageSummary, findPublishedTerm } from './site.repo.ts'

export const SITE_NAME = 'Õpetuste entsüklopeedia'
const DESCRIPTION_CHARS = 200

export interface PageMeta {
  title: string
  description: string
  canonicalPath: string
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** Plain text of stored (already sanitised) HTML, cut at a word near `limit` characters. */
export function shortText(text: string, limit = DESCRIPTION_CHARS) {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (plain.length <= limit) return plain
  const cut = plain.slice(0, limit)
  const space = cut.lastIndexOf(' ')
  return `${cut.slice(0, space > limit / 2 ? space : limit)}…`
}

export async function metaFor(db: Db, pathname: string): Promise<PageMeta | undefined> {
  const match = /^\/(content|term)\/([1-9][0-9]{0,9})$/.exec(pathname)
  if (!match) return undefined
  const id = Number(match[2])
  if (id > 2_147_483_647) return undefined
  if (match[1] === 'content') {
    const page = await findPublishedPageSummary(db, id)
    return page && { title: page.title, description: shortText(page.text), canonicalPath: pathname }
  }
  const term = await findPublishedTerm(db, id)
  return term && { title: term.term, description: shortText(term.description), canonicalPath: pathname }
}

/** index.html with the page's own title and meta tags in place of the generic title. */
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
  ].join('\n    ')
  return indexHtml.replace(/<title>[^<]*<\/title>/, tags)
}
