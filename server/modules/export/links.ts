// Where a link of an exported page points in the EPUB: an id of a page in the book → the file that
// holds it (the id → file map), a page of the book without an id → its first file, any other address
// of the site → the site (absolute), web and mail addresses as they are; anything else loses its href.
import type { Target } from './xhtml.ts'

export interface LinkPlace {
  /** The page the link is in. */
  pageId: number
  /** The site's origin (`https://host`), for links to its pages that are not in the book. */
  origin: string
  /** An id of a page in the book, where it is known (pages written so far). */
  target(pageId: number, id: string): Target | undefined
  /** The first file of a page in the book; undefined for a page that is not in it. */
  firstFile(pageId: number): string | undefined
}

const PAGE_ADDRESS = /^\/content\/(\d{1,10})\/?(?:\?[^#]*)?(?:#(.*))?$/

function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

function toTarget(place: LinkPlace, pageId: number, fragment: string) {
  const target = place.target(pageId, fragment) ?? place.target(pageId, decoded(fragment))
  return target && { href: `${target.file}#${target.id}`, note: target.note }
}

export function resolveHref(raw: string, place: LinkPlace): { href: string; note: boolean } | null {
  const href = raw.trim()
  if (href.startsWith('#')) return toTarget(place, place.pageId, href.slice(1)) ?? null
  const page = PAGE_ADDRESS.exec(href)
  if (page) {
    const pageId = Number(page[1])
    const fragment = page[2]
    const first = place.firstFile(pageId)
    if (first !== undefined) {
      if (fragment) {
        const target = toTarget(place, pageId, fragment)
        if (target) return target
      }
      return { href: first, note: false }
    }
  }
  if (href.startsWith('/') && !href.startsWith('//')) return absolute(place.origin + href)
  if (/^(?:https?:|mailto:)/i.test(href)) return absolute(href)
  return null
}

function absolute(href: string) {
  try {
    return { href: new URL(href).href, note: false }
  } catch {
    return null
  }
}
