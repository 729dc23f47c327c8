// A page's sections for editing one at a time: a top-level heading and everything after it up to
// the next top-level heading of the same or a higher level, or the end of the main content (the
// links section is never part of one). Positions are offsets in the edited text, so a section is put
// back byte-exactly with everything around it untouched (docs/decisions/038-section-editing.md).
import { LINKS_MARKER } from '../limits.ts'

export interface PageHeading {
  /** 1–6 */
  level: number
  /** The heading's id attribute ('' when it has none yet). */
  id: string
  /** Text with tags left out, common character references decoded and white space collapsed. */
  text: string
  /** Offset of the heading's `<hN`. */
  start: number
  /** Offset just past the heading's `</hN>` (or its start tag when it is not closed). */
  headingEnd: number
}

export interface PageSection {
  heading: PageHeading
  start: number
  /** Offset just past the section's last character that is not white space. */
  end: number
  /** text.slice(start, end) */
  html: string
}

const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr'])
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/y
const ID_ATTRIBUTE = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/i
const HEADING = /^h[1-6]$/

/** Where the main content ends: before the newline that precedes the links marker, or the text's end. */
export function mainContentEnd(text: string): number {
  const marker = text.indexOf(LINKS_MARKER)
  if (marker === -1) return text.length
  if (text.startsWith('\r\n', marker - 2)) return marker - 2
  return text[marker - 1] === '\n' ? marker - 1 : marker
}

/**
 * The headings at the top level of the main content (those the reader shows as blocks), in order.
 * One pass over the tags; comments are skipped and a stray closing tag never takes the depth below 0.
 */
export function pageHeadings(text: string): PageHeading[] {
  const end = mainContentEnd(text)
  const headings: PageHeading[] = []
  let depth = 0
  let open: PageHeading | null = null
  let openTextFrom = 0
  let at = text.indexOf('<')
  while (at !== -1 && at < end) {
    if (text.startsWith('<!--', at)) {
      const close = text.indexOf('-->', at + 4)
      at = close === -1 ? -1 : text.indexOf('<', close + 3)
      continue
    }
    TAG.lastIndex = at
    const tag = TAG.exec(text)
    if (!tag || tag.index + tag[0].length > end) {
      at = text.indexOf('<', at + 1)
      continue
    }
    const [whole, slash, rawName, attributes, selfClosing] = tag
    const name = rawName!.toLowerCase()
    const tagEnd = at + whole.length
    if (slash) {
      if (open && name === `h${open.level}` && depth === 1) {
        open.headingEnd = tagEnd
        open.text = headingText(text.slice(openTextFrom, at))
        open = null
      }
      depth = Math.max(0, depth - 1)
    } else if (!VOID_ELEMENTS.has(name) && !selfClosing) {
      if (depth === 0 && HEADING.test(name)) {
        const idMatch = ID_ATTRIBUTE.exec(attributes ?? '')
        open = {
          level: Number(name[1]),
          id: idMatch ? (idMatch[1] ?? idMatch[2] ?? idMatch[3] ?? '') : '',
          text: '',
          start: at,
          headingEnd: tagEnd,
        }
        openTextFrom = tagEnd
        headings.push(open)
      }
      depth++
    }
    at = text.indexOf('<', tagEnd)
  }
  return headings
}

const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}
const CHARACTER_REFERENCE = /&(?:#([0-9]+)|#[xX]([0-9a-fA-F]+)|([A-Za-z]+));/g

function headingText(source: string): string {
  return source
    .replace(/<[^<>]*>/g, '')
    .replace(CHARACTER_REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
      const code = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : null
      if (code !== null) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
      return NAMED_REFERENCES[name!] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** The section of the heading at `index` in `headings` (as pageHeadings gave them for this text). */
export function sectionAt(text: string, headings: readonly PageHeading[], index: number): PageSection | null {
  const heading = headings[index]
  if (!heading) return null
  const next = headings.slice(index + 1).find((candidate) => candidate.level <= heading.level)
  let end = next ? next.start : mainContentEnd(text)
  while (end > heading.start && /\s/.test(text[end - 1]!)) end--
  return { heading, start: heading.start, end, html: text.slice(heading.start, end) }
}

/** The section that starts at the heading with this id (the first one, should ids repeat). */
export function findSection(text: string, headingId: string, headings = pageHeadings(text)): PageSection | null {
  if (!headingId) return null
  return sectionAt(
    text,
    headings,
    headings.findIndex((heading) => heading.id === headingId),
  )
}

/** The text with the section's place taken by `html`; everything before and after stays as it was. */
export function spliceSection(text: string, section: Pick<PageSection, 'start' | 'end'>, html: string): string {
  return `${text.slice(0, section.start)}${html}${text.slice(section.end)}`
}

export type RebaseOutcome = { ok: true; text: string } | { ok: false; reason: 'heading-missing' | 'section-changed' }

/**
 * Puts an edited section into a newer text of the page (someone saved meanwhile): only where the
 * same heading id starts a section whose source is still exactly the one the editor started from.
 * A heading renamed, moved to another level or removed, or a section someone else edited, is
 * refused rather than spliced into the wrong place.
 */
export function rebaseSection(
  newerText: string,
  based: Pick<PageSection, 'heading' | 'html'>,
  html: string,
): RebaseOutcome {
  const section = findSection(newerText, based.heading.id)
  if (!section) return { ok: false, reason: 'heading-missing' }
  if (section.html !== based.html) return { ok: false, reason: 'section-changed' }
  return { ok: true, text: spliceSection(newerText, section, html) }
}
