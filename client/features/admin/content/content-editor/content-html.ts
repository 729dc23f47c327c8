// The text the content editor holds: main HTML, the links marker, the links HTML. Pure helpers to
// join and measure it and to move it in and out of the rich-text view.
import { LINKS_MARKER } from '#shared/limits.ts'
import { LINKS_MARKER_ATTRIBUTE } from './content-schema.ts'

/** What separates the main content from the links section in the edited text. */
const LINKS_SEPARATOR = `\n${LINKS_MARKER}\n`

/** Above this many characters a page opens in the HTML view: a rich-text editor cannot cope. */
export const SOURCE_VIEW_THRESHOLD_CHARS = 1_000_000
/** Above this many characters the rich-text view is not offered at all. */
export const RICH_TEXT_MAX_CHARS = 3_000_000

/** The one text being edited: main content, then the marker and the links section when there is one. */
export function joinForEditing(content: string, linksContent: string | null | undefined): string {
  return linksContent ? `${content}${LINKS_SEPARATOR}${linksContent}` : content
}

const markerElement = `<div ${LINKS_MARKER_ATTRIBUTE}="true"></div>`

/** The edited text as the rich-text view loads it: the marker becomes a block of its own. */
export function toEditorHtml(text: string): string {
  const at = text.indexOf(LINKS_MARKER)
  if (at === -1) return text
  return `${text.slice(0, at)}${markerElement}${text.slice(at + LINKS_MARKER.length)}`
}

/** Inverse of toEditorHtml for what the rich-text view serialises (one top-level block per line). */
export function fromEditorHtml(html: string): string {
  return html.replace(new RegExp(`<div ${LINKS_MARKER_ATTRIBUTE}="true"[^>]*>(?:[^<]*)</div>`), LINKS_MARKER)
}

/** UTF-8 size of a text without copying it (a 9 MB page is measured on every pause in typing). */
export function utf8Bytes(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** Megabytes (MiB, as the 8MB and 10MB limits count them) with two decimals. */
export function formatMegabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(2)
}

const SUPPORTED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'name', 'id', 'data-term', 'target', 'rel', 'class', 'title'],
  i: ['lang'],
  em: ['lang'],
  ol: ['id', 'start', 'type'],
  td: ['id', 'colspan', 'rowspan'],
  th: ['id', 'colspan', 'rowspan'],
  div: [LINKS_MARKER_ATTRIBUTE, 'contenteditable'],
  img: ['src', 'alt', 'width', 'height', 'title', 'loading', 'decoding'],
}
const BLOCKS_WITH_ID = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'li', 'blockquote', 'hr', 'pre', 'table', 'tr']
const PLAIN = ['br', 'strong', 'b', 'u', 's', 'strike', 'del', 'code', 'thead', 'tbody', 'tfoot']
for (const tag of BLOCKS_WITH_ID) SUPPORTED_ATTRIBUTES[tag] = ['id']
for (const tag of PLAIN) SUPPORTED_ATTRIBUTES[tag] = []

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g

/**
 * The markup the rich-text view would drop or change (`img`, `span[style]`, `p[class]` …), each
 * named once. Empty when the rich-text view keeps everything.
 */
export function unsupportedMarkup(html: string): string[] {
  const found = new Set<string>()
  for (const [, rawTag, rawAttributes] of html.matchAll(TAG)) {
    const tag = rawTag!.toLowerCase()
    const allowed = SUPPORTED_ATTRIBUTES[tag]
    if (!allowed) {
      found.add(tag)
      continue
    }
    if (tag === 'div' && !rawAttributes?.includes(LINKS_MARKER_ATTRIBUTE)) found.add('div')
    for (const [, rawName] of (rawAttributes ?? '').matchAll(ATTRIBUTE)) {
      const name = rawName!.toLowerCase()
      if (!allowed.includes(name)) found.add(`${tag}[${name}]`)
    }
  }
  return [...found]
}
