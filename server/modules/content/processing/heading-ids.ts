// Headings get ids by the slug rule (shared/text/slugify.ts), so links written into pages (`href="#slug"`) find
// them. An id already there is kept; a repeated slug is numbered -2, -3 … in document order.
import { slugify } from '#shared/text/slugify.ts'

/** An id that a later step decides; `id` is filled in then. */
export interface IdSlot {
  readonly kind: 'heading' | 'block'
  id: string
}

export interface HeadingDraft {
  level: number
  /** The heading's text as written in the HTML source, tags left out. */
  source: string
  /** Decoded text with whitespace collapsed. */
  text: string
  id: string | IdSlot
}

/** The ids of a page: every id and name already in it, and those handed out since. */
export interface PageIds {
  taken: Set<string>
  nextSuffix: Map<string, number>
}

export function pageIds(existing: Iterable<string>): PageIds {
  return { taken: new Set(existing), nextSuffix: new Map() }
}

/** `base` when free, else `base-2`, `base-3` …; the answer is taken from then on. */
export function claimId(ids: PageIds, base: string): string {
  let id = base
  if (ids.taken.has(id)) {
    let suffix = ids.nextSuffix.get(base) ?? 2
    while (ids.taken.has(`${base}-${suffix}`)) suffix++
    ids.nextSuffix.set(base, suffix + 1)
    id = `${base}-${suffix}`
  }
  ids.taken.add(id)
  return id
}

const EMPTY_HEADING_SLUG = 'section'

/** Fills the slot of every heading without an id, in document order. */
export function assignHeadingIds(headings: readonly HeadingDraft[], ids: PageIds): void {
  for (const heading of headings) {
    if (typeof heading.id === 'string') continue
    heading.id.id = claimId(ids, slugify(heading.source) || EMPTY_HEADING_SLUG)
  }
}

export function headingId(heading: HeadingDraft): string {
  return typeof heading.id === 'string' ? heading.id : heading.id.id
}
