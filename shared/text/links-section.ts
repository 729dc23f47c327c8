// A page is edited as one text: the main HTML, a marker line, then the links section. Stored, the
// two halves are kept apart; these two functions convert between the forms without loss. The server
// splits what the editor sends; the editor joins what the server stored.
import { LINKS_MARKER } from '../limits.ts'

export interface PageHalves {
  main: string
  links: string | null
}

const JOINER = `\n${LINKS_MARKER}\n`

/** Splits at the first marker, taking away the one newline on each side of it. */
export function splitLinks(html: string): PageHalves {
  const at = html.indexOf(LINKS_MARKER)
  if (at === -1) return { main: html, links: null }
  return {
    main: withoutTrailingNewline(html.slice(0, at)),
    links: withoutLeadingNewline(html.slice(at + LINKS_MARKER.length)),
  }
}

/** The editor's form of a page: main content, marker, links; only the main content when there are no links. */
export function joinLinks(main: string, links: string | null | undefined): string {
  return links == null ? main : `${main}${JOINER}${links}`
}

function withoutTrailingNewline(text: string): string {
  if (text.endsWith('\r\n')) return text.slice(0, -2)
  return text.endsWith('\n') ? text.slice(0, -1) : text
}

function withoutLeadingNewline(text: string): string {
  if (text.startsWith('\r\n')) return text.slice(2)
  return text.startsWith('\n') ? text.slice(1) : text
}
