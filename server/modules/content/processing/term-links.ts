// Term links, the one place they are made: the corpus and the editor mark a lexicon term as
// `<a data-term="NAME">`; the pipeline gives every mark whose term exists the site's term link,
// `<a href="/term/{id}" data-term="NAME">` (href first, so a page saved through the editor or through
// `npm run import` gives the same reader HTML), and counts each build's term links for "where used".
import { decodeHTMLAttribute } from 'entities'
import type { Attribute } from '../../../lib/html-allowlist.ts'

/** Term names by exact name → id; only the names a page marks are looked up (see termMarkNames). */
export type TermIds = ReadonlyMap<string, number>

export interface TermUse {
  termId: number
  /** How many term links to it the page's blocks hold. */
  places: number
  /** The id of the block holding the first of them. */
  anchor: string
}

const TERM_MARK = /\sdata-term\s*=\s*(?:"([^"]*)"|'([^']*)')/gi

/** Every distinct term name marked with data-term in raw page HTML, decoded. */
export function termMarkNames(html: string): string[] {
  const names = new Set<string>()
  for (const match of html.matchAll(TERM_MARK)) {
    const raw = match[1] ?? match[2] ?? ''
    const name = raw.includes('&') ? decodeHTMLAttribute(raw) : raw
    if (name.trim() !== '') names.add(name)
  }
  return [...names]
}

/**
 * An `<a>`'s allowlisted attributes with its term mark resolved: a known term without href gets
 * `/term/{id}`; a mark puts href and data-term first, in that order. Other elements pass unchanged.
 */
export function withTermLink(tag: string, attributes: Attribute[], termIds: TermIds | undefined): Attribute[] {
  if (tag !== 'a') return attributes
  const mark = attributes.find(([name]) => name === 'data-term')
  if (!mark) return attributes
  let href = attributes.find(([name]) => name === 'href')
  const id = termIds?.get(mark[1])
  if (!href && id !== undefined) href = ['href', `/term/${id}`]
  const rest = attributes.filter(([name]) => name !== 'href' && name !== 'data-term')
  return href ? [href, mark, ...rest] : [mark, ...rest]
}

const TERM_HREF = /<a\s[^>]*?\bhref="\/term\/([0-9]{1,10})"/g

/** The term links of a page's rendered blocks: per term, how many and the first block's id. */
export function termUsesOf(blocks: readonly string[], blockIds: readonly string[]): TermUse[] {
  const uses = new Map<number, TermUse>()
  blocks.forEach((html, position) => {
    if (!html.includes('/term/')) return
    for (const match of html.matchAll(TERM_HREF)) {
      const termId = Number(match[1])
      if (!Number.isSafeInteger(termId) || termId <= 0 || termId > 2_147_483_647) continue
      const use = uses.get(termId)
      if (use) use.places++
      else uses.set(termId, { termId, places: 1, anchor: blockIds[position] ?? '' })
    }
  })
  return [...uses.values()]
}
